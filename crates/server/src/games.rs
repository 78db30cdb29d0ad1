//! The games a server hosts and what the server needs of each beyond [`Game`].
//!
//! A table is generic over a [`ServerGame`]; the lobby picks the game by its stored name
//! ([`Game::NAME`]: `big-boss` or `big-shot`).

use boardroom_bigboss::{Action as BossAction, BigBoss};
use boardroom_bigshot::BigShot;
use boardroom_bots::Evaluate;
use boardroom_engine::{Game, Present, Seat, Viewer};
use serde_json::Value;

/// The names of the games this server hosts.
pub const GAMES: [&str; 2] = [BigBoss::NAME, BigShot::NAME];

/// A game a server can host: the per-game hooks of the views and the lobby.
pub trait ServerGame: Evaluate {
    /// The name of a seat (its colour).
    fn seat_name(seat: Seat) -> String;

    /// An event as a sentence.
    fn describe(event: &Self::Event) -> String;

    /// The rule set or variant, as the lobby lists it.
    fn variant(&self) -> String;

    /// What the rule set calls a tower (Big Boss only; empty otherwise).
    fn tower_name(&self) -> String {
        String::new()
    }

    /// The turn or round number.
    fn turn(&self) -> u32;

    /// What legal action `action` of `seat` costs, in millions, if it costs money.
    fn cost(&self, seat: Seat, action: Self::Action) -> Option<u32>;

    /// Extra information for the client that the observation does not spell out, as `viewer`
    /// may know it (`None`: nothing to add).
    fn extra(&self, _viewer: Viewer) -> Option<Value> {
        None
    }
}

impl ServerGame for BigBoss {
    fn seat_name(seat: Seat) -> String {
        <BigBoss as Present>::seat_name(seat)
    }

    fn describe(event: &Self::Event) -> String {
        <BigBoss as Present>::describe(event)
    }

    fn variant(&self) -> String {
        <BigBoss as Present>::variant(self)
    }

    fn tower_name(&self) -> String {
        <BigBoss as Present>::tower_name(self)
    }

    fn turn(&self) -> u32 {
        <BigBoss as Present>::turn(self)
    }

    fn cost(&self, seat: Seat, action: BossAction) -> Option<u32> {
        <BigBoss as Present>::action_view(self, seat, &action)
            .cost
            .and_then(|c| u32::try_from(c).ok())
    }

    fn extra(&self, viewer: Viewer) -> Option<Value> {
        <BigBoss as Present>::extra(self, viewer)
    }
}

impl ServerGame for BigShot {
    fn seat_name(seat: Seat) -> String {
        <BigShot as Present>::seat_name(seat)
    }

    fn describe(event: &Self::Event) -> String {
        <BigShot as Present>::describe(event)
    }

    fn variant(&self) -> String {
        <BigShot as Present>::variant(self)
    }

    fn turn(&self) -> u32 {
        <BigShot as Present>::turn(self)
    }

    fn cost(&self, seat: Seat, action: Self::Action) -> Option<u32> {
        <BigShot as Present>::action_view(self, seat, &action)
            .cost
            .and_then(|c| u32::try_from(c).ok())
    }

    fn extra(&self, viewer: Viewer) -> Option<Value> {
        <BigShot as Present>::extra(self, viewer)
    }
}
