//! Ratings: a multiplayer Weng-Lin (OpenSkill) rating per board — a game, its edition (the
//! game's variant, since two editions of one game may be different games to be good at) and
//! its player count — for every rated identity: an account, or a bot level (so the ladder
//! reads as numbers).
//!
//! This module is the arithmetic and the rules, with no storage: where each seat of a finished
//! game places ([`places`]), and how one rated game moves the ratings of the identities at it
//! ([`rate_game`]). The database applies it in the transaction that stores the game's end and
//! replays it, in the same order, to rebuild every rating (`db/ratings.rs`).

use boardroom_engine::{By, Outcome, RecordedAction, CLOCK};
use serde::{Deserialize, Serialize};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// Rated games before a rating loses its provisional mark.
pub const PROVISIONAL_GAMES: u32 = 10;

/// Rated games on a board before a player is listed on its leaderboard.
pub const MIN_GAMES: u32 = 3;

/// A player is active on a board's leaderboard while their last rated game there ended within
/// this many days.
pub const ACTIVE_DAYS: i64 = 90;

/// The identity key of a bot level (`bot:normal`).
pub fn bot_player(level: &str) -> String {
    format!("bot:{level}")
}

/// The identity key of an account (`account:<id>`).
pub fn account_player(id: &str) -> String {
    format!("account:{id}")
}

/// The bot level an identity key names, if it is a bot's.
pub fn bot_level(player: &str) -> Option<&str> {
    player.strip_prefix("bot:")
}

/// What a rating is kept for: one game, edition and player count.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Board {
    /// The game's id, as the registry names it.
    pub game: String,
    /// The game's variant (`modern`, `classic`, `standard`, `hidden-money`…).
    pub edition: String,
    /// The number of players.
    pub players: u32,
}

/// A rating as stored: the skill estimate `mu` and its uncertainty `sigma`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    /// The estimated skill.
    pub mu: f64,
    /// The uncertainty of the estimate (one standard deviation).
    pub sigma: f64,
}

impl Default for Skill {
    /// A newcomer's rating (Weng-Lin's defaults: 25 and 25/3).
    fn default() -> Self {
        let r = WengLinRating::new();
        Skill {
            mu: r.rating,
            sigma: r.uncertainty,
        }
    }
}

impl Skill {
    /// The rating shown to people: 1000 plus 40 points per unit of the conservative estimate
    /// `mu - 3 sigma`. A newcomer shows 1000, and the number grows as games both raise the
    /// estimate and shrink its uncertainty.
    pub fn shown(&self) -> i64 {
        (1000.0 + 40.0 * (self.mu - 3.0 * self.sigma)).round() as i64
    }
}

/// One seat's part in a rated game, as stored with the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedSeat {
    /// The identity at the seat (`account:…` or `bot:…`).
    pub player: String,
    /// Where the seat placed: 1 for the winners, ties sharing a place.
    pub place: usize,
    /// Whether the seat won (never for a seat its person left to a stand-in).
    pub won: bool,
}

/// Where each seat of a finished game places for its rating, 1 being first, ties sharing a
/// place (1, 1, 3…), and whether it won.
///
/// The winners place first and the others follow by score. A person who left the seat to a
/// stand-in and never came back — the seat's last action played by the clock or the stand-in —
/// places last, below every seat still played by its own player, whatever the stand-in
/// achieved: a stand-in's result is never credited to the absent person.
pub fn places(outcome: &Outcome, record: &[RecordedAction], seats: usize) -> Vec<(usize, bool)> {
    let mut last_by = vec![By::Player; seats];
    for a in record.iter().filter(|a| !a.undone && a.seat != CLOCK) {
        if let Some(by) = last_by.get_mut(a.seat) {
            *by = a.by;
        }
    }
    let absent: Vec<bool> = last_by.iter().map(|b| *b != By::Player).collect();
    let score = |s: usize| outcome.scores.get(s).copied().unwrap_or(i64::MIN);
    // Better: a winner over a non-winner, then the higher score.
    let key = |s: usize| (outcome.winners.contains(s), score(s));
    let present: Vec<usize> = (0..seats).filter(|&s| !absent[s]).collect();
    (0..seats)
        .map(|s| {
            if absent[s] {
                (present.len() + 1, false)
            } else {
                let better = present.iter().filter(|&&o| key(o) > key(s)).count();
                (better + 1, outcome.winners.contains(s))
            }
        })
        .collect()
}

