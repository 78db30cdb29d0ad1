//! The validation steps of an imported position, each named for what it checks; the first
//! fault found names the field at fault.

use super::{Position, GAME_NAME};
use crate::action::Lot;
use crate::data::{Data, FateEffect, Level, MAX_EXEC_PER_NUMBER};
use crate::state::{Sequence, Step, TheBoss};
use boardroom_engine::PositionError;
use std::rc::Rc;
use std::sync::Arc;

/// Where a card of a position lies, named only for an error message.
enum Place {
    /// Entry `i` of a list.
    Item(Rc<str>, usize),
    /// A field.
    Field(String),
}

impl Place {
    fn name(&self) -> String {
        match self {
            Place::Item(list, i) => format!("{list}[{i}]"),
            Place::Field(f) => f.clone(),
        }
    }
}

pub(super) fn err<T>(
    field: impl Into<String>,
    reason: impl Into<String>,
) -> Result<T, PositionError> {
    Err(PositionError::new(field, reason))
}

/// Checks the game name, the table size, the first player and the round, and loads the
/// data set the rest is checked against.
pub(super) fn check_table(p: &Position) -> Result<Arc<Data>, PositionError> {
    if p.game != GAME_NAME {
        return err(
            "game",
            format!("expected `{GAME_NAME}`, found `{}`", p.game),
        );
    }
    let data = p
        .config
        .data_set()
        .map_err(|e| PositionError::new("config", e.0))?;
    let n = p.config.players;
    if p.players.len() != n {
        return err(
            "players",
            format!("{} entries for a {n}-player table", p.players.len()),
        );
    }
    if p.first_player >= n {
        return err("first_player", "not a seat of the table");
    }
    if p.round == 0 {
        return err("round", "rounds start at 1");
    }
    // The counters only grow; no game comes near these bounds, which keep them from running
    // out.
    if p.round > MAX_COUNTER {
        return err("round", format!("at most {MAX_COUNTER}"));
    }
    if p.turn.number > MAX_COUNTER {
        return err("turn.number", format!("at most {MAX_COUNTER}"));
    }
    if p.next_id > MAX_COUNTER {
        return err("next_id", format!("at most {MAX_COUNTER}"));
    }
    Ok(data)
}

