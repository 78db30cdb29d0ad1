//! The position format: the whole state as JSON (see `docs/big-boss-position-format.md`), with
//! validation that rejects impossible positions, naming the field at fault.

use crate::board::{is_space, next, prev, Board, Space, SPACES};
use crate::card::{Card, Hand, IndustrySet, LEVEL_KINDS};
use crate::company::{Company, CompanyId, Status, COMPANIES};
use crate::edition::{Edition, INDUSTRY_CARDS, PIECES, PRICE_CAP, TOWERS_PER_PLAYER};
use crate::rules::IndustryUse;
use crate::state::{BigBoss, Phase, Player, MAX_DECK, MAX_PLAYERS, MIN_PLAYERS};
use arrayvec::ArrayVec;
use boardroom_engine::{PositionError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The game name written in positions and records.
pub const GAME_NAME: &str = "big-boss";

/// An occupied space.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceEntry {
    /// The space, 1–72.
    pub space: Space,
    /// Building pieces on it (at least 1).
    pub height: u8,
    /// The company they belong to.
    pub company: CompanyId,
}

/// A company that is on the board or was acquired (companies not listed are unfounded).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompanyEntry {
    /// The company.
    pub name: CompanyId,
    /// `active` or `gone`.
    pub status: Status,
    /// Share price (active: 1–50; gone: 0).
    #[serde(default)]
    pub price: u8,
    /// Shares left in its pile.
    #[serde(default)]
    pub supply: u8,
    /// Seat of the player whose tower (owner flag) stands on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tower: Option<Seat>,
    /// Space of its headquarters (active companies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hq: Option<Space>,
}

/// A player's holdings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerEntry {
    /// Money in millions.
    pub money: u32,
    /// Shares per company (companies with none left out).
    #[serde(default)]
    pub shares: BTreeMap<CompanyId, u8>,
    /// Towers placed during the game, removed ones included (0–2).
    #[serde(default)]
    pub towers_placed: u8,
    /// The hand.
    pub hand: Vec<Card>,
    /// Cards of the hand every player knows of (bought from the face-up row).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub known: Vec<Card>,
}

/// A complete Big Boss position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Always `big-boss`.
    pub game: String,
    /// `modern` or `classic`.
    pub edition: Edition,
    /// The seat named by the table as first player, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
    /// The seat whose turn it is.
    pub current: Seat,
    /// Turn number, from 1.
    pub turn: u32,
    /// Consecutive passes so far.
    #[serde(default)]
    pub passes: u8,
    /// Where in the turn the game is.
    pub phase: Phase,
    /// Building pieces in the supply.
    pub pieces: u8,
    /// Occupied spaces.
    pub board: Vec<SpaceEntry>,
    /// Companies that were founded.
    pub companies: Vec<CompanyEntry>,
    /// Players in seat order.
    pub players: Vec<PlayerEntry>,
    /// The deck, top card first.
    pub deck: Vec<Card>,
    /// The face-up industry row (Modern).
    #[serde(default)]
    pub row: Vec<Card>,
    /// Level cards in the face-up stack (Modern).
    #[serde(default)]
    pub level_stack: u8,
    /// The discard pile.
    #[serde(default)]
    pub discard: Vec<Card>,
}

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError::new(field, reason))
}

