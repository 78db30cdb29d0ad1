//! Rule tests: one test (or more) for every rule and every **Decision** of the project's Big Boss
//! rules file (`shared/rules/big-boss.md`), in both editions where they differ.
//!
//! Positions are built with [`Table`], which writes a complete, valid JSON position (cards,
//! pieces and shares conserved) from a few lines of description, and imports it with
//! `BigBoss::from_position`. Every rejected action goes through [`reject`], which also checks
//! that the state is unchanged, that nothing was reported, that `check` agrees and that the
//! action is not listed as legal.

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

// ----- the rulebook's worked examples ------------------------------------------------------

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

#[test]
fn example_merger_on_space_46() {
    let mut g = merger_46_table().game();
    let ev = act(&mut g, "play 46");
    assert_eq!(
        ev,
        vec![Event::CardPlayed {
            seat: 0,
            card: Card::Industry(46)
        }]
    );
    assert_eq!(
        g.phase(),
        Phase::ChooseJoin {
            space: 46,
            left: REGENT,
            right: LUNAR
        }
    );
    assert_eq!(legal(&g), ["join Regent", "join Lunar"]);
    let ev = act(&mut g, "join Lunar");
    assert_eq!(
        ev,
        vec![
            Event::PiecePlaced {
                space: 46,
                company: LUNAR,
                level: 1
            },
            Event::PriceChanged {
                company: LUNAR,
                from: 11,
                to: 12
            },
            Event::Payout {
                seat: 1,
                company: LUNAR,
                shares: 2,
                amount: 24
            },
            Event::Payout {
                seat: 2,
                company: LUNAR,
                shares: 4,
                amount: 48
            },
            Event::Merged {
                survivor: REGENT,
                acquired: LUNAR
            },
            Event::PriceChanged {
                company: REGENT,
                from: 21,
                to: 33
            },
            Event::Earned {
                seat: 0,
                company: REGENT,
                amount: 33
            },
        ]
    );
    // Money: the player earns 33; every Lunar share is paid 12, a tower counts 3 shares.
    let money: Vec<u32> = (0..4).map(|s| g.player(s).money).collect();
    assert_eq!(money, [40 + 33, 40 + 24, 40 + 48, 40]);
    assert_eq!(g.company(REGENT).price, 33);
    // Lunar is gone: shares, tower and headquarters leave; its last price is history.
    let lunar = g.company(LUNAR);
    assert_eq!(lunar.status, Status::Gone);
    assert_eq!((lunar.price, lunar.supply, lunar.tower), (0, 0, None));
    for s in 0..4 {
        assert_eq!(g.player(s).shares[LUNAR.idx()], 0);
    }
    // The removed tower still counts as placed.
    assert_eq!(g.player(2).towers_placed, 1);
    // Lunar's buildings now belong to Regent; Regent keeps its headquarters and supply.
    for s in 40..=49 {
        assert_eq!(owner(&g, s), Some(REGENT), "space {s}");
    }
    assert_eq!(g.board().height(46), 1);
    assert_eq!(g.company(REGENT).hq, 40);
    assert_eq!(g.company(REGENT).supply, 10);
    // Decision: the survivor is the company expanded this turn: tower and shares may follow.
    assert_eq!(
        g.phase(),
        Phase::Invest {
            company: REGENT,
            shares: 0
        }
    );
    act(&mut g, "tower");
    assert_eq!(g.company(REGENT).tower, Some(0));
    assert_eq!(g.player(0).money, 73 - 15);
    reject(&mut g, "share Lunar");
    act(&mut g, "end");
    assert!(g.discard().contains(Card::Industry(46)));
    // Lunar can never be founded again.
    assert_eq!(g.current(), 1);
    act(&mut g, "play 10");
    act(&mut g, "found 10");
    act(&mut g, "double 10");
    let hqs = legal(&g);
    assert!(!hqs.contains(&"hq Lunar".to_string()));
    assert!(!hqs.contains(&"hq Regent".to_string()));
    assert_eq!(hqs.len(), 6);
    let e = reject(&mut g, "hq Lunar");
    assert!(e.to_string().contains("never returns"), "{e}");
    let e = reject(&mut g, "hq Regent");
    assert!(e.to_string().contains("already on the board"), "{e}");
    act(&mut g, "hq Eagle");
    assert_eq!(g.company(EAGLE).price, 5);
}

#[test]
fn example_merger_joining_the_other_side_gives_the_same_result() {
    // Giving the connecting piece to Regent: 22 acquires 11, also 33; Lunar is paid 11.
    let mut g = merger_46_table().game();
    act(&mut g, "play 46");
    act(&mut g, "join Regent");
    assert_eq!(g.company(REGENT).price, 33);
    assert_eq!(g.player(0).money, 73);
    assert_eq!(g.player(1).money, 40 + 22);
    assert_eq!(g.player(2).money, 40 + 44);
    assert_eq!(g.company(LUNAR).status, Status::Gone);
}

#[test]
fn example_final_score_620() {
    let g = Table::modern(2)
        .company(EAGLE, 40, &[(10, 2), (11, 1), (12, 1)])
        .company(KINGDOM, 32, &[(30, 1), (31, 1)])
        .company(LION, 13, &[(50, 1)])
        .money(0, 360)
        .shares(0, EAGLE, 2)
        .tower(EAGLE, 0)
        .shares(0, KINGDOM, 1)
        .shares(0, LION, 1)
        .hand(0, "1 2 3")
        .money(1, 100)
        .over()
        .game();
    let s = g.score(0);
    assert_eq!(
        s,
        ScoreLine {
            money: 360,
            shares: 2 * 40 + 32 + 13,
            towers: 3 * 40,
            cards: 15,
            total: 620,
            towers_placed: 1,
        }
    );
    let out = g.outcome().expect("the game is over");
    assert_eq!(out.scores, [620, 100]);
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), [0]);
}

// ----- the board -------------------------------------------------------------------------

#[test]
fn space_72_is_adjacent_to_space_1() {
    // Extending across the wrap, both ways.
    let mut g = Table::modern(2)
        .run(REGENT, 5, 1, 3)
        .hand(0, "72")
        .run(LUNAR, 5, 60, 3)
        .hand(1, "63")
        .game();
    act(&mut g, "play 72");
    assert_eq!(owner(&g, 72), Some(REGENT));
    assert_eq!(g.company(REGENT).price, 6);
    // A merger across the wrap.
    let mut g = Table::modern(2)
        .run(REGENT, 9, 69, 4)
        .run(LUNAR, 5, 2, 3)
        .hand(0, "1")
        .game();
    act(&mut g, "play 1");
    assert_eq!(
        g.phase(),
        Phase::ChooseJoin {
            space: 1,
            left: REGENT,
            right: LUNAR
        }
    );
    act(&mut g, "join Regent");
    assert_eq!(g.company(REGENT).price, 10 + 5);
    for s in [69, 70, 71, 72, 1, 2, 3, 4] {
        assert_eq!(owner(&g, s), Some(REGENT));
    }
    // Nothing else is adjacent: a space two away from a company founds, it does not extend.
    let g = Table::modern(2).run(REGENT, 5, 10, 3).hand(0, "14").game();
    assert_eq!(
        g.card_playable(Card::Industry(14)).unwrap_err(),
        "a new company needs at least 3 empty spaces between it and every other company, on both sides"
    );
}

// ----- components --------------------------------------------------------------------------

#[test]
fn components_modern_set_up() {
    let g = BigBoss::new(&Config::new(MODERN, 4), 11).unwrap();
    for s in 0..4 {
        assert_eq!(g.player(s).money, 40);
        assert_eq!(g.player(s).hand.len(), 10);
        assert_eq!(g.player(s).hand.level_count(), 0);
        assert_eq!(g.player(s).towers_placed, 0);
    }
    assert_eq!(g.row().len(), 6);
    assert_eq!(g.level_stack(), 18);
    assert_eq!(g.deck_len(), 72 - 6 - 40);
    assert_eq!(g.pieces(), 92);
    assert_eq!(g.phase(), Phase::Turn);
    assert_eq!(g.turn(), 1);
    assert!(CompanyId::all().all(|c| g.company(c).status == Status::Unfounded));
    let pos = g.position();
    assert!(pos.deck.iter().all(|c| !c.is_level()));
    // Six players still get full hands: 6 + 60 = 66 of 72 cards.
    let g = BigBoss::new(&Config::new(MODERN, 6), 11).unwrap();
    assert_eq!(g.deck_len(), 6);
}

