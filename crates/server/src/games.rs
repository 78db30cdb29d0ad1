//! The games a server hosts and what the server needs of each beyond [`Game`].
//!
//! A table is generic over a [`ServerGame`]; the lobby picks the game by its stored name
//! ([`Game::NAME`]: `big-boss` or `big-shot`).

use boardroom_bigboss::{Action as BossAction, BigBoss};
use boardroom_bigshot::BigShot;
use boardroom_bots::Evaluate;
use boardroom_engine::{Game, Present, Seat, Viewer};
use serde_json::{json, Value};

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

/// Big Shot seat names: each seat is named after its first cube colour.
const BIG_SHOT_SEATS: [&str; 4] = ["Red", "Orange", "Ivory", "Purple"];

impl ServerGame for BigShot {
    fn seat_name(seat: Seat) -> String {
        BIG_SHOT_SEATS
            .get(seat)
            .map_or_else(|| format!("Seat {}", seat + 1), |c| c.to_string())
    }

    fn describe(event: &Self::Event) -> String {
        event.describe(Self::seat_name)
    }

    fn variant(&self) -> String {
        if self.hidden_money() {
            "hidden-money".into()
        } else {
            "standard".into()
        }
    }

    fn turn(&self) -> u32 {
        self.round() as u32
    }

    fn cost(&self, _seat: Seat, _action: Self::Action) -> Option<u32> {
        None
    }

    /// The board (to draw the city), the lowest bid allowed now, and for a seat: the colours
    /// it plays, the most it can bid and what its next loan brings.
    fn extra(&self, viewer: Viewer) -> Option<Value> {
        let board = self.board();
        let lots: Vec<Value> = (0..board.num_lots())
            .map(|l| {
                let lot = board.lot(l);
                json!({
                    "id": lot.id.as_str(),
                    "district": board.districts()[lot.district as usize],
                    "value": lot.value,
                    "park": lot.park,
                })
            })
            .collect();
        let colours: Vec<Vec<&str>> = (0..self.players())
            .map(|s| self.colours_of(s).iter().map(|c| c.name()).collect())
            .collect();
        let mut extra = json!({
            "board": {
                "name": board.spec().name,
                "districts": board.districts(),
                "spaces": board.num_spaces(),
                "lots": lots,
            },
            "seat_colours": colours,
            "min_bid": self.min_bid(),
        });
        if let Some(seat) = viewer.seat().filter(|&s| s < self.players()) {
            extra["cash"] = json!(self.cash(seat));
            extra["next_loan"] = json!(self.next_loan_amount(seat));
        }
        Some(extra)
    }
}