impl BigBoss {
    /// Exports the whole state.
    pub fn position(&self) -> Position {
        let board = self
            .board
            .occupied()
            .map(|(space, height, c)| SpaceEntry {
                space,
                height,
                company: CompanyId(c),
            })
            .collect();
        let companies = CompanyId::all()
            .filter_map(|c| {
                let co = &self.companies[c.idx()];
                (co.status != Status::Unfounded).then(|| CompanyEntry {
                    name: c,
                    status: co.status,
                    price: co.price,
                    supply: co.supply,
                    tower: co.tower,
                    hq: co.active().then_some(co.hq),
                })
            })
            .collect();
        let players = (0..self.n as usize)
            .map(|s| {
                let p = &self.players[s];
                PlayerEntry {
                    money: p.money,
                    shares: CompanyId::all()
                        .filter(|c| p.shares[c.idx()] > 0)
                        .map(|c| (c, p.shares[c.idx()]))
                        .collect(),
                    towers_placed: p.towers_placed,
                    hand: p.hand.cards(),
                    known: p.known.iter().map(Card::Industry).collect(),
                }
            })
            .collect();
        Position {
            game: GAME_NAME.to_string(),
            edition: self.edition,
            first_player: self.first_player,
            current: self.current as Seat,
            turn: self.turn,
            passes: self.passes,
            phase: self.phase,
            pieces: self.pieces,
            board,
            companies,
            players,
            deck: self.deck.iter().rev().copied().collect(),
            row: self.row.iter().map(|&s| Card::Industry(s)).collect(),
            level_stack: self.level_stack,
            discard: self.discard.cards(),
        }
    }

    /// Imports a position, rejecting anything impossible.
    pub fn from_position(pos: &Position) -> Result<BigBoss, PositionError> {
        if pos.game != GAME_NAME {
            return err(
                "game",
                format!("expected `{GAME_NAME}`, found `{}`", pos.game),
            );
        }
        let edition = pos.edition;
        let r = edition.rules();
        let n = pos.players.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return err(
                "players",
                format!("Big Boss is for 2 to 6 players, found {n}"),
            );
        }
        if pos.current >= n {
            return err(
                "current",
                format!("seat {} does not exist ({n} players)", pos.current),
            );
        }
        if let Some(f) = pos.first_player {
            if f >= n {
                return err(
                    "first_player",
                    format!("seat {f} does not exist ({n} players)"),
                );
            }
        }
        if pos.turn == 0 {
            return err("turn", "turns are counted from 1");
        }

        // Companies.
        let mut companies = [Company::default(); COMPANIES];
        let mut listed = [false; COMPANIES];
        for (i, e) in pos.companies.iter().enumerate() {
            let f = |k: &str| format!("companies[{i}].{k}");
            let c = e.name;
            if listed[c.idx()] {
                return err(f("name"), format!("{c} is listed twice"));
            }
            listed[c.idx()] = true;
            if let Some(t) = e.tower {
                if t >= n {
                    return err(f("tower"), format!("seat {t} does not exist"));
                }
            }
            match e.status {
                Status::Unfounded => {
                    return err(
                        f("status"),
                        "list only active or gone companies (unfounded ones are left out)",
                    )
                }
                Status::Active => {
                    if !(1..=PRICE_CAP).contains(&e.price) {
                        return err(
                            f("price"),
                            format!("a price is 1-{PRICE_CAP}, found {}", e.price),
                        );
                    }
                    if e.supply > r.shares_per_company {
                        return err(
                            f("supply"),
                            format!("at most {} shares per company", r.shares_per_company),
                        );
                    }
                    let Some(hq) = e.hq else {
                        return err(
                            f("hq"),
                            format!("{c} is active and needs its headquarters space"),
                        );
                    };
                    if !is_space(hq) {
                        return err(f("hq"), format!("spaces are 1-72, found {hq}"));
                    }
                    companies[c.idx()] = Company {
                        status: Status::Active,
                        price: e.price,
                        supply: e.supply,
                        tower: e.tower,
                        hq,
                    };
                }
                Status::Gone => {
                    if e.price != 0 || e.supply != 0 || e.tower.is_some() || e.hq.is_some() {
                        return err(
                            f("status"),
                            format!(
                                "{c} is gone: it keeps no price, supply, tower or headquarters"
                            ),
                        );
                    }
                    companies[c.idx()].status = Status::Gone;
                }
            }
        }

