//! Events in words, for game logs.

use crate::event::{EndReason, Event};
use crate::words;
use boardroom_engine::{Holding, Seat};
use boardroom_i18n::{Arg, Message};

impl Event {
    /// The event as a sentence, for [`crate::words::text`] to write in a reader's language.
    pub fn message(&self) -> Message {
        let m = Message::new;
        let seat = |s: &Seat| words::seat(*s);
        match self {
            Event::BoughtFromDeck {
                seat: s,
                card: Some(c),
            } => m("big-boss-ev-bought-deck-card")
                .arg("seat", seat(s))
                .arg("card", c.message()),
            Event::BoughtFromDeck {
                seat: s,
                card: None,
            } => m("big-boss-ev-bought-deck").arg("seat", seat(s)),
            Event::BoughtFromRow {
                seat: s,
                card,
                refill,
            } => match refill {
                Some(r) => m("big-boss-ev-bought-row-refill")
                    .arg("seat", seat(s))
                    .arg("card", card.to_string())
                    .arg("refill", r.to_string()),
                None => m("big-boss-ev-bought-row")
                    .arg("seat", seat(s))
                    .arg("card", card.to_string()),
            },
            Event::BoughtLevel { seat: s } => m("big-boss-ev-bought-level").arg("seat", seat(s)),
            Event::CardPlayed { seat: s, card } => m("big-boss-ev-played")
                .arg("seat", seat(s))
                .arg("card", card.message()),
            Event::Founded {
                seat: s,
                company,
                spaces,
                double,
            } => {
                let id = if double.is_some() {
                    "big-boss-ev-founded-double"
                } else {
                    "big-boss-ev-founded"
                };
                let founded = m(id)
                    .arg("seat", seat(s))
                    .arg("company", company.name())
                    .arg("a", spaces[0].to_string())
                    .arg("b", spaces[1].to_string())
                    .arg("c", spaces[2].to_string());
                match double {
                    Some(d) => founded.arg("double", d.to_string()),
                    None => founded,
                }
            }
            Event::PiecePlaced {
                space,
                company,
                level,
            } => m("big-boss-ev-built")
                .arg("company", company.name())
                .arg("space", space.to_string())
                .arg("level", *level),
            Event::PriceChanged { company, from, to } => {
                if from == to {
                    m("big-boss-ev-price-capped")
                        .arg("company", company.name())
                        .arg("price", *to)
                } else {
                    m("big-boss-ev-price-rose")
                        .arg("company", company.name())
                        .arg("from", *from)
                        .arg("to", *to)
                }
            }
            Event::Payout {
                seat: s,
                company,
                shares,
                amount,
            } => m("big-boss-ev-payout")
                .arg("seat", seat(s))
                .arg("company", company.name())
                .arg("shares", *shares)
                .arg("amount", words::money(*amount)),
            Event::Merged { survivor, acquired } => m("big-boss-ev-merged")
                .arg("survivor", survivor.name())
                .arg("acquired", acquired.name()),
            Event::Earned {
                seat: s,
                company,
                amount,
            } => m("big-boss-ev-earned")
                .arg("seat", seat(s))
                .arg("company", company.name())
                .arg("amount", words::money(*amount)),
            Event::ShareBought {
                seat: s,
                company,
                cost,
            } => m("big-boss-ev-share-bought")
                .arg("seat", seat(s))
                .arg("company", company.name())
                .arg("cost", words::money(*cost)),
            Event::TowerPlaced {
                seat: s,
                company,
                cost,
            } => m("big-boss-ev-tower-placed")
                .arg("seat", seat(s))
                .arg("company", company.name())
                .arg("cost", words::money(*cost)),
            Event::ShareSold {
                seat: s,
                company,
                amount,
            } => m("big-boss-ev-share-sold")
                .arg("seat", seat(s))
                .arg("company", company.name())
                .arg("amount", words::money(*amount)),
            Event::Passed { seat: s } => m("big-boss-ev-passed").arg("seat", seat(s)),
            Event::TurnStarted { seat: s } => m("big-boss-ev-turn").arg("seat", seat(s)),
            Event::GameOver { reason } => match reason {
                EndReason::LastPiece => m("big-boss-ev-over-last-piece"),
                EndReason::AllPassed => m("big-boss-ev-over-all-passed"),
            },
        }
    }
}

/// What each seat holds as `viewer` may know it, in words of `lang` (see
/// `Present::holdings_in`): money, shares by company, towers placed, and the cards in hand
/// (level cards apart, when they are public).
pub fn holdings(
    g: &crate::BigBoss,
    viewer: boardroom_engine::Viewer,
    lang: &str,
) -> Vec<Vec<Holding>> {
    let obs = g.observation(viewer);
    let tower = crate::words::tower_kind(g.rules().tower_name);
    let what = |id: &str, args: &[(&str, Arg)]| crate::words::t(lang, id, args);
    let count = |n: i64| boardroom_i18n::number(lang, n as f64);
    obs.players
        .iter()
        .map(|p| {
            let mut out = vec![Holding::new(
                what("big-boss-held-money", &[]),
                what("big-boss-money", &[("amount", i64::from(p.money).into())]),
            )];
            for (company, n) in &p.shares {
                out.push(Holding::new(
                    what(
                        "big-boss-held-shares",
                        &[("company", company.name().into())],
                    ),
                    count(i64::from(*n)),
                ));
            }
            out.push(Holding::new(
                what("big-boss-held-towers", &[("kind", tower.as_str().into())]),
                count(i64::from(p.towers_placed)),
            ));
            out.push(Holding::new(
                what("big-boss-held-hand", &[]),
                count(p.hand_size as i64),
            ));
            if let Some(n) = p.level_cards {
                out.push(Holding::new(
                    what("big-boss-held-levels", &[]),
                    count(n as i64),
                ));
            }
            out
        })
        .collect()
}