#[test]
fn components_classic_set_up() {
    let g = BigBoss::new(&Config::new(CLASSIC, 4), 11).unwrap();
    for s in 0..4 {
        assert_eq!(g.player(s).money, 30);
        assert_eq!(g.player(s).hand.len(), 12);
    }
    assert!(g.row().is_empty());
    assert_eq!(g.level_stack(), 0);
    assert_eq!(g.deck_len(), 90 - 48);
    // 18 storey cards, 6/5/4/3 of storeys 2/3/4/5, shuffled into the deck.
    let pos = g.position();
    let all: Vec<Card> = pos
        .deck
        .iter()
        .chain(pos.players.iter().flat_map(|p| &p.hand))
        .copied()
        .collect();
    assert_eq!(all.len(), 90);
    for (k, n) in [(2u8, 6usize), (3, 5), (4, 4), (5, 3)] {
        assert_eq!(all.iter().filter(|&&c| c == Card::Level(k)).count(), n);
    }
    assert_eq!(all.iter().filter(|c| !c.is_level()).count(), 72);
}

#[test]
fn components_player_count_and_names() {
    for ed in [MODERN, CLASSIC] {
        assert!(BigBoss::new(&Config::new(ed, 1), 0).is_err());
        assert!(BigBoss::new(&Config::new(ed, 7), 0).is_err());
        for n in 2..=6 {
            assert!(BigBoss::new(&Config::new(ed, n), 0).is_ok());
        }
    }
    let names: Vec<&str> = CompanyId::all().map(|c| c.name()).collect();
    assert_eq!(
        names,
        ["Regent", "Lunar", "Eagle", "Kingdom", "Lion", "Atlas", "Comet", "Summit"]
    );
    assert_eq!(MODERN.rules().shares_per_company, 12);
    assert_eq!(CLASSIC.rules().shares_per_company, 7);
}

#[test]
fn first_player_is_drawn_from_the_seed_unless_set() {
    let mut firsts = BTreeSet::new();
    for seed in 0..60 {
        let a = BigBoss::new(&Config::new(MODERN, 4), seed).unwrap();
        let b = BigBoss::new(&Config::new(MODERN, 4), seed).unwrap();
        assert_eq!(a.current(), b.current(), "same seed, same first player");
        firsts.insert(a.current());
    }
    assert_eq!(firsts.len(), 4, "every seat starts under some seed");
    for ed in [MODERN, CLASSIC] {
        for seed in 0..20 {
            let cfg = Config {
                edition: ed,
                players: 5,
                first_player: Some(3),
            };
            assert_eq!(BigBoss::new(&cfg, seed).unwrap().current(), 3);
        }
        let bad = Config {
            edition: ed,
            players: 3,
            first_player: Some(3),
        };
        assert!(BigBoss::new(&bad, 0).is_err());
    }
}

// ----- buying ------------------------------------------------------------------------------

#[test]
fn buying_from_the_row_refills_it_from_the_deck() {
    let mut g = Table::modern(2)
        .row(&[1, 2, 3, 4, 5, 6])
        .deck("7 8 9")
        .game();
    let ev = act(&mut g, "buy 3");
    assert_eq!(
        ev[0],
        Event::BoughtFromRow {
            seat: 0,
            card: Card::Industry(3),
            refill: Some(Card::Industry(7))
        }
    );
    assert_eq!(g.row(), [1, 2, 7, 4, 5, 6]);
    assert_eq!(g.deck_len(), 2);
    assert_eq!(g.player(0).money, 35);
    assert!(g.player(0).hand.contains(Card::Industry(3)));
    // Buying is the whole turn.
    assert_eq!(g.current(), 1);
    assert_eq!(g.phase(), Phase::Turn);
    // A card bought face up is public.
    let obs = g.observe(Viewer::Seat(1));
    assert_eq!(obs.players[0].known, [Card::Industry(3)]);
    let e = reject(&mut g, "buy 3");
    assert_eq!(e, RuleError::NotInRow(3));
}

#[test]
fn decision_row_shrinks_once_the_deck_is_empty() {
    let mut g = Table::modern(2)
        .row(&[1, 2, 3, 4, 5, 6])
        .deck("")
        .level_stack(0)
        .game();
    let ev = act(&mut g, "buy 3");
    assert_eq!(
        ev[0],
        Event::BoughtFromRow {
            seat: 0,
            card: Card::Industry(3),
            refill: None
        }
    );
    assert_eq!(g.row(), [1, 2, 4, 5, 6]);
    assert_eq!(reject(&mut g, "buy deck"), RuleError::DeckEmpty);
    act(&mut g, "buy 6");
    assert_eq!(g.row(), [1, 2, 4, 5]);
}

#[test]
fn decision_no_buying_once_row_deck_and_stack_are_empty() {
    let mut g = Table::modern(2)
        .row(&[])
        .deck("")
        .level_stack(0)
        .money(0, 100)
        .game();
    assert_eq!(reject(&mut g, "buy deck"), RuleError::DeckEmpty);
    assert_eq!(reject(&mut g, "buy 5"), RuleError::NotInRow(5));
    assert_eq!(reject(&mut g, "buy level"), RuleError::LevelStackEmpty);
    // Neither buying nor playing is possible: passing is.
    assert_eq!(legal(&g), ["pass"]);
    act(&mut g, "pass");
    // The level stack alone still allows buying.
    let mut g = Table::modern(2).row(&[]).deck("").level_stack(1).game();
    assert_eq!(legal(&g), ["buy level"]);
    act(&mut g, "buy level");
    assert_eq!(g.level_stack(), 0);
}

#[test]
fn buying_from_the_deck_is_seen_by_the_buyer_only() {
    let mut g = Table::modern(3).deck("9 8").game();
    let ev = act(&mut g, "buy deck");
    let bought = Event::BoughtFromDeck {
        seat: 0,
        card: Some(Card::Industry(9)),
    };
    assert_eq!(ev[0], bought);
    assert!(g.player(0).hand.contains(Card::Industry(9)));
    assert_eq!(g.player(0).money, 35);
    assert_eq!(g.deck_len(), 1);
    assert_eq!(BigBoss::redact(&bought, Viewer::Seat(0)), bought);
    let hidden = Event::BoughtFromDeck {
        seat: 0,
        card: None,
    };
    assert_eq!(BigBoss::redact(&bought, Viewer::Seat(1)), hidden);
    assert_eq!(BigBoss::redact(&bought, Viewer::Spectator), hidden);
    // Not known to the others.
    assert!(g.observe(Viewer::Seat(1)).players[0].known.is_empty());
}

#[test]
fn buying_a_level_card_costs_10_in_modern() {
    let mut g = Table::modern(2).game();
    assert_eq!(g.level_stack(), 18);
    let ev = act(&mut g, "buy level");
    assert_eq!(ev[0], Event::BoughtLevel { seat: 0 });
    assert_eq!(g.player(0).money, 30);
    assert_eq!(g.player(0).hand.levels[0], 1);
    assert_eq!(g.level_stack(), 17);
    // Level cards in hand are public in Modern (bought face up).
    assert_eq!(g.observe(Viewer::Seat(1)).players[0].level_cards, Some(1));
}

#[test]
fn cannot_buy_without_the_money() {
    let mut g = Table::modern(2).money(0, 9).game();
    let e = reject(&mut g, "buy level");
    assert_eq!(
        e,
        RuleError::CannotAfford {
            what: "a level card".into(),
            cost: 10,
            money: 9
        }
    );
    assert!(e.to_string().contains("money may never go below 0"), "{e}");
    act(&mut g, "buy deck");
    assert_eq!(g.player(0).money, 4);
    let mut g = Table::modern(2).money(0, 4).game();
    let row0 = g.row()[0];
    assert!(matches!(
        reject(&mut g, &format!("buy {row0}")),
        RuleError::CannotAfford { cost: 5, .. }
    ));
    assert!(matches!(
        reject(&mut g, "buy deck"),
        RuleError::CannotAfford { cost: 5, .. }
    ));
    assert_eq!(legal(&g), ["pass"]);
}

#[test]
fn classic_buys_only_from_the_deck_at_5() {
    let mut g = Table::classic(2).deck("L3 12 13").game();
    assert!(g.row().is_empty());
    let e = reject(&mut g, "buy 12");
    assert!(matches!(e, RuleError::NotInEdition(_)));
    assert!(e.to_string().contains("no face-up row"), "{e}");
    let e = reject(&mut g, "buy level");
    assert!(matches!(e, RuleError::NotInEdition(_)));
    assert_eq!(legal(&g), ["buy deck"]);
    act(&mut g, "buy deck");
    assert_eq!(g.player(0).money, 25);
    assert_eq!(
        g.player(0).hand.levels[3],
        1,
        "the top card was the storey-3 card"
    );
    assert_eq!(g.deck_len(), 2);
    let mut g = Table::classic(2).money(0, 4).game();
    assert!(matches!(
        reject(&mut g, "buy deck"),
        RuleError::CannotAfford { cost: 5, .. }
    ));
}

