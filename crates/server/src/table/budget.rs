//! How fast a person may make moves that do not move the game on.
//!
//! An action moves the game on when play afterwards waits for other seats, or is in another
//! turn, or is over (`Game::must_act`, `Present::turn`). Every other action (an offer, a
//! counter-offer, a withdrawal, showing a card: the game would take them again and again)
//! still costs every viewer an update, so each seat has a budget of them; those of a seat the
//! game does not wait for (dealing on the side while another player has the turn) also draw
//! on one budget per client address, shared by every table. Bots and the clock are not
//! counted: they play through the table itself, at its pace.

use crate::rate::{Bucket, Buckets, Rate};
use boardroom_engine::{Game, Present, Seat};
use std::net::IpAddr;

/// Moves that do not move the game on that one seat may make per second on average, and in a
/// burst.
pub const SEAT_RATE: Rate = Rate {
    per_second: 2.0,
    burst: 40.0,
};

/// Moves that do not move the game on, by seats the game does not wait for, that one client
/// address may make per second on average, and in a burst, at all tables together.
pub const ADDRESS_RATE: Rate = Rate {
    per_second: 10.0,
    burst: 100.0,
};

/// Where play stands: the turn and the seats it waits for.
fn standing<G: Game + Present>(game: &G) -> (u32, u16) {
    (<G as Present>::turn(game), game.must_act().bits())
}

/// Whether the action that turned `before` into `after` moved the game on.
pub(super) fn moves_on<G: Game + Present>(before: &G, after: &G) -> bool {
    after.is_over() || standing(before) != standing(after)
}

/// Every seat's budget at one table.
pub(super) struct Budget {
    rate: Rate,
    seats: Vec<Bucket>,
}

impl Budget {
    /// Nothing spent; each seat may make such moves at `rate`.
    pub(super) fn new(seats: usize, rate: Rate) -> Self {
        Budget {
            rate,
            seats: (0..seats)
                .map(|_| Bucket::new(rate.per_second, rate.burst))
                .collect(),
        }
    }

    /// Spends one move of `seat`'s, made from `ip` in `game` (as it stands before the move)
    /// and not moving it on; otherwise the refusal, in words.
    pub(super) fn spend<G: Game>(
        &mut self,
        game: &G,
        seat: Seat,
        ip: IpAddr,
        addresses: &Buckets,
    ) -> Result<(), String> {
        let Some(bucket) = self.seats.get_mut(seat) else {
            return Ok(());
        };
        if !bucket.take() {
            return Err(format!(
                "Too many moves while play waits on the same players (offers, counter-offers, \
                 withdrawals and the like): each seat may make {} of them at once, then {} a \
                 second. Try again in a moment.",
                self.rate.burst, self.rate.per_second
            ));
        }
        if !game.must_act().contains(seat) && !addresses.take(ip) {
            return Err(format!(
                "Too many moves from your address while others have the turn (offers, \
                 counter-offers, withdrawals and the like): at most {} a second at all your \
                 tables. Try again in a moment.",
                addresses.rate().per_second
            ));
        }
        Ok(())
    }
}