        // Board.
        let mut board = Board::default();
        for (i, e) in pos.board.iter().enumerate() {
            let f = |k: &str| format!("board[{i}].{k}");
            if !is_space(e.space) {
                return err(f("space"), format!("spaces are 1-72, found {}", e.space));
            }
            if board.height(e.space) > 0 {
                return err(f("space"), format!("space {} is listed twice", e.space));
            }
            if e.height == 0 || e.height > PIECES {
                return err(f("height"), "an occupied space holds 1 or more pieces");
            }
            if !companies[e.company.idx()].active() {
                return err(
                    f("company"),
                    format!("{} is not an active company", e.company),
                );
            }
            board.set(e.space, e.height, Some(e.company.0));
        }
        let on_board = board.pieces();
        if on_board + pos.pieces as u32 != PIECES as u32 {
            return err(
                "pieces",
                format!(
                    "board ({on_board}) + supply ({}) must be {PIECES} pieces",
                    pos.pieces
                ),
            );
        }
        for c in CompanyId::all() {
            let co = &companies[c.idx()];
            if !co.active() {
                continue;
            }
            let spaces: Vec<Space> = (1..=SPACES)
                .filter(|&s| board.owner(s) == Some(c.0))
                .collect();
            if spaces.is_empty() {
                return err("companies", format!("{c} is active but has no building"));
            }
            let starts = spaces
                .iter()
                .filter(|&&s| board.owner(prev(s)) != Some(c.0))
                .count();
            if starts > 1 {
                return err(
                    "board",
                    format!("{c}'s buildings must form one unbroken run along the loop"),
                );
            }
            if board.owner(co.hq) != Some(c.0) {
                return err(
                    "companies",
                    format!(
                        "{c}'s headquarters (space {}) must stand on one of its buildings",
                        co.hq
                    ),
                );
            }
        }

        // Companies never touch: the piece that would join two of them merges them.
        for s in 1..=SPACES {
            if let (Some(a), Some(b)) = (board.owner(s), board.owner(next(s))) {
                // Only while a merger's acquirer is being chosen do the two touch.
                let merging = matches!(pos.phase, Phase::ChooseSurvivor { space, left, right }
                    if (s == space || next(s) == space)
                        && ((a, b) == (left.0, right.0) || (a, b) == (right.0, left.0)));
                if a != b && !merging {
                    return err("board", format!(
                        "{} (space {s}) and {} (space {}) touch; a piece joining two companies merges them",
                        CompanyId(a), CompanyId(b), next(s)
                    ));
                }
            }
        }

        // Players, shares, towers.
        let mut players = [Player::default(); MAX_PLAYERS];
        let mut held = [0u32; COMPANIES];
        let mut industry_seen = IndustrySet::default();
        let mut levels_seen = [0u32; 6];
        if r.levels_in_deck && pos.level_stack != 0 {
            return err("level_stack", "the Classic rules have no level-card stack");
        }
        levels_seen[0] += pos.level_stack as u32;
        let mut see = |card: Card, field: String| -> Result<(), PositionError> {
            match card {
                Card::Industry(s) => {
                    if industry_seen.contains(s) {
                        return err(field, format!("industry card {s} appears twice"));
                    }
                    industry_seen.insert(s);
                }
                Card::Level(k) => {
                    if r.level_cards[k as usize] == 0 {
                        return err(
                            field,
                            format!("the {edition} rules have no level card {card}"),
                        );
                    }
                    levels_seen[k as usize] += 1;
                }
            }
            Ok(())
        };
        for (i, e) in pos.players.iter().enumerate() {
            let f = |k: &str| format!("players[{i}].{k}");
            let p = &mut players[i];
            p.money = e.money;
            for (&c, &k) in &e.shares {
                if !companies[c.idx()].active() && k > 0 {
                    return err(
                        f("shares"),
                        format!("{c} is not on the board; nobody holds its shares"),
                    );
                }
                p.shares[c.idx()] = k;
                held[c.idx()] += k as u32;
            }
            if e.towers_placed > TOWERS_PER_PLAYER {
                return err(
                    f("towers_placed"),
                    format!("each player has only {TOWERS_PER_PLAYER}"),
                );
            }
            let standing = companies.iter().filter(|co| co.tower == Some(i)).count();
            if standing > e.towers_placed as usize {
                return err(
                    f("towers_placed"),
                    format!(
                        "{standing} towers of this player stand on the board, more than placed"
                    ),
                );
            }
            p.towers_placed = e.towers_placed;
            for (j, &card) in e.hand.iter().enumerate() {
                see(card, format!("players[{i}].hand[{j}]"))?;
                p.hand.add(card);
            }
            for (j, &card) in e.known.iter().enumerate() {
                match card {
                    Card::Industry(s) if edition == Edition::Modern && p.hand.industry.contains(s) => p.known.insert(s),
                    _ => return err(format!("players[{i}].known[{j}]"), "known cards are industry cards in this hand bought from the face-up row (Modern)"),
                }
            }
        }
        for c in CompanyId::all() {
            let co = &companies[c.idx()];
            if co.active() && held[c.idx()] + co.supply as u32 != r.shares_per_company as u32 {
                return err(
                    "companies",
                    format!(
                        "{c}: shares held ({}) + supply ({}) must be {}",
                        held[c.idx()],
                        co.supply,
                        r.shares_per_company
                    ),
                );
            }
        }