#[test]
fn turns_go_round_the_table_and_played_cards_never_return() {
    let mut g = Table::modern(3)
        .current(2)
        .run(REGENT, 5, 10, 3)
        .hand(2, "13")
        .discard("40 41")
        .game();
    let turn = g.turn();
    act(&mut g, "play 13");
    let ev = act(&mut g, "end");
    assert_eq!(ev, vec![Event::TurnStarted { seat: 0 }]);
    assert_eq!(g.current(), 0);
    assert_eq!(g.turn(), turn + 1);
    // The discard pile is public and its cards are out of the game.
    let obs = g.observe(Viewer::Spectator);
    assert_eq!(obs.discard, cards("13 40 41"));
    assert!(!g.row().contains(&40));
    assert_eq!(reject(&mut g, "buy 40"), RuleError::NotInRow(40));
    assert_eq!(
        reject(&mut g, "play 13"),
        RuleError::NotInHand(Card::Industry(13))
    );
}

// ----- must buy or play; passing; selling --------------------------------------------------

#[test]
fn must_buy_or_play_if_able() {
    for ed in [MODERN, CLASSIC] {
        // Able to buy (money, cards to take), holding shares.
        let mut g = Table::new(ed, 2)
            .run(REGENT, 8, 10, 3)
            .shares(0, REGENT, 2)
            .game();
        assert_eq!(reject(&mut g, "pass"), RuleError::MustBuyOrPlay);
        if ed == MODERN {
            assert_eq!(reject(&mut g, "sell Regent"), RuleError::MustBuyOrPlay);
        }
        // Able to play, unable to buy.
        let mut g = Table::new(ed, 2)
            .run(REGENT, 8, 10, 3)
            .shares(0, REGENT, 2)
            .money(0, 0)
            .hand(0, "13")
            .game();
        assert_eq!(legal(&g), ["play 13"]);
        let e = reject(&mut g, "pass");
        assert_eq!(e, RuleError::MustBuyOrPlay);
        assert!(e.to_string().contains("must"), "{e}");
        if ed == MODERN {
            assert_eq!(reject(&mut g, "sell Regent"), RuleError::MustBuyOrPlay);
        }
    }
}

#[test]
fn a_card_that_can_neither_found_nor_expand_cannot_be_played() {
    for ed in [MODERN, CLASSIC] {
        // Card 15 is two spaces from Regent: too close to found, not adjacent.
        let mut g = Table::new(ed, 2)
            .run(REGENT, 8, 10, 3)
            .money(0, 0)
            .hand(0, "15")
            .game();
        let e = reject(&mut g, "play 15");
        assert!(matches!(e, RuleError::Unplayable { .. }), "{e}");
        assert!(e.to_string().contains("3 empty spaces"), "{e}");
        assert_eq!(legal(&g), ["pass"]);
        assert_eq!(
            reject(&mut g, "play 20"),
            RuleError::NotInHand(Card::Industry(20))
        );
    }
}

#[test]
fn modern_sell_and_pass() {
    let mut g = Table::modern(2)
        .run(REGENT, 7, 10, 3)
        .run(LUNAR, 9, 30, 3)
        .shares(0, REGENT, 2)
        .shares(0, LUNAR, 1)
        .shares(1, REGENT, 1)
        .money(0, 0)
        .hand(0, "15")
        .game();
    assert_eq!(legal(&g), ["sell Regent", "sell Lunar", "pass"]);
    let ev = act(&mut g, "sell Regent");
    assert_eq!(
        ev,
        vec![Event::ShareSold {
            seat: 0,
            company: REGENT,
            amount: 7
        }]
    );
    // Sold shares return to the supply at the current price.
    assert_eq!(g.player(0).money, 7);
    assert_eq!(g.player(0).shares[REGENT.idx()], 1);
    assert_eq!(g.company(REGENT).supply, 12 - 2);
    assert_eq!(g.phase(), Phase::Selling);
    // After selling only selling and passing, even though a card is affordable now.
    let e = reject(&mut g, "buy deck");
    assert!(matches!(e, RuleError::WrongStep { .. }), "{e}");
    assert!(e.to_string().contains("only sell"), "{e}");
    assert_eq!(legal(&g), ["sell Regent", "sell Lunar", "pass"]);
    act(&mut g, "sell Regent");
    act(&mut g, "sell Lunar");
    assert_eq!(g.player(0).money, 7 + 7 + 9);
    assert_eq!(legal(&g), ["pass"]);
    let e = reject(&mut g, "sell Regent");
    assert!(e.to_string().contains("no share"), "{e}");
    let ev = act(&mut g, "pass");
    assert_eq!(ev[0], Event::Passed { seat: 0 });
    assert_eq!(g.passes(), 1);
    assert_eq!(g.current(), 1);
    // The sold shares can be bought again.
    assert_eq!(g.company(REGENT).supply, 11);
    assert_eq!(g.company(LUNAR).supply, 12);
}

#[test]
fn modern_towers_cannot_be_sold() {
    let mut g = Table::modern(2)
        .run(REGENT, 7, 10, 3)
        .tower(REGENT, 0)
        .money(0, 0)
        .game();
    assert_eq!(legal(&g), ["pass"]);
    let e = reject(&mut g, "sell Regent");
    assert!(e.to_string().contains("towers cannot be sold"), "{e}");
}

#[test]
fn classic_has_no_selling() {
    let mut g = Table::classic(2)
        .run(REGENT, 7, 10, 3)
        .shares(0, REGENT, 2)
        .money(0, 0)
        .game();
    assert_eq!(legal(&g), ["pass"]);
    let e = reject(&mut g, "sell Regent");
    assert!(matches!(e, RuleError::NotInEdition(_)));
    assert!(e.to_string().contains("never be sold"), "{e}");
    act(&mut g, "pass");
    assert_eq!(g.player(0).shares[REGENT.idx()], 2);
    assert_eq!(g.passes(), 1);
}

#[test]
fn everyone_passing_in_a_row_ends_the_game() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 3).all_money(0).game();
        act(&mut g, "pass");
        act(&mut g, "pass");
        assert_eq!(g.passes(), 2);
        assert!(!g.is_over());
        let ev = act(&mut g, "pass");
        assert_eq!(
            ev.last(),
            Some(&Event::GameOver {
                reason: EndReason::AllPassed
            })
        );
        assert!(g.is_over());
        assert!(g.to_act().is_empty());
        assert_eq!(
            g.phase(),
            Phase::Over {
                reason: EndReason::AllPassed
            }
        );
        assert_eq!(reject_by(&mut g, 0, "pass"), RuleError::GameOver);
        assert!(g.outcome().is_some());
    }
}

#[test]
fn a_buy_or_play_breaks_the_row_of_passes() {
    let mut g = Table::modern(3).all_money(0).money(1, 5).game();
    act(&mut g, "pass");
    assert_eq!(g.passes(), 1);
    act(&mut g, "buy deck");
    assert_eq!(g.passes(), 0);
    act(&mut g, "pass");
    act(&mut g, "pass");
    assert_eq!(g.passes(), 2);
    assert!(!g.is_over());
}

#[test]
fn decision_sell_and_pass_counts_as_a_pass_even_if_the_sale_would_allow_buying() {
    let mut g = Table::modern(2)
        .run(REGENT, 10, 10, 3)
        .shares(0, REGENT, 1)
        .all_money(0)
        .game();
    act(&mut g, "sell Regent");
    assert_eq!(g.player(0).money, 10);
    act(&mut g, "pass");
    assert_eq!(g.passes(), 1);
    act(&mut g, "pass");
    assert_eq!(
        g.phase(),
        Phase::Over {
            reason: EndReason::AllPassed
        }
    );
}

// ----- founding ------------------------------------------------------------------------------

