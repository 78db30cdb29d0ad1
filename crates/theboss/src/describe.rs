//! Events and offers in words, for logs and labels. Event sentences are written without the
//! data set (the engine's `Present::describe` has no game at hand), so cards are written by
//! their number, always as `Experience card #14`, `Executive card #3` or `Fate card #33` (the
//! browser view puts the cards' names in their place, from the names its data gives); where a
//! game is at hand, cards are named as players call them ([`crate::names`]).

use crate::action::{Bundle, Commitment, Deck, Deliverable, Lot, Offer, Promise, Vote};
use crate::data::Data;
use crate::event::Event;
use crate::names::{exec_name, exec_number_name, exp_name, kind_name};
use crate::state::Ending;
use boardroom_engine::{Holding, Seat};

/// A vote as a word.
pub fn vote_word(v: Vote) -> &'static str {
    match v {
        Vote::For => "for",
        Vote::Against => "against",
        Vote::Abstain => "abstain",
    }
}

/// A deck as a word.
pub fn deck_word(d: Deck) -> &'static str {
    match d {
        Deck::Experience => "Experience",
        Deck::Fate => "Fate",
    }
}

/// A lot in words; with the data set, cards are named with their kind.
pub fn lot_words(data: Option<&Data>, lot: Lot) -> String {
    match lot {
        Lot::Experience(c) => match data {
            Some(d) => exp_name(d, c),
            None => format!("Experience card #{}", c as u32 + 1),
        },
        Lot::Executive(c) => match data {
            Some(d) => exec_name(d, c),
            None => format!("Executive card #{}", c as u32 + 1),
        },
        Lot::Fate => "a Fate card".into(),
        Lot::Shares(k) => format!("{k} shares"),
    }
}

/// The items of a bundle and commitments, comma-separated (`nothing` when empty).
pub fn items(
    data: Option<&Data>,
    b: &Bundle,
    commitments: &[Commitment],
    name: &dyn Fn(Seat) -> String,
) -> String {
    let mut v = Vec::new();
    if b.cash > 0 {
        v.push(format!("${}", b.cash));
    }
    if b.shares > 0 {
        v.push(format!("{} shares", b.shares));
    }
    for &c in &b.experience {
        v.push(match data {
            Some(d) => exp_name(d, c),
            None => format!("Experience card #{}", c as u32 + 1),
        });
    }
    for &c in &b.executive {
        v.push(match data {
            Some(d) => exec_name(d, c),
            None => format!("Executive card #{}", c as u32 + 1),
        });
    }
    if b.fate {
        v.push("the Fate card".into());
    }
    for c in commitments {
        v.push(match *c {
            Commitment::Vote(x) => format!("a vote {}", vote_word(x)),
            Commitment::FireTarget(s) => format!("firing {}", name(s)),
            Commitment::NotFire(s) => format!("not firing {}", name(s)),
        });
    }
    if v.is_empty() {
        "nothing".into()
    } else {
        v.join(", ")
    }
}

/// What a long-term promise delivers, comma-separated (`nothing` when empty); with the data
/// set, cards are named.
pub fn deliverable(data: Option<&Data>, d: &Deliverable) -> String {
    let mut v = Vec::new();
    if d.cash > 0 {
        v.push(format!("${}", d.cash));
    }
    if d.shares > 0 {
        v.push(format!("{} shares", d.shares));
    }
    for &k in &d.experience {
        v.push(match data {
            Some(data) => format!("an Experience card \"{}\"", kind_name(data, k)),
            None => format!("an Experience card of kind {}", k + 1),
        });
    }
    for &n in &d.executive {
        v.push(match data {
            Some(data) => format!("an {}", exec_number_name(data, n)),
            None => format!("an Executive card #{n}"),
        });
    }
    if v.is_empty() {
        "nothing".into()
    } else {
        v.join(", ")
    }
}

/// An offer in words from its maker's side: what is given, what is taken, the promise.
pub fn offer_words(data: Option<&Data>, o: &Offer, name: &dyn Fn(Seat) -> String) -> String {
    let mut s = format!(
        "gives {} for {}",
        items(data, &o.give, &o.give_commitments, name),
        items(data, &o.take, &o.take_commitments, name)
    );
    if let Some(lt) = &o.long_term {
        let what = match &lt.promise {
            Promise::Deliver(d) => format!("to deliver {}", deliverable(data, d)),
            Promise::Favour(t) => format!("the favour \"{t}\""),
        };
        s.push_str(&format!(
            "; {} promises {what} by the end of round {}",
            name(lt.promisor),
            lt.due
        ));
        if !lt.collateral.is_empty() {
            s.push_str(&format!(
                ", pledging {}",
                items(data, &lt.collateral, &[], name)
            ));
        }
    }
    if let Some(d) = o.cancel {
        s.push_str(&format!("; cancels deal {d}"));
    }
    if !o.note.is_empty() {
        s.push_str(&format!(" — \"{}\"", o.note));
    }
    s
}

