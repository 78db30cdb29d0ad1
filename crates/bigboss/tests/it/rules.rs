//! Rule tests: one test (or more) for every rule and every **Decision** of the project's Big Boss
//! rules file (`shared/rules/big-boss.md`), in both editions where they differ.
//!
//! Positions are built with [`Table`], which writes a complete, valid JSON position (cards,
//! pieces and shares conserved) from a few lines of description, and imports it with
//! `BigBoss::from_position`. Every rejected action goes through [`reject`], which also checks
//! that the state is unchanged, that nothing was reported, that `check` agrees and that the
//! action is not listed as legal.
//!
//! This file holds those helpers; the tests are in one module per part of the rules (`rules/`).

use boardroom_bigboss::action::universe;
use boardroom_bigboss::company::Status;
use boardroom_bigboss::position::{CompanyEntry, PlayerEntry, SpaceEntry};
use boardroom_bigboss::score::ScoreLine;
use boardroom_bigboss::{
    Action, BigBoss, Card, CompanyId, Config, Edition, EndReason, Event, Phase, Position, RuleError,
};
use boardroom_engine::{Game, PositionError, Seat, Viewer};
use std::collections::{BTreeMap, BTreeSet};

const REGENT: CompanyId = CompanyId(0);
const LUNAR: CompanyId = CompanyId(1);
const EAGLE: CompanyId = CompanyId(2);
const KINGDOM: CompanyId = CompanyId(3);
const LION: CompanyId = CompanyId(4);
const ATLAS: CompanyId = CompanyId(5);
const COMET: CompanyId = CompanyId(6);
const SUMMIT: CompanyId = CompanyId(7);

const MODERN: Edition = Edition::Modern;
const CLASSIC: Edition = Edition::Classic;

mod buying;
mod end;
mod errors;
mod examples;
mod expanding;
mod founding;
mod investing;
mod mergers;
mod positions;
mod setup;

// ----- building positions ------------------------------------------------------------------

/// A test table: describe what matters, the rest (deck, row, level cards, supplies, pieces) is
/// filled in so that the position is valid.
#[derive(Clone)]
struct Table {
    edition: Edition,
    players: Vec<PlayerEntry>,
    board: Vec<SpaceEntry>,
    companies: Vec<CompanyEntry>,
    /// The face-up row (Modern); `None`: the lowest free industry cards.
    row: Option<Vec<u8>>,
    /// The deck, top card first; `None`: every card not placed elsewhere. When given, the cards
    /// not placed anywhere go to the discard pile.
    deck: Option<Vec<Card>>,
    discard: Vec<Card>,
    level_stack: Option<u8>,
    current: Seat,
    phase: Phase,
    passes: u8,
    pieces: Option<u8>,
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap_or_else(|e| panic!("bad card `{t}`: {e}")))
        .collect()
}

impl Table {
    fn new(edition: Edition, n: usize) -> Self {
        let money = edition.rules().start_money;
        Table {
            edition,
            players: (0..n)
                .map(|_| PlayerEntry {
                    money,
                    shares: BTreeMap::new(),
                    towers_placed: 0,
                    hand: Vec::new(),
                    known: Vec::new(),
                })
                .collect(),
            board: Vec::new(),
            companies: Vec::new(),
            row: None,
            deck: None,
            discard: Vec::new(),
            level_stack: None,
            current: 0,
            phase: Phase::Turn,
            passes: 0,
            pieces: None,
        }
    }
    fn modern(n: usize) -> Self {
        Table::new(MODERN, n)
    }
    fn classic(n: usize) -> Self {
        Table::new(CLASSIC, n)
    }
    /// An active company at `price` with stacks `(space, height)`; its headquarters stands on
    /// the first space listed.
    fn company(mut self, c: CompanyId, price: u8, stacks: &[(u8, u8)]) -> Self {
        for &(space, height) in stacks {
            self.board.push(SpaceEntry {
                space,
                height,
                company: c,
            });
        }
        self.companies.push(CompanyEntry {
            name: c,
            status: Status::Active,
            price,
            supply: 0,
            tower: None,
            hq: Some(stacks[0].0),
        });
        self
    }
    /// An active company on the run `from..=to` (along the loop), every stack of height 1.
    fn run(self, c: CompanyId, price: u8, from: u8, len: u8) -> Self {
        let stacks: Vec<(u8, u8)> = (0..len).map(|k| ((from - 1 + k) % 72 + 1, 1)).collect();
        self.company(c, price, &stacks)
    }
    /// A company acquired earlier in the game.
    fn gone(mut self, c: CompanyId) -> Self {
        self.companies.push(CompanyEntry {
            name: c,
            status: Status::Gone,
            price: 0,
            supply: 0,
            tower: None,
            hq: None,
        });
        self
    }
    /// `seat`'s tower stands on `c` (and counts as placed).
    fn tower(mut self, c: CompanyId, seat: Seat) -> Self {
        let e = self.companies.iter_mut().find(|e| e.name == c).unwrap();
        e.tower = Some(seat);
        self.players[seat].towers_placed += 1;
        self
    }
    fn towers_placed(mut self, seat: Seat, k: u8) -> Self {
        self.players[seat].towers_placed = k;
        self
    }
    fn money(mut self, seat: Seat, m: u32) -> Self {
        self.players[seat].money = m;
        self
    }
    fn all_money(mut self, m: u32) -> Self {
        for p in &mut self.players {
            p.money = m;
        }
        self
    }
    fn shares(mut self, seat: Seat, c: CompanyId, k: u8) -> Self {
        self.players[seat].shares.insert(c, k);
        self
    }
    fn hand(mut self, seat: Seat, text: &str) -> Self {
        self.players[seat].hand = cards(text);
        self
    }
    fn row(mut self, spaces: &[u8]) -> Self {
        self.row = Some(spaces.to_vec());
        self
    }
    fn deck(mut self, text: &str) -> Self {
        self.deck = Some(cards(text));
        self
    }
    fn discard(mut self, text: &str) -> Self {
        self.discard = cards(text);
        self
    }
    fn level_stack(mut self, k: u8) -> Self {
        self.level_stack = Some(k);
        self
    }
    fn current(mut self, seat: Seat) -> Self {
        self.current = seat;
        self
    }
    fn pieces(mut self, k: u8) -> Self {
        self.pieces = Some(k);
        self
    }
    fn over(mut self) -> Self {
        self.phase = Phase::Over {
            reason: EndReason::AllPassed,
        };
        self
    }

