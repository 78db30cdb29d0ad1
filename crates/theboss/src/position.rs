//! The position format: the whole state as JSON (`docs/the-boss-position-format.md`), secrets
//! included, with validation that rejects impossible positions and names the field at fault.
//! Card ids are the data set's indexes (0-based; the notation writes id + 1).

use crate::action::Lot;
use crate::data::{FateEffect, Level, MAX_EXEC_PER_NUMBER};
use crate::state::{
    AfterMeeting, Auction, Broken, Config, Deal, Ending, Meeting, PendingOffer, Player, Sequence,
    Step, TheBoss, Turn,
};
use boardroom_engine::PositionError;
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use std::sync::Arc;

/// The game name written in positions and records.
pub const GAME_NAME: &str = "the-boss";

/// A complete position of The Boss.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Always `the-boss`.
    pub game: String,
    /// The table configuration.
    pub config: Config,
    /// The first player (rounds start with them).
    pub first_player: usize,
    /// The round, from 1.
    pub round: u32,
    /// Shares in the Bank.
    pub bank_shares: u32,
    /// Shares the Bank has sold.
    pub bank_sold: u32,
    /// Experience deck, top last (secret).
    pub experience_deck: Vec<u8>,
    /// Experience Discards.
    pub experience_discards: Vec<u8>,
    /// Fate deck, top last (secret).
    pub fate_deck: Vec<u8>,
    /// Fate Discards.
    pub fate_discards: Vec<u8>,
    /// Executive cards in the Bank.
    pub executive_bank: Vec<u8>,
    /// The players in seat order.
    pub players: Vec<Player>,
    /// The active player's turn.
    pub turn: Turn,
    /// The running auction.
    #[serde(default)]
    pub auction: Option<Auction>,
    /// The lobbying meeting.
    #[serde(default)]
    pub meeting: Option<Meeting>,
    /// The caller's choice after a failed meeting.
    #[serde(default)]
    pub after_meeting: Option<AfterMeeting>,
    /// A Financial Disaster waiting for pay or lose.
    #[serde(default)]
    pub disaster: Option<u8>,
    /// Offers waiting for an answer.
    #[serde(default)]
    pub offers: Vec<PendingOffer>,
    /// Open long-term deals.
    #[serde(default)]
    pub deals: Vec<Deal>,
    /// Broken deals (public record).
    #[serde(default)]
    pub broken: Vec<Broken>,
    /// The next offer or deal id.
    pub next_id: u32,
    /// How the game ended.
    #[serde(default)]
    pub ending: Option<Ending>,
}

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

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError::new(field, reason))
}

impl TheBoss {
    /// Exports the whole state.
    pub fn position(&self) -> Position {
        Position {
            game: GAME_NAME.into(),
            config: (*self.config).clone(),
            first_player: self.first,
            round: self.round,
            bank_shares: self.bank_shares,
            bank_sold: self.bank_sold,
            experience_deck: self.exp_deck.clone(),
            experience_discards: self.exp_discards.clone(),
            fate_deck: self.fate_deck.clone(),
            fate_discards: self.fate_discards.clone(),
            executive_bank: self.exec_bank.clone(),
            players: self.players.clone(),
            turn: self.turn.clone(),
            auction: self.auction.clone(),
            meeting: self.meeting.clone(),
            after_meeting: self.after_meeting.clone(),
            disaster: self.disaster,
            offers: self.offers.clone(),
            deals: self.deals.clone(),
            broken: self.broken.clone(),
            next_id: self.next_id,
            ending: self.ending.clone(),
        }
    }

