//! Events as sentences for logs, naming players by seat and cubes by colour.

use crate::event::Event;
use crate::words;
use boardroom_engine::{Holding, Seat};
use boardroom_i18n::Message;

impl Event {
    /// The event as a sentence, for [`crate::words::text`] to write in a reader's language.
    pub fn message(&self) -> Message {
        let m = Message::new;
        let seat = |s: &Seat| words::seat(*s);
        match self {
            Event::RoundStarted { round, roller } => m("big-shot-ev-round")
                .arg("round", *round)
                .arg("seat", seat(roller)),
            Event::Rolled {
                seat: s,
                die,
                from,
                to,
                cubes,
            } => m("big-shot-ev-rolled")
                .arg("seat", seat(s))
                .arg("die", *die)
                .arg("from", u32::from(*from) + 1)
                .arg("to", u32::from(*to) + 1)
                .arg("cubes", words::cubes(cubes)),
            Event::Loan {
                seat: s,
                colour,
                received,
                ious,
            } => m("big-shot-ev-loan")
                .arg("seat", seat(s))
                .arg("colour", words::colour(*colour))
                .arg("received", *received)
                .arg("ious", *ious),
            Event::Declined { seat: s } => m("big-shot-ev-declined").arg("seat", seat(s)),
            Event::BiddingOpened { seat: s } => m("big-shot-ev-bidding").arg("seat", seat(s)),
            Event::Bid { seat: s, amount } => m("big-shot-ev-bid")
                .arg("seat", seat(s))
                .arg("amount", *amount),
            Event::Passed { seat: s } => m("big-shot-ev-passed").arg("seat", seat(s)),
            Event::Won { seat: s, amount } => m("big-shot-ev-won")
                .arg("seat", seat(s))
                .arg("amount", *amount),
            Event::TakenFree { seat: s } => m("big-shot-ev-free").arg("seat", seat(s)),
            Event::Paid {
                seat: s,
                colour,
                amount,
            } => m("big-shot-ev-paid")
                .arg("seat", seat(s))
                .arg("amount", *amount)
                .arg("colour", words::colour(*colour)),
            Event::Placed {
                seat: s,
                colour,
                lot,
            } => m("big-shot-ev-placed")
                .arg("seat", seat(s))
                .arg("colour", words::colour(*colour))
                .arg("lot", lot.to_string()),
            Event::Resolved {
                lot,
                cubes,
                owner,
                owner_seat,
                at_end,
            } => {
                let sold = |id| {
                    m(id)
                        .arg("end", words::yes(*at_end))
                        .arg("lot", lot.to_string())
                        .arg("cubes", words::cubes(cubes))
                };
                let Some(o) = owner else {
                    return sold("big-shot-ev-sold-nobody");
                };
                // Where a player plays several colours (2 players), the player too: a seat is
                // named after its first colour, so only another colour needs its player named.
                let player = owner_seat
                    .filter(|&s| !crate::present::seat_name(s).eq_ignore_ascii_case(o.name()));
                match player {
                    Some(s) => sold("big-shot-ev-sold-player")
                        .arg("owner", words::colour(*o))
                        .arg("seat", seat(&s)),
                    None => sold("big-shot-ev-sold").arg("owner", words::colour(*o)),
                }
            }
            Event::GameOver => m("big-shot-ev-over"),
        }
    }
}

/// What each seat holds as `viewer` may know it, in words of `lang` (see
/// `Present::holdings_in`): the coins (when the viewer may see them) and the IOUs of each colour
/// the seat plays, and its loans.
pub fn holdings(
    g: &crate::BigShot,
    viewer: boardroom_engine::Viewer,
    lang: &str,
) -> Vec<Vec<Holding>> {
    let obs = g.observation(viewer);
    let t = |id: &str, args: &[(&str, boardroom_i18n::Arg)]| words::t(lang, id, args);
    (0..obs.players)
        .map(|seat| {
            let mut out = Vec::new();
            for c in obs.colours.iter().filter(|c| c.seat == Some(seat)) {
                let colour = words::colour(c.colour);
                if let Some(coins) = c.coins {
                    out.push(Holding::new(
                        t("big-shot-held-coins", &[("colour", colour.clone().into())]),
                        t("big-shot-money", &[("amount", coins.into())]),
                    ));
                }
                out.push(Holding::new(
                    t("big-shot-held-ious", &[("colour", colour.into())]),
                    boardroom_i18n::number(lang, f64::from(c.ious)),
                ));
            }
            if let Some(&n) = obs.loans.get(seat) {
                out.push(Holding::new(
                    t("big-shot-held-loans", &[]),
                    boardroom_i18n::number(lang, n as f64),
                ));
            }
            out
        })
        .collect()
}
