//! Reading a position: every field checked against the rules' limits and against the others,
//! so that no impossible state is ever built (the first fault found is named by its field).

use super::{err, Position, GAME_NAME};
use crate::board::{is_space, next, prev, Board, Space, SPACES};
use crate::card::{Card, Hand, IndustrySet, LEVEL_KINDS};
use crate::company::{Company, CompanyId, Status, COMPANIES};
use crate::edition::{Edition, INDUSTRY_CARDS, PIECES, PRICE_CAP, TOWERS_PER_PLAYER};
use crate::state::{BigBoss, Phase, Player, MAX_DECK, MAX_PLAYERS, MIN_PLAYERS};
use arrayvec::ArrayVec;
use boardroom_engine::PositionError;

/// The most money a player may hold in a position: far beyond any game, and small enough that
/// the sums of play never run out of room.
const MAX_MONEY: u32 = 1 << 28;

/// The largest turn number a position may hold: no game comes near it, and it keeps the count
/// from running out.
const MAX_TURN: u32 = 1 << 30;

impl BigBoss {
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
        if pos.turn == 0 || pos.turn > MAX_TURN {
            return err(
                "turn",
                format!("turns are counted from 1, to at most {MAX_TURN}"),
            );
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
            if e.money > MAX_MONEY {
                return err(f("money"), format!("at most {MAX_MONEY}"));
            }
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
}