/// The ratings after one game: `seats` as played (each seat's identity and place) and
/// `prior`, the rating of each distinct identity before it, in the order of their first seat.
/// Returns each identity's rating after the game, in the same order.
///
/// Every seat is rated as a team of one. An identity at several seats (two bots of one level)
/// enters each with its prior rating, and its new rating is the mean of its seats' results.
pub fn rate_game(seats: &[RatedSeat], prior: &[(String, Skill)]) -> Vec<Skill> {
    let rating = |p: &str| {
        let s = prior
            .iter()
            .find(|(q, _)| q == p)
            .map(|(_, s)| *s)
            .unwrap_or_default();
        WengLinRating {
            rating: s.mu,
            uncertainty: s.sigma,
        }
    };
    let teams: Vec<[WengLinRating; 1]> = seats.iter().map(|s| [rating(&s.player)]).collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(seats)
        .map(|(t, s)| (&t[..], MultiTeamOutcome::new(s.place)))
        .collect();
    let after = weng_lin_multi_team(&input, &WengLinConfig::new());
    prior
        .iter()
        .map(|(p, before)| {
            let mine: Vec<&WengLinRating> = seats
                .iter()
                .zip(&after)
                .filter(|(s, _)| &s.player == p)
                .filter_map(|(_, r)| r.first())
                .collect();
            if mine.is_empty() {
                return *before;
            }
            let n = mine.len() as f64;
            Skill {
                mu: mine.iter().map(|r| r.rating).sum::<f64>() / n,
                sigma: mine.iter().map(|r| r.uncertainty).sum::<f64>() / n,
            }
        })
        .collect()
}

/// A rated game as stored with its end: what every rating is rebuilt from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedGame {
    /// The table's identifier.
    pub table: String,
    /// Its place in the order games were rated (1, 2, …): ratings are rebuilt in this order.
    pub seq: i64,
    /// The board it was rated on.
    pub board: Board,
    /// When it ended (seconds since the Unix epoch).
    pub finished: i64,
    /// Each seat's identity and place.
    pub seats: Vec<RatedSeat>,
}

/// The rated seats of a finished game, from each seat's place ([`places`]) and identity
/// (`None`: a guest), or `None` when a seat has no identity (the game cannot be rated).
pub fn rated_seats(places: &[(usize, bool)], players: &[Option<String>]) -> Option<Vec<RatedSeat>> {
    if places.len() != players.len() || places.is_empty() {
        return None;
    }
    places
        .iter()
        .zip(players)
        .map(|(&(place, won), p)| {
            p.as_ref().map(|p| RatedSeat {
                player: p.clone(),
                place,
                won,
            })
        })
        .collect()
}

/// One identity's rating on one board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingRow {
    /// The identity (`account:…` or `bot:…`).
    pub player: String,
    /// The account's display name (`None`: a bot, or an account deleted since).
    pub name: Option<String>,
    /// The board.
    pub board: Board,
    /// The rating.
    pub skill: Skill,
    /// Rated games played on the board.
    pub games: u32,
    /// Rated games won on the board.
    pub wins: u32,
    /// When its last rated game there ended (seconds since the Unix epoch).
    pub last_played: i64,
}

/// One identity's rating after one rated game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HistoryRow {
    /// The table (`None` for a private table, whose identifier is the key to its spectator
    /// link, when read for others to see).
    pub table: Option<String>,
    /// The board.
    pub board: Board,
    /// When the game ended (seconds since the Unix epoch).
    pub finished: i64,
    /// The identity's place (its best, when it held several seats).
    pub place: usize,
    /// Whether it won.
    pub won: bool,
    /// The rating before the game.
    pub before: Skill,
    /// The rating after it.
    pub after: Skill,
}

/// The identity at a seat of kind `kind` (`human` or a bot level) with the account seated
/// there, if any: a bot seat is its level, a person seat its account (`None`: a guest).
pub fn seat_player(kind: &str, account: Option<i64>) -> Option<String> {
    if kind == "human" {
        account.map(|a| account_player(&a.to_string()))
    } else {
        Some(bot_player(kind))
    }
}