/// How the game ended, in words.
pub fn ending_words(e: &Ending, name: &dyn Fn(Seat) -> String) -> String {
    match *e {
        Ending::CompleteSet { seat } => {
            format!("{} owns a complete Executive set and wins", name(seat))
        }
        Ending::Shares { seat } => {
            format!("{} owns more than half of the shares and wins", name(seat))
        }
        Ending::DeckEnd => "the last Fate card was drawn: net worth decides".into(),
    }
}

/// An event as a sentence, naming seats with `name`.
pub fn describe(e: &Event, name: &dyn Fn(Seat) -> String) -> String {
    match e {
        Event::TurnStarted { seat, round } => format!("Round {round}: {}'s turn", name(*seat)),
        Event::TurnSkipped { seat, reason } => {
            format!("{} misses the turn ({reason})", name(*seat))
        }
        Event::DisasterOver { seat, .. } => format!(
            "{}'s Financial Disaster is over and its card is discarded",
            name(*seat)
        ),
        Event::Salary { seat, amount } => format!("{} collects a salary of ${amount}", name(*seat)),
        Event::ExecutiveCard { seat, card } => format!(
            "{} takes Executive card #{} from the Bank",
            name(*seat),
            *card as u32 + 1
        ),
        Event::Bought { seat, shares, cost } => format!(
            "{} buys {shares} shares from the Bank for ${cost}",
            name(*seat)
        ),
        Event::FloorOpened { seat } => {
            format!("{} opens the floor: everyone may deal", name(*seat))
        }
        Event::Moved { seat, from, to } => match from {
            Some(f) => format!("{} moves from position {f} to position {to}", name(*seat)),
            None => format!("{} takes position {to}", name(*seat)),
        },
        Event::Used { seat, card } => {
            format!("{} uses Fate card #{}", name(*seat), *card as u32 + 1)
        }
        Event::Fired {
            by,
            seat,
            severance,
        } => {
            if *severance > 0 {
                format!(
                    "{} fires {} (severance ${severance})",
                    name(*by),
                    name(*seat)
                )
            } else {
                format!("{} fires {}", name(*by), name(*seat))
            }
        }
        Event::MeetingCalled { caller, target, .. } => format!(
            "{} calls a Stockholders' Meeting to fire {}",
            name(*caller),
            name(*target)
        ),
        Event::Voted { seat, vote, shares } => format!(
            "{} votes {} with {shares} shares",
            name(*seat),
            vote_word(*vote)
        ),
        Event::LobbyPass { seat } => format!("{} passes in the lobbying", name(*seat)),
        Event::Tally {
            for_shares,
            against,
            fired,
        } => format!(
            "The meeting votes {for_shares} for and {against} against: {}",
            if *fired {
                "the executive is fired"
            } else {
                "the executive stays"
            }
        ),
        Event::Discarded { seat, deck, card } => match seat {
            Some(s) => format!(
                "{} discards {} card #{}",
                name(*s),
                deck_word(*deck),
                *card as u32 + 1
            ),
            None => format!(
                "{} card #{} is discarded",
                deck_word(*deck),
                *card as u32 + 1
            ),
        },
        Event::Drew {
            seat, deck, card, ..
        } => match card {
            Some(c) => format!(
                "{} draws {} card #{}",
                name(*seat),
                deck_word(*deck),
                *c as u32 + 1
            ),
            None => format!("{} draws a {} card", name(*seat), deck_word(*deck)),
        },
        Event::PaidDisaster { seat, amount } => {
            format!("{} pays ${amount} for the Financial Disaster", name(*seat))
        }
        Event::LosingTurns { seat, turns } => format!(
            "{} will lose {turns} turn{}",
            name(*seat),
            if *turns == 1 { "" } else { "s" }
        ),
        Event::Offered {
            id,
            from,
            counters,
            offer,
        } => {
            let c = counters
                .map(|c| format!(" (countering offer {c})"))
                .unwrap_or_default();
            format!(
                "Offer {id}{c}: {} to {}: {}",
                name(*from),
                name(offer.to),
                offer_words(None, offer, name)
            )
        }
        Event::Accepted { id, deal } => match deal {
            Some(d) => format!("Offer {id} is accepted; long-term deal {d} opens"),
            None => format!("Offer {id} is accepted"),
        },
        Event::Voided { id, reason } => format!("Offer {id} is void: {reason}"),
        Event::Rejected { id } => format!("Offer {id} is rejected"),
        Event::Withdrawn { id } => format!("Offer {id} is withdrawn"),
        Event::Expired { ids } => format!(
            "Unanswered offer{} {} expire{}",
            if ids.len() == 1 { "" } else { "s" },
            ids.iter()
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            if ids.len() == 1 { "s" } else { "" }
        ),
        Event::Shown { seat, to, card } => match card {
            Some(c) => format!(
                "{} shows Fate card #{} to {}",
                name(*seat),
                *c as u32 + 1,
                name(*to)
            ),
            None => format!("{} shows the Fate card to {}", name(*seat), name(*to)),
        },
        Event::AuctionOpened {
            seller,
            lot,
            opening,
            mandatory,
            ..
        } => format!(
            "{} {} {} from ${opening}",
            name(*seller),
            if *mandatory {
                "must auction"
            } else {
                "auctions"
            },
            lot_words(None, *lot)
        ),
        Event::Bid { seat, amount } => format!("{} bids ${amount}", name(*seat)),
        Event::Passed { seat } => format!("{} passes", name(*seat)),
        Event::AuctionClosed { sold, lot } => match sold {
            Some((s, p)) => format!("{} buys {} for ${p}", name(*s), lot_words(None, *lot)),
            None => format!("Nobody buys {}", lot_words(None, *lot)),
        },
        Event::Settled { id } => format!("Deal {id} is settled; the collateral returns"),
        Event::Released { id } => format!("Deal {id}: the collateral is released"),
        Event::Broke { id, walked_away } => format!(
            "Deal {id} is broken ({}): the collateral goes to the promisee",
            if *walked_away {
                "the promisor walked away"
            } else {
                "declared in default"
            }
        ),
        Event::Cancelled { id } => format!("Deal {id} is cancelled; the collateral returns"),
        Event::DealsClosed {
            defaulted,
            returned,
        } => format!(
            "Open deals close: {} defaulted, {} returned",
            defaulted.len(),
            returned.len()
        ),
        Event::TimeUp { what } => match what {
            crate::action::Timeout::Offer(id) => {
                format!("Time is up: offer {id} is rejected unanswered")
            }
            crate::action::Timeout::Bid => "Time is up for the bid: a pass".into(),
            crate::action::Timeout::Lobbying => "Time is up: the lobbying closes".into(),
            crate::action::Timeout::Business => "Time is up: Business Transactions end".into(),
        },
        Event::CommitmentLapsed { target } => format!(
            "The promise to fire {} lapses: they left the job otherwise",
            name(*target)
        ),
        Event::GameOver { ending } => format!("Game over: {}", ending_words(ending, name)),
    }
}