#[test]
fn modern_founding() {
    let mut g = Table::modern(2).hand(0, "21").game();
    act(&mut g, "play 21");
    assert_eq!(g.phase(), Phase::ChooseTriple { card: 21 });
    assert_eq!(legal(&g), ["found 19", "found 20", "found 21"]);
    // The three spaces must include the card's space.
    let e = reject(&mut g, "found 22");
    assert!(e.to_string().contains("must include space 21"), "{e}");
    reject(&mut g, "found 18");
    act(&mut g, "found 21");
    assert_eq!(legal(&g), ["double 21", "double 22", "double 23"]);
    // The fourth piece goes on one of the three.
    let e = reject(&mut g, "double 24");
    assert!(
        e.to_string().contains("one of the founding spaces 21-23"),
        "{e}"
    );
    reject(&mut g, "hq Regent");
    act(&mut g, "double 22");
    assert_eq!(legal(&g).len(), 8);
    let ev = act(&mut g, "hq Regent");
    assert_eq!(
        ev[0],
        Event::Founded {
            seat: 0,
            company: REGENT,
            spaces: [21, 22, 23],
            double: Some(22)
        }
    );
    let heights: Vec<u8> = (20..=24).map(|s| g.board().height(s)).collect();
    assert_eq!(heights, [0, 1, 2, 1, 0]);
    for s in 21..=23 {
        assert_eq!(owner(&g, s), Some(REGENT));
    }
    // Price 1+1+1+2 = 5, earned by the founder.
    let co = *g.company(REGENT);
    assert_eq!(co.price, 5);
    assert_eq!(co.status, Status::Active);
    assert_eq!(co.supply, 12);
    assert_eq!(co.tower, None);
    assert!((21..=23).contains(&co.hq));
    assert_eq!(g.pieces(), 88);
    assert_eq!(g.player(0).money, 45);
    assert!(ev.contains(&Event::Earned {
        seat: 0,
        company: REGENT,
        amount: 5
    }));
    assert!(ev.contains(&Event::PiecePlaced {
        space: 22,
        company: REGENT,
        level: 2
    }));
    // Shares may be bought in the company just founded.
    assert_eq!(
        g.phase(),
        Phase::Invest {
            company: REGENT,
            shares: 0
        }
    );
    act(&mut g, "share Regent");
    assert_eq!(g.player(0).money, 40);
    assert_eq!(g.company(REGENT).supply, 11);
    // The tower may go on the company just founded.
    act(&mut g, "tower");
    assert_eq!(g.company(REGENT).tower, Some(0));
    assert_eq!(g.player(0).money, 25);
    act(&mut g, "end");
    assert!(g.discard().contains(Card::Industry(21)));
    assert!(!g.player(0).hand.contains(Card::Industry(21)));
}

#[test]
fn classic_founding_three_pieces_price_3_hq_on_the_card() {
    let mut g = Table::classic(2).hand(0, "21").game();
    act(&mut g, "play 21");
    assert_eq!(legal(&g), ["found 19", "found 20", "found 21"]);
    act(&mut g, "found 20");
    // No fourth piece: straight to the company.
    assert!(matches!(
        g.phase(),
        Phase::ChooseCompany { double: None, .. }
    ));
    let e = reject(&mut g, "double 21");
    assert!(matches!(e, RuleError::WrongStep { .. }), "{e}");
    let ev = act(&mut g, "hq Lunar");
    assert_eq!(
        ev[0],
        Event::Founded {
            seat: 0,
            company: LUNAR,
            spaces: [20, 21, 22],
            double: None
        }
    );
    for s in 20..=22 {
        assert_eq!(g.board().height(s), 1);
        assert_eq!(owner(&g, s), Some(LUNAR));
    }
    assert_eq!(g.company(LUNAR).hq, 21);
    assert_eq!(g.company(LUNAR).price, 3);
    assert_eq!(g.company(LUNAR).supply, 7);
    assert_eq!(g.pieces(), 89);
    assert_eq!(g.player(0).money, 33);
    // Shares cost the higher of 5 and the price.
    act(&mut g, "share Lunar");
    assert_eq!(g.player(0).money, 28);
}

#[test]
fn classic_founding_with_both_extra_pieces_on_one_side() {
    // The founder need not hold the other two cards.
    let mut g = Table::classic(2).hand(0, "30").game();
    act(&mut g, "play 30");
    act(&mut g, "found 28");
    act(&mut g, "hq Comet");
    assert_eq!(g.company(COMET).hq, 30);
    assert_eq!(
        (27..=31).map(|s| g.board().height(s)).collect::<Vec<_>>(),
        [0, 1, 1, 1, 0]
    );
}

#[test]
fn founding_needs_three_empty_spaces_on_both_sides() {
    for ed in [MODERN, CLASSIC] {
        // Regent on 10-12. Card 16: 3 empty spaces (13-15) before it.
        let mut g = Table::new(ed, 2)
            .run(REGENT, 5, 10, 3)
            .run(LUNAR, 5, 30, 3)
            .hand(0, "16 25")
            .game();
        act(&mut g, "play 16");
        assert_eq!(legal(&g), ["found 16"]);
        let e = reject(&mut g, "found 15");
        assert!(e.to_string().contains("3 empty spaces"), "{e}");
        reject(&mut g, "found 14");
        act(&mut g, "found 16");
        // Card 25 in front of Lunar (30): the triple must end by 26 (27-29 empty).
        let mut g = Table::new(ed, 2)
            .run(REGENT, 5, 10, 3)
            .run(LUNAR, 5, 30, 3)
            .hand(0, "25")
            .game();
        act(&mut g, "play 25");
        assert_eq!(legal(&g), ["found 23", "found 24"]);
        reject(&mut g, "found 25");
        // Card 15: every triple holding it comes within 3 spaces of Regent (12).
        let g = Table::new(ed, 2).run(REGENT, 5, 10, 3).hand(0, "15").game();
        assert!(g.card_playable(Card::Industry(15)).is_err());
    }
}

#[test]
fn founding_spacing_across_the_wrap() {
    for ed in [MODERN, CLASSIC] {
        // Regent on 2-3: only 68-70 is far enough for card 70; card 71 is dead.
        let mut g = Table::new(ed, 2)
            .run(REGENT, 5, 2, 2)
            .hand(0, "70 71")
            .game();
        assert!(!is_legal(&g, "play 71"));
        let e = reject(&mut g, "play 71");
        assert!(e.to_string().contains("3 empty spaces"), "{e}");
        act(&mut g, "play 70");
        assert_eq!(legal(&g), ["found 68"]);
        reject(&mut g, "found 70");
        // Regent on 66-68: card 1 may found on 72-1-2 (across the wrap) or 1-3.
        let mut g = Table::new(ed, 2).run(REGENT, 5, 66, 3).hand(0, "1").game();
        act(&mut g, "play 1");
        assert_eq!(legal(&g), ["found 72", "found 1"]);
        reject(&mut g, "found 71");
        act(&mut g, "found 72");
        if ed == MODERN {
            assert_eq!(legal(&g), ["double 72", "double 1", "double 2"]);
            act(&mut g, "double 72");
        }
        act(&mut g, "hq Atlas");
        for s in [72, 1, 2] {
            assert_eq!(owner(&g, s), Some(ATLAS));
        }
        let price = if ed == MODERN { 5 } else { 3 };
        assert_eq!(g.company(ATLAS).price, price);
    }
}

#[test]
fn founding_a_company_that_was_never_on_the_board() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .run(REGENT, 5, 10, 3)
            .gone(LUNAR)
            .hand(0, "40")
            .game();
        act(&mut g, "play 40");
        act(&mut g, "found 40");
        if ed == MODERN {
            act(&mut g, "double 41");
        }
        assert_eq!(
            legal(&g),
            [
                "hq Eagle",
                "hq Kingdom",
                "hq Lion",
                "hq Atlas",
                "hq Comet",
                "hq Summit"
            ]
        );
        assert!(reject(&mut g, "hq Regent")
            .to_string()
            .contains("already on the board"));
        assert!(reject(&mut g, "hq Lunar")
            .to_string()
            .contains("never returns"));
        act(&mut g, "hq Summit");
    }
}

#[test]
fn decision_no_founding_once_every_company_has_been_on_the_board() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .run(REGENT, 5, 10, 3)
            .gone(LUNAR)
            .gone(EAGLE)
            .gone(KINGDOM)
            .gone(LION)
            .gone(ATLAS)
            .gone(COMET)
            .gone(SUMMIT)
            .money(0, 0)
            .hand(0, "40")
            .game();
        let e = reject(&mut g, "play 40");
        assert!(
            e.to_string().contains("acquired companies never return"),
            "{e}"
        );
    }
}

#[test]
fn decision_founding_needs_enough_pieces_in_the_supply() {
    // Modern: 4 pieces. 88 on the board leaves exactly 4: founding is possible and places the
    // last piece.
    let stacks: Vec<(u8, u8)> = (1..=8).map(|s| (s, 11)).collect();
    let mut g = Table::modern(2)
        .company(REGENT, 50, &stacks)
        .hand(0, "40")
        .game();
    assert_eq!(g.pieces(), 4);
    act(&mut g, "play 40");
    act(&mut g, "found 40");
    act(&mut g, "double 40");
    act(&mut g, "hq Lunar");
    assert_eq!(g.pieces(), 0);
    // With 3 left the card cannot found.
    let mut stacks3 = stacks.clone();
    stacks3.push((9, 1));
    let mut g = Table::modern(2)
        .company(REGENT, 50, &stacks3)
        .money(0, 0)
        .hand(0, "40")
        .game();
    assert_eq!(g.pieces(), 3);
    let e = reject(&mut g, "play 40");
    assert!(
        e.to_string()
            .contains("founding needs more building pieces"),
        "{e}"
    );
    // Classic founds with 3 pieces, not with 2.
    let mut g = Table::classic(2)
        .company(REGENT, 50, &stacks3)
        .hand(0, "40")
        .game();
    act(&mut g, "play 40");
    act(&mut g, "found 40");
    act(&mut g, "hq Lunar");
    assert_eq!(g.pieces(), 0);
    stacks3.push((10, 1));
    let mut g = Table::classic(2)
        .company(REGENT, 50, &stacks3)
        .money(0, 0)
        .hand(0, "40")
        .game();
    assert_eq!(g.pieces(), 2);
    reject(&mut g, "play 40");
}