/// Checks that every card lies in exactly one place and the shares add up to the total
/// (collateral and auction lots included), with each player's holdings well formed.
pub(super) fn check_cards(p: &Position, data: &Data) -> Result<(), PositionError> {
    let n = p.config.players;
    let e = data.economy().clone();
    let mut shares = p.bank_shares;
    let mut exp: Vec<(u8, Place)> = Vec::new();
    let mut exec: Vec<(u8, Place)> = Vec::new();
    let mut fate: Vec<(u8, Place)> = Vec::new();
    let list = |v: &[u8], f: &str, out: &mut Vec<(u8, Place)>| {
        let label: Rc<str> = f.into();
        for (i, &c) in v.iter().enumerate() {
            out.push((c, Place::Item(label.clone(), i)));
        }
    };
    list(&p.experience_deck, "experience_deck", &mut exp);
    list(&p.experience_discards, "experience_discards", &mut exp);
    list(&p.fate_deck, "fate_deck", &mut fate);
    list(&p.fate_discards, "fate_discards", &mut fate);
    list(&p.executive_bank, "executive_bank", &mut exec);
    for (s, pl) in p.players.iter().enumerate() {
        let f = |x: &str| format!("players[{s}].{x}");
        if pl.cash % e.cash_step != 0 {
            return err(f("cash"), format!("must be a multiple of ${}", e.cash_step));
        }
        if pl.cash > MAX_CASH {
            return err(f("cash"), format!("at most ${MAX_CASH}"));
        }
        if pl.shares % e.lot != 0 {
            return err(f("shares"), format!("must be a multiple of {}", e.lot));
        }
        shares = shares.saturating_add(pl.shares);
        list(&pl.experience, &f("experience"), &mut exp);
        list(&pl.executive, &f("executive"), &mut exec);
        if let Some(h) = &pl.fate {
            fate.push((h.card, Place::Field(f("fate.card"))));
            if (h.card as usize) < data.fate_cards.len()
                && matches!(data.fate_effect(h.card), FateEffect::Disaster { .. })
            {
                return err(f("fate.card"), "a Financial Disaster is never held");
            }
        }
        if let Some(c) = pl.disaster {
            fate.push((c, Place::Field(f("disaster"))));
            if (c as usize) < data.fate_cards.len()
                && !matches!(data.fate_effect(c), FateEffect::Disaster { .. })
            {
                return err(f("disaster"), "only a Financial Disaster lies on a space");
            }
        }
        if let Some(j) = pl.job {
            if !(1..=8).contains(&j) {
                return err(f("job"), "positions are 1-8");
            }
            if pl.fired.is_some() {
                return err(f("job"), "a fired player holds no job");
            }
        }
        if pl.fired.is_some_and(|k| k > 2) {
            return err(f("fired"), "the Fired track has 3 spaces (0-2)");
        }
        if let Some(k) = pl.refused.iter().position(|r| r.round > p.round) {
            return err(
                f(&format!("refused[{k}].round")),
                "an offer is refused in this round or an earlier one",
            );
        }
        if pl.surplus_due.len() != data.kinds.len() {
            return err(
                f("surplus_due"),
                format!("one entry per Experience kind ({})", data.kinds.len()),
            );
        }
        if pl.lost_turns > 0 && pl.disaster.is_none() {
            return err(
                f("lost_turns"),
                "turns are lost under a Financial Disaster card",
            );
        }
    }
    for (i, d) in p.deals.iter().enumerate() {
        let f = |x: &str| format!("deals[{i}].{x}");
        if d.promisor >= n || d.promisee >= n || d.promisor == d.promisee {
            return err(f("promisee"), "two different seats of the table");
        }
        if d.collateral.fate {
            return err(f("collateral.fate"), "a Fate card can never be collateral");
        }
        if d.collateral.cash > MAX_CASH {
            return err(f("collateral.cash"), format!("at most ${MAX_CASH}"));
        }
        shares = shares.saturating_add(d.collateral.shares);
        list(
            &d.collateral.experience,
            &f("collateral.experience"),
            &mut exp,
        );
        list(
            &d.collateral.executive,
            &f("collateral.executive"),
            &mut exec,
        );
    }
    if let Some(a) = &p.auction {
        match a.lot {
            Lot::Shares(k) => shares = shares.saturating_add(k),
            Lot::Experience(c) => exp.push((c, Place::Field("auction.lot".into()))),
            Lot::Executive(c) => exec.push((c, Place::Field("auction.lot".into()))),
            Lot::Fate => match &a.fate {
                Some(h) => fate.push((h.card, Place::Field("auction.fate".into()))),
                None => return err("auction.fate", "a Fate lot holds its card"),
            },
        }
        if a.seller >= n || a.bidders.iter().any(|&b| b >= n || b == a.seller) {
            return err(
                "auction.bidders",
                "bidders are seats of the table other than the seller",
            );
        }
        if a.next >= a.bidders.len() {
            return err(
                "auction.next",
                "a running auction has a bidder whose call it is",
            );
        }
        if a.out & (1 << a.bidders[a.next]) != 0 {
            return err("auction.next", "the bidder to call has not passed");
        }
        if let Some((b, price)) = a.high {
            if !a.bidders.contains(&b) || price < a.opening {
                return err(
                    "auction.high",
                    "the high bid is a bidder's, at least the opening bid",
                );
            }
            // A bid is at most the bidder's free cash when made, and an auction's bidding
            // moves no cash until it closes.
            if price % e.cash_step != 0 || p.players.get(b).is_none_or(|pl| price > pl.cash) {
                return err(
                    "auction.high",
                    format!(
                        "the high bid is in steps of ${} and at most the bidder's cash",
                        e.cash_step
                    ),
                );
            }
        }
        if (1..a.bidders.len()).any(|i| a.bidders[..i].contains(&a.bidders[i])) {
            return err("auction.bidders", "each bidder once");
        }
    }
    if let Some(m) = &p.meeting {
        fate.push((m.card, Place::Field("meeting.card".into())));
        if m.caller >= n
            || m.target >= n
            || m.caller == m.target
            || m.votes.len() != n
            || m.voters >> n != 0
            || m.named >> n != 0
        {
            return err("meeting", "caller, target and votes must fit the table");
        }
    }
    if let Some(am) = &p.after_meeting {
        fate.push((am.card, Place::Field("after_meeting.card".into())));
    }
    if let Some(c) = p.disaster {
        fate.push((c, Place::Field("disaster".into())));
    }
    if shares != e.total_shares {
        return err(
            "bank_shares",
            format!("{shares} shares in all, not {}", e.total_shares),
        );
    }
    for (what, cards, total) in [
        ("Experience", &mut exp, data.exp_cards.len()),
        ("Executive", &mut exec, data.exec_cards.len()),
        ("Fate", &mut fate, data.fate_cards.len()),
    ] {
        let mut seen = vec![false; total];
        for (c, field) in cards.iter() {
            if *c as usize >= total {
                return err(field.name(), format!("there is no {what} card {c}"));
            }
            if seen[*c as usize] {
                return err(field.name(), format!("{what} card {c} is in two places"));
            }
            seen[*c as usize] = true;
        }
        if what != "Fate" && what != "Experience" && cards.len() != total {
            return err(
                "executive_bank",
                format!("{} of {total} {what} cards accounted for", cards.len()),
            );
        }
        if what == "Experience" && cards.len() != total {
            return err(
                "experience_deck",
                format!("{} of {total} Experience cards accounted for", cards.len()),
            );
        }
        if what == "Fate" && cards.len() != total {
            return err(
                "fate_deck",
                format!("{} of {total} Fate cards accounted for", cards.len()),
            );
        }
    }
    Ok(())
}