        // Cards.
        if pos.deck.len() > MAX_DECK {
            return err("deck", "too many cards");
        }
        let mut deck = ArrayVec::<Card, MAX_DECK>::new();
        for (j, &card) in pos.deck.iter().rev().enumerate() {
            if card.is_level() && !r.levels_in_deck {
                return err(
                    format!("deck[{}]", pos.deck.len() - 1 - j),
                    "Modern level cards are in the face-up stack, not the deck",
                );
            }
            see(card, format!("deck[{}]", pos.deck.len() - 1 - j))?;
            deck.push(card);
        }
        if pos.row.len() > r.row_size {
            return err(
                "row",
                format!("the {edition} row holds at most {} cards", r.row_size),
            );
        }
        if pos.row.len() < r.row_size && !deck.is_empty() {
            return err("row", "the face-up row is refilled from the deck: it can be short only once the deck is empty");
        }
        let mut row = ArrayVec::<Space, 6>::new();
        for (j, &card) in pos.row.iter().enumerate() {
            let Card::Industry(s) = card else {
                return err(
                    format!("row[{j}]"),
                    "the face-up row holds industry cards only",
                );
            };
            see(card, format!("row[{j}]"))?;
            row.push(s);
        }
        let mut discard = Hand::default();
        for (j, &card) in pos.discard.iter().enumerate() {
            see(card, format!("discard[{j}]"))?;
            discard.add(card);
        }
        if industry_seen.len() as usize != INDUSTRY_CARDS {
            let missing: Vec<String> = (1..=SPACES)
                .filter(|&s| !industry_seen.contains(s))
                .take(5)
                .map(|s| s.to_string())
                .collect();
            return err("cards", format!(
                "every industry card must be in a hand, the deck, the row or the discard pile; missing {}",
                missing.join(", ")
            ));
        }
        for k in LEVEL_KINDS {
            if levels_seen[k as usize] != r.level_cards[k as usize] as u32 {
                return err(
                    "cards",
                    format!(
                        "the {edition} rules have {} level cards {}, found {}",
                        r.level_cards[k as usize],
                        Card::Level(k),
                        levels_seen[k as usize]
                    ),
                );
            }
        }

