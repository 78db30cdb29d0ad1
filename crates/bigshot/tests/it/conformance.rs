//! The engine's conformance kit on Big Shot, 2 to 4 players, standard and hidden money, default
//! and custom board: invariants and the money ledger along random games, exactly the listed
//! actions accepted, round trips, mangled positions, hidden information, no seed or dice key
//! leaks, determinism and an allocation-free hot path.

use crate::common;

use boardroom_engine::testing::alloc::CountingAlloc;
use common::{configs, kit};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[test]
fn random_games_keep_every_invariant() {
    kit(configs()).seeds(0..250).random_games();
}

#[test]
fn exactly_the_listed_actions_are_accepted() {
    kit(configs()).seeds(0..20).every(3).listed_iff_accepted();
}

#[test]
fn to_act_is_exactly_the_seats_with_a_legal_action() {
    kit(configs()).seeds(0..10).every(5).to_act_exact();
}

#[test]
fn positions_round_trip() {
    kit(configs()).seeds(0..20).every(10).position_round_trip();
}

#[test]
fn mangled_positions_are_refused_or_playable() {
    kit(configs()).seeds(0..2).every(25).mangled_positions();
}

#[test]
fn fuzzed_notation_never_panics_and_reads_only_consistent_actions() {
    kit(configs()).every(5).fuzz_notation();
}

#[test]
fn fuzzed_json_never_panics_and_reads_only_consistent_actions() {
    kit(configs()).every(5).fuzz_json();
}

#[test]
fn observations_ignore_what_the_viewer_may_not_know() {
    kit(configs()).seeds(0..20).every(5).hidden_information();
}

#[test]
fn samples_keep_the_observation() {
    kit(configs()).seeds(0..20).every(5).sample_hidden();
}

#[test]
fn neither_the_seed_nor_the_dice_reach_a_viewer() {
    kit(configs()).seeds(0..8).no_leaks();
}

#[test]
fn what_reveals_something_cannot_be_taken_back() {
    kit(configs()).seeds(0..2).reveals();
}

#[test]
fn games_are_deterministic() {
    kit(configs()).seeds(0..8).determinism();
}

#[test]
fn take_backs_replay_to_the_same_state() {
    kit(configs()).seeds(0..4).take_backs();
}

#[test]
fn the_hot_path_does_not_allocate() {
    kit(configs()).seeds(0..10).allocation_free();
}