/// Checks the turn: the active seat, its sequence, step and starting position, a firing
/// promise, the disaster step, and that the game goes on only while Fate cards remain.
pub(super) fn check_turn(p: &Position, data: &Data) -> Result<(), PositionError> {
    let n = p.config.players;
    let t = &p.turn;
    if t.seat >= n {
        return err("turn.seat", "not a seat of the table");
    }
    let want = match p.players[t.seat].job.map(|j| data.position(j).level) {
        None => Sequence::Unemployed,
        Some(Level::Office) => Sequence::Office,
        Some(Level::Executive) => Sequence::Executive,
    };
    if t.step < Step::Business && t.sequence != want {
        return err(
            "turn.sequence",
            format!("{want:?} for the active player's position"),
        );
    }
    if !t.has_step(t.step) {
        return err("turn.step", "not a step of the turn's sequence");
    }
    if t.start_job.is_some_and(|j| !(1..=8).contains(&j)) {
        return err("turn.start_job", "a position from 1 to 8");
    }
    if t.step < Step::Business && t.start_job != p.players[t.seat].job {
        return err(
            "turn.start_job",
            "the active player's position before business",
        );
    }
    if let Some(x) = t.must_fire {
        let fire_in_window = p.players[t.seat].fate.as_ref().is_some_and(|f| {
            f.window == Some(t.number)
                && (f.card as usize) < data.fate_cards.len()
                && matches!(data.fate_effect(f.card), FateEffect::Fire { .. })
        });
        if x >= n || x == t.seat || t.step != Step::Business || !fire_in_window {
            return err(
                "turn.must_fire",
                "a firing promise needs the active player's Fire card in its use window and another seat",
            );
        }
        // The promise reserves the severance from the holder's cash (§9.3), so the cash
        // covers it for as long as the promise is open.
        let severance =
            p.players[t.seat]
                .fate
                .as_ref()
                .map_or(0, |f| match data.fate_effect(f.card) {
                    FateEffect::Fire { severance } => severance,
                    _ => 0,
                });
        // The promise names a player the holder may fire now (§9.3): an office holder
        // below an office holder, or any office holder for an executive. Nothing in
        // another player's turn moves either of them while the promise is open.
        let target_ok = match (p.players[t.seat].job, p.players[x].job) {
            (Some(j), Some(tj)) if (1..=8).contains(&j) && (1..=8).contains(&tj) => {
                data.position(tj).level == Level::Office
                    && (data.position(j).level == Level::Executive || j > tj)
            }
            _ => false,
        };
        if !target_ok {
            return err(
                "turn.must_fire",
                "a firing promise names an office holder the active player may fire",
            );
        }
        if p.players[t.seat].cash < severance {
            return err(
                "turn.must_fire",
                "a firing promise reserves the severance: the active player's cash must cover it",
            );
        }
    }
    if (t.step == Step::Disaster) != p.disaster.is_some() {
        return err(
            "disaster",
            "a Financial Disaster waits exactly in the disaster step",
        );
    }
    if p.ending.is_none() && p.fate_deck.is_empty() {
        return err("fate_deck", "the game ends with the last Fate card");
    }
    Ok(())
}

/// The largest round, turn number and next offer id a position may hold.
const MAX_COUNTER: u32 = 1 << 30;

/// The most cash a position may hold in one place (a player's cash, an opening bid, a deal's
/// collateral): far beyond any game, and small enough that the sums of play never run out of
/// room.
pub(super) const MAX_CASH: u32 = 1 << 28;

