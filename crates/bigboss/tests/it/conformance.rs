//! The engine's conformance kit on Big Boss, both editions, 2 to 6 players: invariants along
//! random games, exactly the listed actions accepted, round trips, mangled positions, hidden
//! information, no seed leaks, determinism and an allocation-free hot path.

use crate::common;

use boardroom_engine::testing::alloc::CountingAlloc;
use common::{configs, kit};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[test]
fn random_games_keep_every_invariant() {
    kit(configs()).seeds(0..220).random_games();
}

#[test]
fn exactly_the_listed_actions_are_accepted() {
    kit(configs()).seeds(0..20).every(13).listed_iff_accepted();
}

#[test]
fn to_act_is_exactly_the_seats_with_a_legal_action() {
    kit(configs()).seeds(0..10).every(13).to_act_exact();
}

#[test]
fn positions_round_trip() {
    kit(configs()).seeds(0..20).every(20).position_round_trip();
}

#[test]
fn mangled_positions_are_refused_or_playable() {
    // The systematic sweep (every field of every sampled state, each breaking value) on the
    // first seed of each of the ten configs; the random mutants spread over both seeds.
    kit(configs())
        .seeds(0..2)
        .every(150)
        .mutants(12, 1)
        .mangled_positions();
}

#[test]
fn fuzzed_notation_never_panics_and_reads_only_consistent_actions() {
    kit(configs()).every(13).fuzz_notation();
}

#[test]
fn fuzzed_json_never_panics_and_reads_only_consistent_actions() {
    kit(configs()).every(13).fuzz_json();
}

#[test]
fn observations_ignore_what_the_viewer_may_not_know() {
    kit(configs()).seeds(0..40).every(17).hidden_information();
}

#[test]
fn samples_keep_the_observation() {
    kit(configs()).seeds(0..20).every(25).sample_hidden();
}

#[test]
fn the_seed_never_reaches_a_viewer() {
    kit(configs()).seeds(0..6).no_leaks();
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
    kit(configs()).seeds(0..20).allocation_free();
}