        let game = BigBoss {
            edition,
            n: n as u8,
            first_player: pos.first_player,
            players,
            board,
            companies,
            pieces: pos.pieces,
            deck,
            row,
            level_stack: pos.level_stack,
            discard,
            current: pos.current as u8,
            phase: pos.phase,
            passes: pos.passes,
            turn: pos.turn,
        };
        game.validate_phase()?;
        Ok(game)
    }

    fn validate_phase(&self) -> Result<(), PositionError> {
        let over = matches!(self.phase, Phase::Over { .. });
        if !over && self.passes >= self.n {
            return err(
                "passes",
                "every player has passed in a row, so the game must be over",
            );
        }
        if self.passes > self.n {
            return err("passes", "more passes in a row than players");
        }
        let f = "phase";
        let modern = self.edition == Edition::Modern;
        let played = |s: Space| -> Result<(), PositionError> {
            if !is_space(s) {
                return err(f, format!("spaces are 1-72, found {s}"));
            }
            if !self.discard.industry.contains(s) {
                return err(
                    f,
                    format!("card {s} is being played, so it must be in the discard pile"),
                );
            }
            if self.industry_use(s) != IndustryUse::Found {
                return err(f, format!("card {s} cannot found a company here"));
            }
            Ok(())
        };
        let in_triple = |card: Space, start: Space| -> Result<(), PositionError> {
            if !is_space(start)
                || !(-2..=0).any(|k| crate::board::offset(card, k) == start)
                || !self.triple_ok(start)
            {
                return err(
                    f,
                    format!("{start} does not start a valid founding triple for card {card}"),
                );
            }
            Ok(())
        };
        match self.phase {
            Phase::Turn | Phase::Selling => {
                if self.pieces == 0 {
                    return err(
                        f,
                        "the last piece has been placed, so the game must be over",
                    );
                }
                if self.phase == Phase::Selling && !modern {
                    return err(f, "the Classic rules have no selling");
                }
            }
            Phase::ChooseTriple { card } => played(card)?,
            Phase::ChooseDouble { card, start } => {
                if !modern {
                    return err(f, "the Classic rules found without a fourth piece");
                }
                played(card)?;
                in_triple(card, start)?;
            }
            Phase::ChooseCompany {
                card,
                start,
                double,
            } => {
                played(card)?;
                in_triple(card, start)?;
                match double {
                    Some(d) if modern && (0..3).any(|k| crate::board::offset(start, k) == d) => {}
                    None if !modern => {}
                    _ => return err(f, "the fourth founding piece (Modern only) must be on one of the three spaces"),
                }
            }
            Phase::ChooseLevelSpace { kind } => {
                if kind as usize >= 6 || self.rules().level_cards[kind as usize] == 0 {
                    return err(
                        f,
                        format!(
                            "the {} rules have no level card of kind {kind}",
                            self.edition
                        ),
                    );
                }
                if self.card_playable(Card::Level(kind)).is_err() {
                    return err(f, "no space can take this level card's piece");
                }
            }
            Phase::ChooseJoin { space, left, right } => {
                if !is_space(space) || !self.board.is_empty(space) || self.pieces == 0 {
                    return err(
                        f,
                        "the connecting space must be empty and a piece must be left",
                    );
                }
                if left == right
                    || self.board.owner(prev(space)) != Some(left.0)
                    || self.board.owner(next(space)) != Some(right.0)
                {
                    return err(f, format!("space {space} does not connect {left} (before it) and {right} (after it)"));
                }
            }
            Phase::ChooseSurvivor { space, left, right } => {
                let ok = is_space(space)
                    && left != right
                    && match self.board.owner(space) {
                        Some(o) if o == left.0 => self.board.owner(next(space)) == Some(right.0),
                        Some(o) if o == right.0 => self.board.owner(prev(space)) == Some(left.0),
                        _ => false,
                    };
                if !ok {
                    return err(
                        f,
                        format!("space {space} does not connect {left} and {right}"),
                    );
                }
                if self.companies[left.idx()].price != self.companies[right.idx()].price {
                    return err(f, "a survivor is chosen only when both prices are equal");
                }
            }
            Phase::Invest { company, shares } => {
                if !self.companies[company.idx()].active() {
                    return err(f, format!("{company} is not on the board"));
                }
                if shares > 2 {
                    return err(f, "at most 2 shares are bought per turn");
                }
            }
            Phase::Over { .. } => {}
        }
        Ok(())
    }
}