// ----- expanding -----------------------------------------------------------------------------

#[test]
fn expanding_by_stacking_raises_the_price_by_the_new_height() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .company(REGENT, 5, &[(10, 1), (11, 2), (12, 1)])
            .hand(0, "11")
            .game();
        let money = g.player(0).money;
        let ev = act(&mut g, "play 11");
        assert_eq!(
            ev[1..],
            [
                Event::PiecePlaced {
                    space: 11,
                    company: REGENT,
                    level: 3
                },
                Event::PriceChanged {
                    company: REGENT,
                    from: 5,
                    to: 8
                },
                Event::Earned {
                    seat: 0,
                    company: REGENT,
                    amount: 8
                }
            ]
        );
        assert_eq!(g.board().height(11), 3);
        assert_eq!(g.player(0).money, money + 8);
        assert_eq!(g.pieces(), 92 - 5);
    }
}

#[test]
fn an_industry_card_stacks_at_any_height() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .company(REGENT, 20, &[(10, 5), (11, 6)])
            .hand(0, "10 11")
            .game();
        act(&mut g, "play 11");
        assert_eq!(g.board().height(11), 7);
        assert_eq!(g.company(REGENT).price, 27);
    }
}

#[test]
fn expanding_next_to_a_building_places_a_level_1_piece() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .company(REGENT, 5, &[(10, 1), (11, 2), (12, 1)])
            .hand(0, "9 13")
            .game();
        let money = g.player(0).money;
        let ev = act(&mut g, "play 13");
        assert!(ev.contains(&Event::PiecePlaced {
            space: 13,
            company: REGENT,
            level: 1
        }));
        assert_eq!(owner(&g, 13), Some(REGENT));
        assert_eq!(g.company(REGENT).price, 6);
        assert_eq!(g.player(0).money, money + 6);
    }
}

#[test]
fn price_cap_50_when_expanding() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .company(REGENT, 49, &[(10, 2), (11, 2)])
            .hand(0, "10")
            .game();
        let money = g.player(0).money;
        let ev = act(&mut g, "play 10");
        assert!(ev.contains(&Event::PriceChanged {
            company: REGENT,
            from: 49,
            to: 50
        }));
        assert_eq!(g.company(REGENT).price, 50);
        assert_eq!(g.player(0).money, money + 50);
        // At the cap the price stays.
        act(&mut g, "end");
        let mut g = Table::new(ed, 2)
            .company(REGENT, 50, &[(10, 2), (11, 2)])
            .hand(0, "12")
            .game();
        act(&mut g, "play 12");
        assert_eq!(g.company(REGENT).price, 50);
    }
}

#[test]
fn modern_level_card_on_height_1_to_4() {
    let mut g = Table::modern(2)
        .company(REGENT, 20, &[(10, 5), (11, 4), (12, 1)])
        .hand(0, "L")
        .game();
    let ev = act(&mut g, "play L");
    assert_eq!(
        ev,
        vec![Event::CardPlayed {
            seat: 0,
            card: Card::Level(0)
        }]
    );
    assert_eq!(g.phase(), Phase::ChooseLevelSpace { kind: 0 });
    assert_eq!(legal(&g), ["at 11", "at 12"]);
    let e = reject(&mut g, "at 10");
    assert!(
        e.to_string().contains("1 to 4 pieces; this one has 5"),
        "{e}"
    );
    reject(&mut g, "at 30");
    let ev = act(&mut g, "at 11");
    assert!(ev.contains(&Event::PiecePlaced {
        space: 11,
        company: REGENT,
        level: 5
    }));
    assert_eq!(g.company(REGENT).price, 25);
    assert_eq!(g.player(0).money, 65);
    assert_eq!(g.discard().levels[0], 1);
}

#[test]
fn modern_level_card_without_a_space_of_height_1_to_4_cannot_be_played() {
    let mut g = Table::modern(2)
        .company(REGENT, 20, &[(10, 5), (11, 6)])
        .money(0, 0)
        .hand(0, "L")
        .game();
    let e = reject(&mut g, "play L");
    assert!(e.to_string().contains("1 to 4 pieces"), "{e}");
    assert_eq!(legal(&g), ["pass"]);
    // No level card in hand; no Classic storey cards in Modern.
    let mut g = Table::modern(2).run(REGENT, 5, 10, 3).game();
    assert_eq!(
        reject(&mut g, "play L"),
        RuleError::NotInHand(Card::Level(0))
    );
    assert_eq!(
        reject(&mut g, "play L3"),
        RuleError::NotInHand(Card::Level(3))
    );
}

#[test]
fn classic_storey_card_goes_on_height_k_minus_1() {
    let base = Table::classic(2)
        .company(REGENT, 20, &[(10, 1), (11, 2), (12, 3), (13, 4)])
        .hand(0, "L2 L3 L4 L5")
        .game();
    for (k, s) in [(2u8, 10u8), (3, 11), (4, 12), (5, 13)] {
        let mut g = base.clone();
        act(&mut g, &format!("play L{k}"));
        assert_eq!(legal(&g), [format!("at {s}")]);
        for other in [10u8, 11, 12, 13, 30] {
            if other != s {
                let e = reject(&mut g, &format!("at {other}"));
                assert!(
                    e.to_string().contains(&if k == 2 {
                        "exactly 1 piece;".to_string()
                    } else {
                        format!("exactly {} pieces", k - 1)
                    }),
                    "{e}"
                );
            }
        }
        let ev = act(&mut g, &format!("at {s}"));
        assert!(ev.contains(&Event::PiecePlaced {
            space: s,
            company: REGENT,
            level: k
        }));
        assert_eq!(g.company(REGENT).price, 20 + k);
        assert_eq!(g.player(0).money, 30 + 20 + k as u32);
    }
    // A storey card with no space of the right height cannot be played; there is no Modern
    // level card in Classic.
    let mut g = Table::classic(2)
        .company(REGENT, 20, &[(10, 1), (11, 3)])
        .money(0, 0)
        .hand(0, "L3 L5")
        .game();
    let e = reject(&mut g, "play L3");
    assert!(
        e.to_string()
            .contains("storey-3 card needs a space with exactly 2 pieces"),
        "{e}"
    );
    reject(&mut g, "play L5");
    assert_eq!(legal(&g), ["pass"]);
    // No Modern level card in Classic: the player is told which level cards they hold.
    let e = reject(&mut g, "play L");
    assert!(matches!(
        e,
        RuleError::LevelNotInHand {
            card: Card::Level(0),
            ..
        }
    ));
    assert_eq!(
        e.to_string(),
        "card L is not in your hand; your level cards: L3, L5"
    );
}

#[test]
fn a_level_card_not_in_hand_names_the_level_cards_held() {
    let mut g = Table::classic(2)
        .company(REGENT, 20, &[(10, 1), (11, 3)])
        .hand(0, "L2 L4 30")
        .game();
    let e = reject(&mut g, "play L");
    assert_eq!(
        e.to_string(),
        "card L is not in your hand; your level cards: L2, L4"
    );
    let e = reject(&mut g, "play L5");
    assert_eq!(
        e.to_string(),
        "card L5 is not in your hand; your level cards: L2, L4"
    );
    // Holding no level card at all, and industry cards, keep the short message.
    let mut g = Table::classic(2)
        .company(REGENT, 20, &[(10, 1), (11, 3)])
        .hand(0, "30")
        .game();
    assert_eq!(
        reject(&mut g, "play L2"),
        RuleError::NotInHand(Card::Level(2))
    );
    assert_eq!(
        reject(&mut g, "play 31").to_string(),
        "card 31 is not in your hand"
    );
}

// ----- mergers -------------------------------------------------------------------------------