/// Sorts a board's ratings for its leaderboard: the highest shown rating first, then the
/// higher estimate, then by identity (so equal ratings always list in one order).
pub fn rank(rows: &mut [RatingRow]) {
    rows.sort_by(|a, b| {
        b.skill
            .shown()
            .cmp(&a.skill.shown())
            .then(b.skill.mu.total_cmp(&a.skill.mu))
            .then(a.player.cmp(&b.player))
    });
}

/// What one rated game writes: each identity's rating before and after it, with its place.
pub fn apply_game(game: &RatedGame, prior: &[(String, Skill)]) -> Vec<HistoryRow> {
    let after = rate_game(&game.seats, prior);
    prior
        .iter()
        .zip(after)
        .map(|((p, before), after)| {
            let mine = game.seats.iter().filter(|s| &s.player == p);
            HistoryRow {
                table: Some(game.table.clone()),
                board: game.board.clone(),
                finished: game.finished,
                place: mine.clone().map(|s| s.place).min().unwrap_or(0),
                won: mine.clone().any(|s| s.won),
                before: *before,
                after,
            }
        })
        .collect()
}

/// The distinct identities of `seats`, in the order of their first seat.
pub fn players_of(seats: &[RatedSeat]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in seats {
        if !out.contains(&s.player) {
            out.push(s.player.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardroom_engine::SeatSet;

    fn outcome(scores: &[i64], winners: &[usize]) -> Outcome {
        let mut w = SeatSet::EMPTY;
        for &s in winners {
            w.insert(s);
        }
        Outcome {
            scores: scores.to_vec(),
            winners: w,
        }
    }

    fn act(seat: usize, by: By) -> RecordedAction {
        RecordedAction::by(seat, "x", by)
    }

    #[test]
    fn winners_first_then_by_score_with_shared_places() {
        let o = outcome(&[10, 30, 30, 5], &[1, 2]);
        let p = places(&o, &[], 4);
        assert_eq!(p, vec![(3, false), (1, true), (1, true), (4, false)]);
        // A winner by a tie-break, below another's score, still places first.
        let o = outcome(&[50, 40], &[1]);
        assert_eq!(places(&o, &[], 2), vec![(2, false), (1, true)]);
    }

    #[test]
    fn a_person_gone_to_a_stand_in_places_last_and_never_wins() {
        // Seat 0 "won" with its stand-in playing its last moves: it places last, no win.
        let o = outcome(&[90, 40, 20], &[0]);
        let record = [
            act(0, By::Player),
            act(1, By::Player),
            act(0, By::Clock),
            act(2, By::Player),
            act(0, By::StandIn),
        ];
        assert_eq!(
            places(&o, &record, 3),
            vec![(3, false), (1, false), (2, false)]
        );
        // Back at the seat for its last move: it places by its result again.
        let mut back = record.to_vec();
        back.push(act(0, By::Player));
        assert_eq!(
            places(&o, &back, 3),
            vec![(1, true), (2, false), (3, false)]
        );
    }

    fn seat(player: &str, place: usize) -> RatedSeat {
        RatedSeat {
            player: player.into(),
            place,
            won: place == 1,
        }
    }

    #[test]
    fn the_winner_rises_the_loser_falls_and_both_grow_surer() {
        let seats = [seat("account:a", 1), seat("bot:easy", 2)];
        let prior = vec![
            ("account:a".to_string(), Skill::default()),
            ("bot:easy".to_string(), Skill::default()),
        ];
        let after = rate_game(&seats, &prior);
        assert!(after[0].mu > 25.0 && after[1].mu < 25.0, "{after:?}");
        assert!(after[0].sigma < prior[0].1.sigma && after[1].sigma < prior[1].1.sigma);
        assert_eq!(Skill::default().shown(), 1000);
    }

    #[test]
    fn one_identity_at_two_seats_moves_by_the_mean_of_its_seats() {
        let seats = [
            seat("bot:normal", 1),
            seat("account:a", 2),
            seat("bot:normal", 3),
        ];
        let prior = vec![
            ("bot:normal".to_string(), Skill::default()),
            ("account:a".to_string(), Skill::default()),
        ];
        let after = rate_game(&seats, &prior);
        // First and last of three average to about where it was; the person in the middle
        // of one identity's two seats barely moves either.
        assert!((after[0].mu - 25.0).abs() < 0.5, "{after:?}");
        assert_eq!(players_of(&seats), vec!["bot:normal", "account:a"]);
    }
}
