//! The engine's conformance kit on The Boss, 2 to 4 players: invariants along random games,
//! round trips, mangled positions, hidden information, sampling and determinism.

mod common;

use boardroom_engine::testing::Conformance;
use boardroom_engine::Game;
use boardroom_theboss::{Config, TheBoss};

fn kit() -> Conformance<TheBoss> {
    Conformance::new((2..=4).map(Config::new))
        .invariants(|g: &TheBoss, _| common::invariants(g))
        .secrets(|g: &TheBoss, viewer, rng| Some(g.sample_hidden(viewer, rng)))
}

#[test]
fn random_games_keep_every_invariant() {
    kit().seeds(0..2).random_games();
}

#[test]
fn positions_round_trip() {
    kit().seeds(0..1).every(60).position_round_trip();
}

#[test]
#[ignore = "slow on a shared machine: run with --ignored"]
fn mangled_positions_are_refused_or_playable() {
    kit()
        .seeds(0..1)
        .every(400)
        .mutants(4, 1)
        .mangled_positions();
}

#[test]
fn observations_ignore_what_the_viewer_may_not_know() {
    kit().seeds(0..1).every(60).hidden_information();
}

#[test]
#[ignore = "slow on a shared machine: run with --ignored"]
fn samples_keep_the_observation() {
    kit().seeds(0..1).every(60).sample_hidden();
}

#[test]
fn games_are_deterministic() {
    kit().seeds(0..1).determinism();
}