    fn position(&self) -> Position {
        let r = self.edition.rules();
        let mut used = [false; 73];
        let mut levels_left = r.level_cards.map(i32::from);
        {
            let mut mark = |c: &Card| match *c {
                Card::Industry(s) => {
                    assert!(!used[s as usize], "test table places card {s} twice");
                    used[s as usize] = true;
                }
                Card::Level(k) => levels_left[k as usize] -= 1,
            };
            self.players
                .iter()
                .flat_map(|p| &p.hand)
                .for_each(&mut mark);
            self.row
                .iter()
                .flatten()
                .for_each(|&s| mark(&Card::Industry(s)));
            self.deck.iter().flatten().for_each(&mut mark);
            self.discard.iter().for_each(&mut mark);
        }
        assert!(
            levels_left.iter().all(|&k| k >= 0),
            "test table uses too many level cards"
        );
        let mut rest: Vec<u8> = (1..=72).filter(|&s| !used[s as usize]).collect();
        let row: Vec<Card> = match &self.row {
            Some(row) => row.iter().map(|&s| Card::Industry(s)).collect(),
            None => {
                let k = r.row_size.min(rest.len());
                rest.drain(..k).map(Card::Industry).collect()
            }
        };
        let mut discard = self.discard.clone();
        let explicit_deck = self.deck.is_some();
        let mut deck: Vec<Card> = match &self.deck {
            Some(d) => {
                discard.extend(rest.into_iter().map(Card::Industry));
                d.clone()
            }
            None => rest.into_iter().map(Card::Industry).collect(),
        };
        let mut level_stack = 0;
        if r.levels_in_deck {
            for k in 2..=5u8 {
                for _ in 0..levels_left[k as usize] {
                    if explicit_deck {
                        discard.push(Card::Level(k));
                    } else {
                        deck.push(Card::Level(k));
                    }
                }
            }
        } else {
            level_stack = self.level_stack.unwrap_or(levels_left[0] as u8);
            for _ in 0..levels_left[0] - level_stack as i32 {
                discard.push(Card::Level(0));
            }
        }
        let mut companies = self.companies.clone();
        for e in &mut companies {
            if e.status == Status::Active {
                let held: u8 = self
                    .players
                    .iter()
                    .map(|p| p.shares.get(&e.name).copied().unwrap_or(0))
                    .sum();
                e.supply = r.shares_per_company.saturating_sub(held);
            }
        }
        let on_board: u32 = self.board.iter().map(|e| e.height as u32).sum();
        Position {
            game: "big-boss".into(),
            edition: self.edition,
            first_player: None,
            current: self.current,
            turn: 1,
            passes: self.passes,
            phase: self.phase,
            pieces: self.pieces.unwrap_or((92 - on_board) as u8),
            board: self.board.clone(),
            companies,
            players: self.players.clone(),
            deck,
            row,
            level_stack,
            discard,
        }
    }