/// Checks the open offers as written: seats, ids, commitments, long-term terms, the
/// count and text caps (§9.7, D-16).
pub(super) fn check_offers(p: &Position, data: &Data) -> Result<(), PositionError> {
    let n = p.config.players;
    for (i, o) in p.offers.iter().enumerate() {
        if o.from >= n || o.offer.to >= n || o.from == o.offer.to {
            return err(format!("offers[{i}]"), "two different seats of the table");
        }
        if o.id >= p.next_id {
            return err(format!("offers[{i}].id"), "ids are below next_id");
        }
        let seat_ok = |c: &crate::action::Commitment| match *c {
            crate::action::Commitment::Vote(_) => true,
            crate::action::Commitment::FireTarget(x) | crate::action::Commitment::NotFire(x) => {
                x < n
            }
        };
        if !o.offer.give_commitments.iter().all(seat_ok)
            || !o.offer.take_commitments.iter().all(seat_ok)
        {
            return err(
                format!("offers[{i}].offer"),
                "commitments name seats of the table",
            );
        }
        if let Some(lt) = &o.offer.long_term {
            if lt.promisor != o.from && lt.promisor != o.offer.to {
                return err(
                    format!("offers[{i}].offer.long_term.promisor"),
                    "one of the two players",
                );
            }
            if lt.collateral.fate {
                return err(
                    format!("offers[{i}].offer.long_term.collateral.fate"),
                    "a Fate card can never be collateral",
                );
            }
        }
        if (0..i).any(|j| p.offers[j].id == o.id) {
            return err(format!("offers[{i}].id"), "each offer id once");
        }
        // The rules' caps hold for imported states too, so a state stays small whatever
        // a file says (§9.7, D-16).
        let max_open = data.limits().max_open_offers_per_player;
        let open = p.offers[..=i].iter().filter(|x| x.from == o.from).count() as u32;
        if open > max_open {
            return err(
                format!("offers[{i}].from"),
                format!("seat {} has more than {max_open} open offers", o.from),
            );
        }
        let max_chars = data.limits().note_max_chars as usize;
        let favour = match o.offer.long_term.as_ref().map(|lt| &lt.promise) {
            Some(crate::action::Promise::Favour(t)) => Some(t),
            _ => None,
        };
        for (field, text) in [("note", Some(&o.offer.note)), ("long_term.promise", favour)] {
            if text.is_some_and(|t| t.chars().count() > max_chars) {
                return err(
                    format!("offers[{i}].offer.{field}"),
                    format!("longer than {max_chars} characters"),
                );
            }
        }
    }
    Ok(())
}

/// Checks what needs the built state: Executive cards per number, the offers' bundles and
/// promises, the deals' promises, and the chairs of each position.
pub(super) fn check_built(g: &TheBoss) -> Result<(), PositionError> {
    let n = g.players.len();
    for s in 0..n {
        for num in 5..=8 {
            if g.owned_of_number(s, num) > MAX_EXEC_PER_NUMBER {
                return err(
                    format!("players[{s}].executive"),
                    format!("more than 2 Executive cards #{num}"),
                );
            }
        }
    }
    for (i, o) in g.offers.iter().enumerate() {
        let f = format!("offers[{i}].offer");
        let check = |b: &crate::action::Bundle, x: &str| {
            g.check_shape::<crate::error::RuleError>(b)
                .map_err(|e| PositionError::new(format!("{f}.{x}"), e.reason_text()))
        };
        check(&o.offer.give, "give")?;
        check(&o.offer.take, "take")?;
        for c in o
            .offer
            .give_commitments
            .iter()
            .chain(&o.offer.take_commitments)
        {
            if let crate::action::Commitment::FireTarget(x)
            | crate::action::Commitment::NotFire(x) = c
            {
                if *x >= n {
                    return err(format!("{f}.commitments"), "seats of the table");
                }
            }
        }
        if let Some(lt) = &o.offer.long_term {
            check(&lt.collateral, "long_term.collateral")?;
            if lt.promisor >= n {
                return err(format!("{f}.long_term.promisor"), "a seat of the table");
            }
            g.check_promise::<crate::error::RuleError>(&lt.promise)
                .map_err(|e| {
                    PositionError::new(format!("{f}.long_term.promise"), e.reason_text())
                })?;
        }
    }
    for (i, d) in g.deals.iter().enumerate() {
        g.check_promise::<crate::error::RuleError>(&d.promise)
            .map_err(|e| PositionError::new(format!("deals[{i}].promise"), e.reason_text()))?;
    }
    for j in 1..=8u8 {
        if g.occupants(j) > g.data.position(j).chairs as usize {
            return err(
                "players",
                format!("position {j} has more players than chairs"),
            );
        }
    }
    Ok(())
}
