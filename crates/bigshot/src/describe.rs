//! Events as sentences for logs, naming players by seat and cubes by colour.

use crate::colour::cubes_words;
use crate::event::Event;
use boardroom_engine::{Holding, Seat};

impl Event {
    /// The event as a sentence; `name` names a seat (e.g. `Seat 2` or `Alice`).
    pub fn describe(&self, name: impl Fn(Seat) -> String) -> String {
        match self {
            Event::RoundStarted { round, roller } => {
                format!("Round {round}: {} rolls.", name(*roller))
            }
            Event::Rolled {
                seat,
                die,
                from,
                to,
                cubes,
            } => format!(
                "{} rolls {die}: the broker moves from space {} to space {} ({} up for auction).",
                name(*seat),
                from + 1,
                to + 1,
                cubes_words(cubes)
            ),
            Event::Loan {
                seat,
                colour,
                received,
                ious,
            } => format!(
                "{} borrows for {colour}: receives {received}M and an IOU ({colour} holds {ious}).",
                name(*seat)
            ),
            Event::Declined { seat } => format!("{} takes no loan.", name(*seat)),
            Event::BiddingOpened { seat } => format!("Bidding opens with {}.", name(*seat)),
            Event::Bid { seat, amount } => format!("{} bids {amount}M.", name(*seat)),
            Event::Passed { seat } => format!("{} passes.", name(*seat)),
            Event::Won { seat, amount } => {
                format!("{} wins the auction for {amount}M.", name(*seat))
            }
            Event::TakenFree { seat } => {
                format!("Nobody bids: {} takes the cubes free.", name(*seat))
            }
            Event::Paid {
                seat,
                colour,
                amount,
            } => format!("{} pays {amount}M from {colour}'s coins.", name(*seat)),
            Event::Placed { seat, colour, lot } => {
                let article = if matches!(
                    colour.name().as_bytes()[0],
                    b'a' | b'e' | b'i' | b'o' | b'u'
                ) {
                    "an"
                } else {
                    "a"
                };
                format!(
                    "{} places {article} {colour} cube on lot {lot}.",
                    name(*seat)
                )
            }
            Event::Resolved {
                lot,
                cubes,
                owner,
                owner_seat,
                at_end,
            } => {
                let when = if *at_end { "At the end, lot" } else { "Lot" };
                let cubes = cubes_words(cubes);
                // Where a player plays several colours (2 players), the player too.
                let player = match owner_seat.map(&name) {
                    Some(n) if owner.is_some_and(|o| !n.eq_ignore_ascii_case(o.name())) => {
                        format!(", {n}'s colour")
                    }
                    _ => String::new(),
                };
                match owner {
                    Some(o) => format!("{when} {lot} is sold to {o}{player} ({cubes})."),
                    None => format!("{when} {lot} goes to nobody ({cubes})."),
                }
            }
            Event::GameOver => "The game is over.".to_string(),
        }
    }
}

/// What each seat holds as `viewer` may know it, in words (see `Present::holdings`): the coins
/// (when the viewer may see them) and the IOUs of each colour the seat plays, and its loans.
pub fn holdings(g: &crate::BigShot, viewer: boardroom_engine::Viewer) -> Vec<Vec<Holding>> {
    let obs = g.observation(viewer);
    (0..obs.players)
        .map(|seat| {
            let mut out = Vec::new();
            for c in obs.colours.iter().filter(|c| c.seat == Some(seat)) {
                if let Some(coins) = c.coins {
                    out.push(Holding::new(
                        format!("{} coins", cap(c.colour.name())),
                        format!("{coins}M"),
                    ));
                }
                out.push(Holding::new(
                    format!("{} IOUs", cap(c.colour.name())),
                    c.ious,
                ));
            }
            if let Some(&n) = obs.loans.get(seat) {
                out.push(Holding::new("Loans", n));
            }
            out
        })
        .collect()
}

/// `s` with its first letter in capitals.
fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