#[test]
fn merger_the_higher_price_acquires_after_the_join() {
    // Equal prices: the connecting piece decides.
    let t = Table::modern(2)
        .run(REGENT, 11, 40, 6)
        .run(LUNAR, 11, 47, 3)
        .shares(1, REGENT, 3)
        .shares(1, LUNAR, 1)
        .hand(0, "46");
    let mut g = t.game();
    act(&mut g, "play 46");
    let e = reject(&mut g, "join Eagle");
    assert!(e.to_string().contains("not part of this merger"), "{e}");
    reject(&mut g, "survivor Regent");
    reject(&mut g, "end");
    let ev = act(&mut g, "join Lunar");
    assert!(ev.contains(&Event::Merged {
        survivor: LUNAR,
        acquired: REGENT
    }));
    assert_eq!(g.company(LUNAR).price, 23);
    assert_eq!(g.company(REGENT).status, Status::Gone);
    assert_eq!(g.player(1).money, 40 + 3 * 11);
    assert_eq!(g.player(0).money, 40 + 23);
    assert_eq!(g.company(LUNAR).hq, 47);
    for s in 40..=49 {
        assert_eq!(owner(&g, s), Some(LUNAR));
    }
    let mut g = t.game();
    act(&mut g, "play 46");
    act(&mut g, "join Regent");
    assert_eq!(g.company(REGENT).price, 23);
    assert_eq!(g.company(LUNAR).status, Status::Gone);
    assert_eq!(g.player(1).money, 40 + 11);
}

#[test]
fn merger_on_equal_prices_the_player_chooses_the_survivor() {
    let t = Table::modern(2)
        .run(REGENT, 12, 40, 6)
        .run(LUNAR, 11, 47, 3)
        .shares(1, REGENT, 2)
        .shares(1, LUNAR, 1)
        .hand(0, "46");
    for (survivor, acquired) in [(LUNAR, REGENT), (REGENT, LUNAR)] {
        let mut g = t.game();
        act(&mut g, "play 46");
        act(&mut g, "join Lunar");
        assert_eq!(
            g.phase(),
            Phase::ChooseSurvivor {
                space: 46,
                left: REGENT,
                right: LUNAR
            }
        );
        assert_eq!(legal(&g), ["survivor Regent", "survivor Lunar"]);
        let e = reject(&mut g, "survivor Eagle");
        assert!(e.to_string().contains("not part of this merger"), "{e}");
        let e = reject(&mut g, "join Regent");
        assert!(e.to_string().contains("prices are equal"), "{e}");
        act(&mut g, &format!("survivor {survivor}"));
        assert_eq!(g.company(survivor).price, 24);
        assert_eq!(g.company(acquired).status, Status::Gone);
        let paid = if acquired == REGENT { 2 * 12 } else { 12 };
        assert_eq!(g.player(1).money, 40 + paid);
        assert_eq!(g.player(0).money, 40 + 24);
        assert_eq!(
            g.phase(),
            Phase::Invest {
                company: survivor,
                shares: 0
            }
        );
    }
}

#[test]
fn merger_price_is_capped_at_50() {
    let mut g = Table::modern(2)
        .run(REGENT, 40, 40, 6)
        .run(LUNAR, 30, 47, 3)
        .hand(0, "46")
        .game();
    act(&mut g, "play 46");
    act(&mut g, "join Lunar");
    assert_eq!(g.company(REGENT).price, 50);
    assert_eq!(g.player(0).money, 90);
}

#[test]
fn merger_classic_owner_flag_counts_three_shares() {
    let mut g = Table::classic(3)
        .run(REGENT, 21, 40, 6)
        .run(LUNAR, 11, 47, 3)
        .shares(1, LUNAR, 1)
        .tower(LUNAR, 1)
        .shares(2, LUNAR, 2)
        .hand(0, "46")
        .game();
    act(&mut g, "play 46");
    act(&mut g, "join Lunar");
    assert_eq!(g.player(1).money, 30 + 4 * 12);
    assert_eq!(g.player(2).money, 30 + 2 * 12);
    assert_eq!(g.player(0).money, 30 + 33);
    assert_eq!(g.company(LUNAR).status, Status::Gone);
    assert_eq!(g.player(1).towers_placed, 1);
}

#[test]
fn decision_an_empty_space_between_two_pieces_of_one_company_is_a_plain_expansion() {
    // Regent wraps the loop from 3 round to 1; only space 2 is empty.
    let mut g = Table::modern(2).run(REGENT, 30, 3, 71).hand(0, "2").game();
    assert_eq!(owner(&g, 1), Some(REGENT));
    assert_eq!(owner(&g, 3), Some(REGENT));
    let ev = act(&mut g, "play 2");
    assert!(ev.contains(&Event::PiecePlaced {
        space: 2,
        company: REGENT,
        level: 1
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Merged { .. })));
    assert_eq!(g.company(REGENT).price, 31);
    assert_eq!(
        g.phase(),
        Phase::Invest {
            company: REGENT,
            shares: 0
        }
    );
    assert_eq!(g.company(REGENT).status, Status::Active);
}

#[test]
fn decision_towers_after_a_merger() {
    // The survivor already has a tower: none may be added.
    let mut g = Table::modern(2)
        .run(REGENT, 21, 40, 6)
        .tower(REGENT, 1)
        .run(LUNAR, 11, 47, 3)
        .hand(0, "46")
        .game();
    act(&mut g, "play 46");
    act(&mut g, "join Lunar");
    assert!(!is_legal(&g, "tower"));
    let e = reject(&mut g, "tower");
    assert!(e.to_string().contains("already carries seat"), "{e}");
    // A tower removed in a merger is gone and still counts: the next one costs 30.
    let mut g = Table::modern(2)
        .run(REGENT, 21, 40, 6)
        .run(LUNAR, 11, 47, 3)
        .tower(LUNAR, 0)
        .hand(0, "46")
        .game();
    act(&mut g, "play 46");
    act(&mut g, "join Lunar");
    assert_eq!(g.player(0).money, 40 + 36 + 33);
    assert_eq!(g.player(0).towers_placed, 1);
    let ev = act(&mut g, "tower");
    assert!(ev.contains(&Event::TowerPlaced {
        seat: 0,
        company: REGENT,
        cost: 30
    }));
    // Both towers used (one removed): no third.
    let mut g = Table::modern(2)
        .run(REGENT, 21, 40, 6)
        .run(LUNAR, 11, 47, 3)
        .tower(LUNAR, 0)
        .towers_placed(0, 2)
        .money(0, 500)
        .hand(0, "46")
        .game();
    act(&mut g, "play 46");
    act(&mut g, "join Lunar");
    assert_eq!(
        reject(&mut g, "tower"),
        RuleError::NoTowerLeft("radio tower")
    );
}

// ----- step 5: shares and towers -------------------------------------------------------------

fn invest_table(ed: Edition) -> Table {
    Table::new(ed, 3)
        .company(REGENT, 5, &[(10, 1), (11, 2), (12, 1)])
        .run(LUNAR, 20, 30, 3)
        .run(ATLAS, 7, 50, 2)
        .shares(1, ATLAS, ed.rules().shares_per_company)
        .hand(0, "13")
        .money(0, 60)
}

#[test]
fn up_to_two_shares_of_any_company_with_supply() {
    for ed in [MODERN, CLASSIC] {
        let mut g = invest_table(ed).game();
        act(&mut g, "play 13");
        assert_eq!(g.player(0).money, 66);
        assert_eq!(legal(&g), ["share Regent", "share Lunar", "tower", "end"]);
        // Not without supply; not in a company not on the board.
        let e = reject(&mut g, "share Atlas");
        assert!(e.to_string().contains("no shares left"), "{e}");
        let e = reject(&mut g, "share Summit");
        assert!(e.to_string().contains("not on the board"), "{e}");
        let ev = act(&mut g, "share Lunar");
        assert_eq!(
            ev,
            vec![Event::ShareBought {
                seat: 0,
                company: LUNAR,
                cost: 20
            }]
        );
        act(&mut g, "share Regent");
        // Regent is at 6 after the expansion: 6 in both editions.
        assert_eq!(g.player(0).money, 66 - 20 - 6);
        let spc = ed.rules().shares_per_company;
        assert_eq!(g.company(LUNAR).supply, spc - 1);
        assert_eq!(g.player(0).shares[REGENT.idx()], 1);
        // A third share is one too many; the tower is still possible.
        let e = reject(&mut g, "share Regent");
        assert_eq!(e, RuleError::ShareLimit);
        assert!(e.to_string().contains("at most 2 shares"), "{e}");
        assert_eq!(legal(&g), ["tower", "end"]);
        act(&mut g, "end");
        assert_eq!(g.current(), 1);
    }
}