    fn game(&self) -> BigBoss {
        let pos = self.position();
        BigBoss::from_position(&pos)
            .unwrap_or_else(|e| panic!("test position rejected: {}: {}", e.field, e.reason))
    }
}

// ----- acting --------------------------------------------------------------------------------

fn parse(text: &str) -> Action {
    text.parse()
        .unwrap_or_else(|e| panic!("bad notation `{text}`: {e:?}"))
}

/// The current player does `text`, which must be legal.
fn act(g: &mut BigBoss, text: &str) -> Vec<Event> {
    let seat = g.current();
    let a = parse(text);
    assert_eq!(g.check(seat, a), Ok(()), "`{text}` should be legal");
    g.play(seat, a)
        .unwrap_or_else(|e| panic!("`{text}` rejected: {e}"))
}

/// The current player tries `text`, which must be rejected without any change.
fn reject(g: &mut BigBoss, text: &str) -> RuleError {
    let seat = g.current();
    reject_by(g, seat, text)
}

fn reject_by(g: &mut BigBoss, seat: Seat, text: &str) -> RuleError {
    let a = parse(text);
    let before = g.clone();
    let mut events = Vec::new();
    let e = g
        .apply(seat, a, &mut events)
        .expect_err(&format!("`{text}` should be rejected"));
    assert_eq!(*g, before, "the rejected `{text}` changed the state");
    assert!(events.is_empty(), "the rejected `{text}` reported events");
    assert_eq!(
        g.check(seat, a),
        Err(e.clone()),
        "check disagrees on `{text}`"
    );
    let mut legal = Vec::new();
    g.legal_actions(seat, &mut legal);
    assert!(!legal.contains(&a), "`{text}` is rejected but listed");
    assert!(!e.to_string().is_empty());
    e
}

/// The legal actions of the current player, as notation.
fn legal(g: &BigBoss) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(g.current(), &mut out);
    out.iter().map(|a| a.to_string()).collect()
}

fn is_legal(g: &BigBoss, text: &str) -> bool {
    legal(g).iter().any(|a| a == text)
}

fn owner(g: &BigBoss, s: u8) -> Option<CompanyId> {
    g.board().owner(s).map(CompanyId)
}

/// Every action of the universe: `check` accepts exactly the listed ones, and every rejected
/// one leaves the state unchanged.
fn check_universe(g: &BigBoss) {
    let seat = g.current();
    let mut legal = Vec::new();
    g.legal_actions(seat, &mut legal);
    for a in universe() {
        let ok = g.check(seat, a).is_ok();
        assert_eq!(
            ok,
            legal.contains(&a),
            "{a}: check and legal_actions disagree"
        );
        if !ok {
            let mut h = g.clone();
            assert!(h.play(seat, a).is_err());
            assert_eq!(&h, g, "rejected {a} changed the state");
        }
    }
}

/// Rulebook example: the merger on space 46 (Regent 21 on one side, Lunar 11 on the other).
fn merger_46_table() -> Table {
    Table::modern(4)
        .company(
            REGENT,
            21,
            &[(40, 1), (41, 2), (42, 3), (43, 2), (44, 1), (45, 1)],
        )
        .company(LUNAR, 11, &[(47, 1), (48, 2), (49, 1)])
        .hand(0, "46")
        .hand(1, "10")
        .shares(1, LUNAR, 2)
        .shares(2, LUNAR, 1)
        .tower(LUNAR, 2)
        .shares(3, REGENT, 2)
}

/// A table for step 5: companies at several prices, one with its supply bought out.
fn invest_table(ed: Edition) -> Table {
    Table::new(ed, 3)
        .company(REGENT, 5, &[(10, 1), (11, 2), (12, 1)])
        .run(LUNAR, 20, 30, 3)
        .run(ATLAS, 7, 50, 2)
        .shares(1, ATLAS, ed.rules().shares_per_company)
        .hand(0, "13")
        .money(0, 60)
}

/// Counts beyond any game (money, the turn) are refused, naming the field: play adds to them,
/// and they must not run out of room.
#[test]
fn positions_with_counts_beyond_any_game_are_refused() {
    let g = BigBoss::new(&boardroom_bigboss::Config::new(Edition::Modern, 3), 1).unwrap();
    let refused = |f: &dyn Fn(&mut boardroom_bigboss::Position)| {
        let mut p = g.to_position();
        f(&mut p);
        BigBoss::from_position(&p).expect_err("refused").field
    };
    assert!(BigBoss::from_position(&g.to_position()).is_ok());
    assert_eq!(
        refused(&|p| p.players[2].money = u32::MAX),
        "players[2].money"
    );
    assert_eq!(refused(&|p| p.turn = u32::MAX), "turn");
}