    /// Imports a position, rejecting impossible ones.
    pub fn from_position(p: &Position) -> Result<TheBoss, PositionError> {
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
        for (i, o) in p.offers.iter().enumerate() {
            if o.from >= n || o.offer.to >= n || o.from == o.offer.to {
                return err(format!("offers[{i}]"), "two different seats of the table");
            }
            if o.id >= p.next_id {
                return err(format!("offers[{i}].id"), "ids are below next_id");
            }
            let seat_ok = |c: &crate::action::Commitment| match *c {
                crate::action::Commitment::Vote(_) => true,
                crate::action::Commitment::FireTarget(x)
                | crate::action::Commitment::NotFire(x) => x < n,
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
        if let Some(j) = t.start_job {
            if !(1..=8).contains(&j) {
                return err("turn.start_job", "positions are 1-8");
            }
        }
        let start_seq = match t.start_job.map(|j| data.position(j).level) {
            None => Sequence::Unemployed,
            Some(Level::Office) => Sequence::Office,
            Some(Level::Executive) => Sequence::Executive,
        };
        if t.sequence != start_seq {
            return err("turn.sequence", "must match the level of turn.start_job");
        }
        if t.must_fire.is_some_and(|x| x >= n || x == t.seat) {
            return err("turn.must_fire", "another seat of the table");
        }
        if let Some(c) = p.disaster {
            if !matches!(data.fate_effect(c), FateEffect::Disaster { .. }) {
                return err(
                    "disaster",
                    "only a Financial Disaster waits for pay or lose",
                );
            }
        }
        let running = [
            p.auction.is_some(),
            p.meeting.is_some(),
            p.after_meeting.is_some(),
            p.disaster.is_some(),
        ];
        if running.iter().filter(|&&x| x).count() > 1 {
            return err(
                "auction",
                "at most one of auction, meeting, after_meeting and disaster",
            );
        }
        if t.step == Step::Closing && p.auction.is_none() {
            return err("turn.step", "the closing step runs mandatory auctions");
        }
        if p.auction.is_some() && !matches!(t.step, Step::Business | Step::Closing) {
            return err("auction", "auctions run in Business Transactions");
        }
        if let Some(a) = &p.auction {
            let caller = a.bidders.get(a.next).copied();
            let high = a.high.map(|(s, _)| s);
            if caller.is_none_or(|c| a.out & (1 << c) != 0 || Some(c) == high) {
                return err(
                    "auction.next",
                    "the bidder to call is still in and not the high bidder",
                );
            }
            if high.is_some_and(|h| h >= n || h == a.seller) {
                return err("auction.high", "a bidder of the table");
            }
            if a.opening < 10 || a.opening % e.cash_step != 0 {
                return err(
                    "auction.opening",
                    format!("at least $10 in steps of ${}", e.cash_step),
                );
            }
        }
        for (field, card) in [
            ("meeting.card", p.meeting.as_ref().map(|m| m.card)),
            (
                "after_meeting.card",
                p.after_meeting.as_ref().map(|m| m.card),
            ),
        ] {
            if let Some(c) = card {
                if !matches!(data.fate_effect(c), FateEffect::Fire { .. }) {
                    return err(field, "meetings are called with Fire cards");
                }
                if t.step != Step::Business {
                    return err("turn.step", "meetings run in Business Transactions");
                }
            }
        }
        if let Some(m) = &p.meeting {
            if m.caller != t.seat || m.target == m.caller {
                return err(
                    "meeting.caller",
                    "the active player calls a meeting on another seat",
                );
            }
        }
        for (i, d) in p.deals.iter().enumerate() {
            if d.id >= p.next_id {
                return err(format!("deals[{i}].id"), "ids are below next_id");
            }
        }
        let g = TheBoss {
            data,
            config: Arc::new(p.config.clone()),
            players: p.players.clone(),
            first: p.first_player,
            round: p.round,
            bank_shares: p.bank_shares,
            bank_sold: p.bank_sold,
            exp_deck: p.experience_deck.clone(),
            exp_discards: p.experience_discards.clone(),
            fate_deck: p.fate_deck.clone(),
            fate_discards: p.fate_discards.clone(),
            exec_bank: p.executive_bank.clone(),
            turn: p.turn.clone(),
            auction: p.auction.clone(),
            meeting: p.meeting.clone(),
            after_meeting: p.after_meeting.clone(),
            disaster: p.disaster,
            offers: p.offers.clone(),
            deals: p.deals.clone(),
            broken: p.broken.clone(),
            next_id: p.next_id,
            ending: p.ending.clone(),
        };
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
                g.check_shape(b, x)
                    .map_err(|e| PositionError::new(format!("{f}.{x}"), e.reason))
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
                g.check_promise(&lt.promise)
                    .map_err(|e| PositionError::new(format!("{f}.long_term.promise"), e.reason))?;
            }
        }
        for (i, d) in g.deals.iter().enumerate() {
            g.check_promise(&d.promise)
                .map_err(|e| PositionError::new(format!("deals[{i}].promise"), e.reason))?;
        }
        for j in 1..=8u8 {
            if g.occupants(j) > g.data.position(j).chairs as usize {
                return err(
                    "players",
                    format!("position {j} has more players than chairs"),
                );
            }
        }
        Ok(g)
    }
}