#[test]
fn share_price_modern_current_price_classic_at_least_5() {
    for (ed, cost) in [(MODERN, 4u32), (CLASSIC, 5)] {
        let mut g = Table::new(ed, 2)
            .run(REGENT, 3, 10, 3)
            .run(LUNAR, 12, 30, 3)
            .hand(0, "13")
            .game();
        act(&mut g, "play 13");
        let m = g.player(0).money;
        let ev = act(&mut g, "share Regent");
        assert_eq!(
            ev,
            vec![Event::ShareBought {
                seat: 0,
                company: REGENT,
                cost
            }]
        );
        act(&mut g, "share Lunar");
        assert_eq!(g.player(0).money, m - cost - 12);
    }
}

#[test]
fn money_may_never_go_below_zero_in_step_5() {
    for ed in [MODERN, CLASSIC] {
        let mut g = invest_table(ed).money(0, 0).game();
        act(&mut g, "play 13");
        assert_eq!(g.player(0).money, 6);
        assert_eq!(legal(&g), ["share Regent", "end"]);
        let e = reject(&mut g, "share Lunar");
        assert!(matches!(e, RuleError::CannotAfford { cost: 20, .. }), "{e}");
        let e = reject(&mut g, "tower");
        assert!(matches!(e, RuleError::CannotAfford { cost: 15, .. }), "{e}");
    }
}

#[test]
fn tower_on_the_company_of_this_turn_15_then_30_at_most_2() {
    for ed in [MODERN, CLASSIC] {
        let name = ed.rules().tower_name;
        // First tower 15, on the company expanded this turn (not another).
        let mut g = invest_table(ed).game();
        reject(&mut g, "tower");
        act(&mut g, "play 13");
        // Shares and the tower in any order.
        let ev = act(&mut g, "tower");
        assert_eq!(
            ev,
            vec![Event::TowerPlaced {
                seat: 0,
                company: REGENT,
                cost: 15
            }]
        );
        assert_eq!(g.company(REGENT).tower, Some(0));
        assert_eq!(g.company(LUNAR).tower, None);
        assert_eq!(g.player(0).towers_placed, 1);
        let e = reject(&mut g, "tower");
        assert!(e.to_string().contains(&format!("'s {name}")), "{e}");
        act(&mut g, "share Regent");
        act(&mut g, "share Lunar");
        // Second tower 30.
        let mut g = invest_table(ed).run(COMET, 9, 60, 2).tower(COMET, 0).game();
        act(&mut g, "play 13");
        let ev = act(&mut g, "tower");
        assert!(matches!(ev[0], Event::TowerPlaced { cost: 30, .. }));
        assert_eq!(g.player(0).towers_placed, 2);
        // No third.
        let mut g = invest_table(ed)
            .run(COMET, 9, 60, 2)
            .tower(COMET, 0)
            .towers_placed(0, 2)
            .game();
        act(&mut g, "play 13");
        let e = reject(&mut g, "tower");
        assert_eq!(e, RuleError::NoTowerLeft(name));
        assert!(
            e.to_string().contains(&format!("both of your {name}s")),
            "{e}"
        );
        // Another player's tower already stands on the company.
        let mut g = invest_table(ed).tower(REGENT, 2).game();
        act(&mut g, "play 13");
        assert!(!is_legal(&g, "tower"));
        reject(&mut g, "tower");
    }
}

#[test]
fn classic_owner_flag_notation() {
    assert_eq!(parse("flag"), Action::Tower);
    assert_eq!(CLASSIC.rules().tower_name, "owner flag");
    assert_eq!(MODERN.rules().tower_name, "radio tower");
}

// ----- the end of the game ------------------------------------------------------------------

#[test]
fn the_game_ends_after_the_turn_of_the_last_piece() {
    for ed in [MODERN, CLASSIC] {
        // 91 pieces on the board, one in the supply.
        let mut stacks: Vec<(u8, u8)> = (1..=9).map(|s| (s, 9)).collect();
        stacks.push((10, 10));
        let mut g = Table::new(ed, 2)
            .company(REGENT, 30, &stacks)
            .hand(0, "11")
            .money(0, 100)
            .game();
        assert_eq!(g.pieces(), 1);
        act(&mut g, "play 11");
        assert_eq!(g.pieces(), 0);
        // The player finishes the turn: shares and a tower are still possible.
        assert!(!g.is_over());
        assert_eq!(g.to_act().first(), Some(0));
        act(&mut g, "share Regent");
        act(&mut g, "tower");
        let ev = act(&mut g, "end");
        assert_eq!(
            ev,
            vec![Event::GameOver {
                reason: EndReason::LastPiece
            }]
        );
        assert!(g.is_over());
        assert_eq!(
            g.phase(),
            Phase::Over {
                reason: EndReason::LastPiece
            }
        );
        assert_eq!(reject_by(&mut g, 1, "buy deck"), RuleError::GameOver);
        let out = g.outcome().unwrap();
        assert_eq!(out.scores[0], g.score(0).total);
    }
}

// ----- scoring -------------------------------------------------------------------------------

#[test]
fn scoring_cards_in_hand_modern_plus_classic_minus() {
    let m = Table::modern(2)
        .run(REGENT, 10, 10, 3)
        .shares(0, REGENT, 2)
        .money(0, 50)
        .hand(0, "1 2 L L")
        .over()
        .game();
    assert_eq!(
        m.score(0),
        ScoreLine {
            money: 50,
            shares: 20,
            towers: 0,
            cards: 2 * 5 + 2 * 10,
            total: 100,
            towers_placed: 0
        }
    );
    let c = Table::classic(2)
        .run(REGENT, 10, 10, 3)
        .shares(0, REGENT, 2)
        .tower(REGENT, 0)
        .money(0, 50)
        .hand(0, "1 2 L2 L5")
        .over()
        .game();
    assert_eq!(
        c.score(0),
        ScoreLine {
            money: 50,
            shares: 20,
            towers: 30,
            cards: -20,
            total: 80,
            towers_placed: 1
        }
    );
}

#[test]
fn modern_ties_are_broken_by_towers_placed_then_shared() {
    // Seat 1 placed 2 towers (both since removed), seat 0 one: seat 1 wins the tie.
    let g = Table::modern(3)
        .money(0, 100)
        .towers_placed(0, 1)
        .money(1, 100)
        .towers_placed(1, 2)
        .money(2, 99)
        .towers_placed(2, 2)
        .over()
        .game();
    let out = g.outcome().unwrap();
    assert_eq!(out.scores, [100, 100, 99]);
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), [1]);
    // Same towers: the title is shared.
    let g = Table::modern(3)
        .money(0, 100)
        .towers_placed(0, 1)
        .money(1, 100)
        .towers_placed(1, 1)
        .money(2, 10)
        .towers_placed(2, 2)
        .over()
        .game();
    let out = g.outcome().unwrap();
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), [0, 1]);
    assert_eq!(out.reward(0), 0.5);
}

#[test]
fn classic_ties_are_shared() {
    let g = Table::classic(3)
        .money(0, 100)
        .towers_placed(0, 0)
        .money(1, 100)
        .towers_placed(1, 2)
        .money(2, 50)
        .over()
        .game();
    let out = g.outcome().unwrap();
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), [0, 1]);
}

#[test]
fn no_outcome_before_the_end() {
    let g = Table::modern(2).game();
    assert!(g.outcome().is_none());
    assert!(g.observe(Viewer::Spectator).outcome.is_none());
}

// ----- hidden information ------------------------------------------------------------------

#[test]
fn hands_and_deck_are_secret_counts_are_public() {
    for ed in [MODERN, CLASSIC] {
        let lvl = if ed == MODERN { "L" } else { "L2" };
        let g = Table::new(ed, 2)
            .hand(0, &format!("5 6 {lvl}"))
            .hand(1, "7")
            .game();
        let mine = g.observe(Viewer::Seat(0));
        assert_eq!(mine.hand, Some(cards(&format!("5 6 {lvl}"))));
        let theirs = g.observe(Viewer::Seat(1));
        assert_eq!(theirs.hand, Some(cards("7")));
        assert_eq!(theirs.players[0].hand_size, 3);
        let spectator = g.observe(Viewer::Spectator);
        assert_eq!(spectator.hand, None);
        assert_eq!(spectator.deck_size, g.deck_len());
        // Modern level cards are bought face up; Classic storey cards come from the deck.
        let levels = if ed == MODERN { Some(1) } else { None };
        assert_eq!(theirs.players[0].level_cards, levels);
        // The deck's order is not in any observation.
        let json = serde_json::to_value(&spectator).unwrap();
        assert!(json.get("deck").is_none());
    }
}

// ----- errors --------------------------------------------------------------------------------

