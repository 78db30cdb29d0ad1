//! Events in words, for game logs.

use crate::event::{EndReason, Event};
use boardroom_engine::{Holding, Seat};

impl Event {
    /// The event as a sentence, naming players with `name`.
    pub fn describe(&self, name: &dyn Fn(Seat) -> String) -> String {
        match self {
            Event::BoughtFromDeck {
                seat,
                card: Some(c),
            } => {
                format!("{} buys {} from the deck", name(*seat), c.words())
            }
            Event::BoughtFromDeck { seat, card: None } => {
                format!("{} buys a card from the deck", name(*seat))
            }
            Event::BoughtFromRow { seat, card, refill } => match refill {
                Some(r) => format!(
                    "{} buys card {card} from the row; {r} is turned up",
                    name(*seat)
                ),
                None => format!("{} buys card {card} from the row", name(*seat)),
            },
            Event::BoughtLevel { seat } => format!("{} buys a level card", name(*seat)),
            Event::CardPlayed { seat, card } => format!("{} plays {}", name(*seat), card.words()),
            Event::Founded {
                seat,
                company,
                spaces,
                double,
            } => {
                let extra = double
                    .map(|d| format!(", two pieces on {d}"))
                    .unwrap_or_default();
                format!(
                    "{} founds {company} on {}, {}, {}{extra}",
                    name(*seat),
                    spaces[0],
                    spaces[1],
                    spaces[2]
                )
            }
            Event::PiecePlaced {
                space,
                company,
                level,
            } => format!("{company} builds on {space} (level {level})"),
            Event::PriceChanged { company, from, to } => {
                if from == to {
                    format!("{company} stays at {to} (the cap)")
                } else {
                    format!("{company} rises from {from} to {to}")
                }
            }
            Event::Payout {
                seat,
                company,
                shares,
                amount,
            } => format!(
                "{} is paid {amount} for {shares} share{} of {company}",
                name(*seat),
                if *shares == 1 { "" } else { "s" }
            ),
            Event::Merged { survivor, acquired } => {
                format!("{survivor} acquires {acquired}, which leaves the game")
            }
            Event::Earned {
                seat,
                company,
                amount,
            } => format!("{} earns {amount} from {company}", name(*seat)),
            Event::ShareBought {
                seat,
                company,
                cost,
            } => format!("{} buys a share of {company} for {cost}", name(*seat)),
            Event::TowerPlaced {
                seat,
                company,
                cost,
            } => format!("{} places a tower on {company} for {cost}", name(*seat)),
            Event::ShareSold {
                seat,
                company,
                amount,
            } => format!("{} sells a share of {company} for {amount}", name(*seat)),
            Event::Passed { seat } => format!("{} passes", name(*seat)),
            Event::TurnStarted { seat } => format!("{}'s turn", name(*seat)),
            Event::GameOver { reason } => match reason {
                EndReason::LastPiece => {
                    "The last building piece is placed: the game is over".into()
                }
                EndReason::AllPassed => "Every player passed in a row: the game is over".into(),
            },
        }
    }
}

/// What each seat holds as `viewer` may know it, in words (see `Present::holdings`): money,
/// shares by company, towers placed, and the cards in hand (level cards apart, when they are
/// public).
pub fn holdings(g: &crate::BigBoss, viewer: boardroom_engine::Viewer) -> Vec<Vec<Holding>> {
    let obs = g.observation(viewer);
    let tower = g.rules().tower_name;
    obs.players
        .iter()
        .map(|p| {
            let mut out = vec![Holding::new("Money", p.money)];
            for (company, n) in &p.shares {
                out.push(Holding::new(format!("Shares of {}", company.name()), n));
            }
            out.push(Holding::new(
                format!("{}s placed", cap(tower)),
                p.towers_placed,
            ));
            out.push(Holding::new("Cards in hand", p.hand_size));
            if let Some(n) = p.level_cards {
                out.push(Holding::new("Level cards", n));
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