/// What each seat holds as `viewer` may know it, in words (see `Present::holdings`): where the
/// player stands (the position by title, the Fired track, unemployed), cash, shares, the cards
/// in hand by name, the Fate card (named when the viewer may know it) and turns still to lose.
pub fn holdings(g: &crate::TheBoss, viewer: boardroom_engine::Viewer) -> Vec<Vec<Holding>> {
    let data = g.data();
    let obs = g.observation(viewer);
    let list = |names: Vec<String>| {
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    };
    obs.players
        .iter()
        .map(|p| {
            let place = match (p.job, p.fired) {
                (Some(n), _) => data
                    .positions
                    .iter()
                    .find(|x| x.number == n)
                    .map_or_else(|| format!("position {n}"), |x| x.title.clone()),
                (None, Some(0)) => "fired".to_string(),
                (None, Some(1)) => "fired, missing the first turn".to_string(),
                (None, Some(_)) => "fired, missing the second turn".to_string(),
                (None, None) => "unemployed".to_string(),
            };
            let fate = match &p.fate {
                None => "none".to_string(),
                Some(f) => f.card.map_or_else(
                    || "a face-down Fate card".to_string(),
                    |c| crate::names::fate_name(data, c),
                ),
            };
            vec![
                Holding::new("Position", place),
                Holding::new("Cash", format!("${}", p.cash)),
                Holding::new("Shares", p.shares),
                Holding::new(
                    "Experience cards",
                    list(p.experience.iter().map(|&c| exp_name(data, c)).collect()),
                ),
                Holding::new(
                    "Executive cards",
                    list(p.executive.iter().map(|&c| exec_name(data, c)).collect()),
                ),
                Holding::new("Fate card", fate),
                Holding::new("Turns to lose", p.lost_turns),
            ]
        })
        .collect()
}