#[test]
fn illegal_actions_are_rejected_and_change_nothing() {
    // Out of turn.
    let mut g = Table::modern(3).hand(1, "20").game();
    let e = reject_by(&mut g, 1, "buy deck");
    assert_eq!(
        e,
        RuleError::NotYourTurn {
            seat: 1,
            current: 0
        }
    );
    assert!(e.to_string().contains("not seat 1's turn"), "{e}");
    // Wrong step.
    let e = reject(&mut g, "share Regent");
    assert!(e.to_string().contains("start your turn"), "{e}");
    let e = reject(&mut g, "end");
    assert!(matches!(e, RuleError::WrongStep { .. }));
    reject(&mut g, "found 20");
    reject(&mut g, "hq Regent");
    // Every action of the universe, in every step of a turn.
    check_universe(&g);
    let mut g = merger_46_table().game();
    check_universe(&g);
    act(&mut g, "play 46");
    check_universe(&g);
    act(&mut g, "join Lunar");
    check_universe(&g);
    let mut g = Table::modern(2).hand(0, "21").game();
    act(&mut g, "play 21");
    check_universe(&g);
    act(&mut g, "found 20");
    check_universe(&g);
    act(&mut g, "double 20");
    check_universe(&g);
    let mut g = Table::modern(2)
        .run(REGENT, 7, 10, 3)
        .shares(0, REGENT, 2)
        .money(0, 0)
        .game();
    check_universe(&g);
    act(&mut g, "sell Regent");
    check_universe(&g);
    let g = Table::classic(2)
        .company(REGENT, 20, &[(10, 1), (11, 3)])
        .hand(0, "L2")
        .game();
    check_universe(&g);
}

#[test]
fn error_messages_name_the_rule() {
    let mut g = invest_table(MODERN).game();
    act(&mut g, "play 13");
    act(&mut g, "share Lunar");
    act(&mut g, "share Lunar");
    let msgs = [
        (
            reject(&mut g, "share Regent"),
            "at most 2 shares may be bought per turn",
        ),
        (reject(&mut g, "buy deck"), "`buy deck` is not possible now"),
    ];
    for (e, phrase) in msgs {
        assert!(e.to_string().contains(phrase), "`{e}` lacks `{phrase}`");
    }
    let mut g = Table::modern(2)
        .run(REGENT, 5, 10, 3)
        .hand(0, "14 16")
        .game();
    let e = reject(&mut g, "play 14");
    assert_eq!(
        e.to_string(),
        "card 14 cannot be played: a new company needs at least 3 empty spaces between it and \
         every other company, on both sides"
    );
    let e = reject(&mut g, "pass");
    assert!(e
        .to_string()
        .contains("passing and selling are only for a player who can do neither"));
    act(&mut g, "play 16");
    let e = reject(&mut g, "found 14");
    assert!(
        e.to_string().starts_with("cannot found on spaces 14-16"),
        "{e}"
    );
}

// ----- positions -----------------------------------------------------------------------------

fn import_err(pos: &Position) -> PositionError {
    match BigBoss::from_position(pos) {
        Ok(_) => panic!("an impossible position was accepted"),
        Err(e) => e,
    }
}

#[test]
fn positions_edited_from_a_real_game_import() {
    let g = BigBoss::new(&Config::new(MODERN, 4), 7).unwrap();
    let mut pos = g.position();
    assert_eq!(BigBoss::from_position(&pos).unwrap(), g);
    // Move the top card of the deck into the current player's hand.
    let card = pos.deck.remove(0);
    pos.players[pos.current].hand.push(card);
    pos.players[pos.current].money = 0;
    let mut h = BigBoss::from_position(&pos).unwrap();
    assert!(h.player(h.current()).hand.contains(card));
    assert_eq!(h.deck_len(), g.deck_len() - 1);
    // Empty board: any industry card founds.
    act(&mut h, &format!("play {card}"));
    assert!(matches!(h.phase(), Phase::ChooseTriple { .. }));
}

/// Regression: a headquarters space past 72 (73-255) made the import panic with an index out
/// of bounds instead of naming the field.
#[test]
fn headquarters_off_the_board_is_rejected_naming_the_field() {
    let base = Table::modern(3)
        .company(REGENT, 9, &[(10, 1), (11, 2), (12, 1)])
        .position();
    BigBoss::from_position(&base).unwrap();
    for hq in [0, 73, 100, 255] {
        let mut p = base.clone();
        let i = p.companies.iter().position(|c| c.name == REGENT).unwrap();
        p.companies[i].hq = Some(hq);
        let e = import_err(&p);
        assert_eq!(e.field, format!("companies[{i}].hq"), "hq {hq}: {e}");
        assert!(e.reason.contains("1-72"), "{}", e.reason);
    }
}

#[test]
fn impossible_positions_are_rejected_naming_the_field() {
    let base = Table::modern(3)
        .company(REGENT, 9, &[(10, 1), (11, 2), (12, 1)])
        .run(LUNAR, 5, 30, 3)
        .shares(0, REGENT, 2)
        .hand(0, "1 2 3")
        .position();
    BigBoss::from_position(&base).unwrap();

    // A 93rd piece.
    let e = import_err(&Table::modern(2).pieces(93).position());
    assert_eq!(e.field, "pieces");
    let mut p = base.clone();
    p.pieces += 1;
    let e = import_err(&p);
    assert_eq!(e.field, "pieces");
    assert!(e.reason.contains("92"), "{}", e.reason);
    let mut p = base.clone();
    p.board[0].height += 1;
    assert_eq!(import_err(&p).field, "pieces");

    // A duplicated card.
    let mut p = base.clone();
    p.discard.push(Card::Industry(2));
    let e = import_err(&p);
    assert_eq!(e.field, format!("discard[{}]", p.discard.len() - 1));
    assert!(
        e.reason.contains("industry card 2 appears twice"),
        "{}",
        e.reason
    );
    // A missing card.
    let mut p = base.clone();
    p.players[0].hand.retain(|&c| c != Card::Industry(2));
    let e = import_err(&p);
    assert_eq!(e.field, "cards");
    assert!(e.reason.contains("missing 2"), "{}", e.reason);
    // A 19th level card.
    let mut p = base.clone();
    p.level_stack += 1;
    assert_eq!(import_err(&p).field, "cards");

    // A price of 51.
    let mut p = base.clone();
    p.companies[0].price = 51;
    let e = import_err(&p);
    assert_eq!(e.field, "companies[0].price");

    // A broken company run.
    let mut p = base.clone();
    p.board.retain(|e| e.space != 11);
    p.pieces += 2;
    let e = import_err(&p);
    assert_eq!(e.field, "board");
    assert!(e.reason.contains("unbroken run"), "{}", e.reason);

    // Shares over the supply.
    let mut p = base.clone();
    p.players[1].shares.insert(REGENT, 11);
    let e = import_err(&p);
    assert_eq!(e.field, "companies");
    assert!(e.reason.contains("shares held"), "{}", e.reason);
    let mut p = base.clone();
    p.companies[1].supply = 13;
    assert_eq!(import_err(&p).field, "companies[1].supply");

    // Headquarters off the company's buildings.
    let mut p = base.clone();
    p.companies[0].hq = Some(30);
    assert_eq!(import_err(&p).field, "companies");

    // A short row while the deck still has cards.
    let mut p = base.clone();
    let c = p.row.pop().unwrap();
    p.discard.push(c);
    assert_eq!(import_err(&p).field, "row");

    // Shares of a company not on the board.
    let mut p = base.clone();
    p.players[2].shares.insert(EAGLE, 1);
    assert_eq!(import_err(&p).field, "players[2].shares");

    // A Modern level card in a Classic game.
    let mut p = Table::classic(2).position();
    p.players[0].hand.push(Card::Level(0));
    assert_eq!(import_err(&p).field, "players[0].hand[0]");

    // Every player has passed but the game goes on.
    let mut p = base.clone();
    p.passes = 3;
    assert_eq!(import_err(&p).field, "passes");

    // An unknown field.
    let mut json = serde_json::to_value(&base).unwrap();
    json.as_object_mut()
        .unwrap()
        .insert("bonus".into(), serde_json::json!(5));
    let e = serde_json::from_value::<Position>(json).unwrap_err();
    assert!(e.to_string().contains("unknown field `bonus`"), "{e}");
    let mut json = serde_json::to_value(&base).unwrap();
    json["players"][0]
        .as_object_mut()
        .unwrap()
        .insert("debt".into(), serde_json::json!(1));
    let e = serde_json::from_value::<Position>(json).unwrap_err();
    assert!(e.to_string().contains("unknown field `debt`"), "{e}");
}

#[test]
fn position_with_two_companies_touching_is_rejected() {
    // Regent on 10-12 and Lunar on 13-15 touch: in play, the piece on 13 would have joined
    // Regent and Lunar in a merger (and founding keeps 3 empty spaces between companies).
    let p = Table::modern(2)
        .run(REGENT, 5, 10, 3)
        .run(LUNAR, 5, 13, 3)
        .position();
    let e = import_err(&p);
    assert_eq!(e.field, "board");
}
