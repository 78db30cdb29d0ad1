//! The HTTP side of ratings: each board's leaderboard and each rated identity's profile, as
//! JSON (`/api/leaderboard`, `/api/players/{player}`) and as pages (`/leaderboard`,
//! `/players/{player}`). Nothing here names a game: boards are what the database holds, and
//! the game ids are checked against the registry.

use super::state::AppState;
use crate::db::Db;
use crate::ratings::{self, Board, HistoryRow, RatingRow, Skill};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

/// Rating history rows a profile shows (its plot and its recent games).
pub const HISTORY_SHOWN: usize = 100;

/// Recent games a profile lists.
pub const RECENT_SHOWN: usize = 20;

/// Leaderboard rows shown at most.
pub const LEADERBOARD_SHOWN: usize = 100;

/// An error answer: `{"error": "…"}` with `status`.
fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

/// The query of `GET /api/leaderboard`.
#[derive(Debug, Deserialize)]
pub struct BoardQuery {
    /// The game's id; absent: the list of boards is answered.
    pub game: Option<String>,
    /// The game's variant (`modern`, `standard`…).
    pub edition: Option<String>,
    /// The player count.
    pub players: Option<u32>,
    /// The fewest rated games a listed player has (at least 1; default
    /// [`ratings::MIN_GAMES`]).
    pub min_games: Option<u32>,
}

/// The name shown for identity `player` with its account's name `name`: a bot level's name,
/// the account's, or "former player" for a deleted account.
fn shown_name(player: &str, name: Option<&str>) -> String {
    match (ratings::bot_level(player), name) {
        (Some(level), _) => format!("{level} (bot)"),
        (None, Some(name)) => name.to_string(),
        (None, None) => crate::accounts::FORMER_PLAYER.to_string(),
    }
}

/// A rating as the pages show it.
fn rating_json(r: &RatingRow) -> Value {
    json!({
        "board": r.board,
        "rating": r.skill.shown(),
        "provisional": r.games < ratings::PROVISIONAL_GAMES,
        "mu": r.skill.mu,
        "sigma": r.skill.sigma,
        "games": r.games,
        "wins": r.wins,
        "last_played": r.last_played,
    })
}

/// Checks a board asked for: a game the registry knows, a player count from 2 to 6.
fn checked_board(q: &BoardQuery) -> Result<Option<Board>, String> {
    let Some(game) = &q.game else {
        return Ok(None);
    };
    if !boardroom_registry::IDS.contains(&game.as_str()) {
        return Err(format!(
            "no game `{}` (the games: {})",
            game.chars().take(40).collect::<String>(),
            boardroom_registry::IDS.join(", ")
        ));
    }
    let players = q
        .players
        .ok_or("`players` is missing: the player count, 2 to 6")?;
    if !(2..=6).contains(&players) {
        return Err(format!(
            "`players` is {players}: ratings are kept for 2 to 6"
        ));
    }
    let edition = q
        .edition
        .clone()
        .ok_or("`edition` is missing: the game's edition or variant (see the list of boards)")?;
    Ok(Some(Board {
        game: game.clone(),
        edition: edition.chars().take(40).collect(),
        players,
    }))
}

/// `GET /api/leaderboard?game=…&edition=…&players=…[&min_games=N]`: a board's active players
/// with at least the minimum of rated games, best first, each with a provisional mark until
/// [`ratings::PROVISIONAL_GAMES`]. Without `game`: every board someone is rated on.
pub async fn leaderboard(State(app): State<AppState>, Query(q): Query<BoardQuery>) -> Response {
    let db = app.lobby.db();
    let board = match checked_board(&q) {
        Ok(b) => b,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, e),
    };
    let Some(board) = board else {
        return match db.rated_boards().await {
            Ok(boards) => no_cache(Json(json!({ "boards": boards }))),
            Err(e) => storage_error(e),
        };
    };
    let min_games = q.min_games.unwrap_or(ratings::MIN_GAMES).max(1);
    let since = crate::time::now() - ratings::ACTIVE_DAYS * 86_400;
    match db.leaderboard(board.clone(), min_games, since).await {
        Ok(rows) => {
            let players: Vec<Value> = rows
                .iter()
                .take(LEADERBOARD_SHOWN)
                .enumerate()
                .map(|(i, r)| {
                    let mut v = rating_json(r);
                    v["rank"] = json!(i + 1);
                    v["player"] = json!(r.player);
                    v["name"] = json!(shown_name(&r.player, r.name.as_deref()));
                    v
                })
                .collect();
            no_cache(Json(json!({
                "board": board,
                "min_games": min_games,
                "active_days": ratings::ACTIVE_DAYS,
                "provisional_games": ratings::PROVISIONAL_GAMES,
                "players": players,
            })))
        }
        Err(e) => storage_error(e),
    }
}

/// Whether `player` is an identity key a profile can be asked for: a bot level or an account
/// number.
fn valid_player(player: &str) -> bool {
    if let Some(level) = ratings::bot_level(player) {
        return boardroom_bots::BotLevel::from_name(level).is_some();
    }
    player
        .strip_prefix("account:")
        .is_some_and(|n| !n.is_empty() && n.len() <= 19 && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A history row as the pages show it (ratings as shown, and the replay's link when the table
/// is public).
fn history_json(h: &HistoryRow) -> Value {
    let shown = |s: &Skill| s.shown();
    json!({
        "table": h.table,
        "replay": h.table.as_ref().map(|t| format!("/t/{t}")),
        "board": h.board,
        "finished": h.finished,
        "place": h.place,
        "won": h.won,
        "rating_before": shown(&h.before),
        "rating": shown(&h.after),
    })
}

/// `GET /api/players/{player}`: a rated identity's profile — its name, each board's rating
/// with games played and won, an account's games played and won per game and player count
/// (rated or not), its rating after each rated game (oldest first) and its recent games with
/// their replays. Nothing private (no e-mail address, no private table).
pub async fn profile(State(app): State<AppState>, Path(player): Path<String>) -> Response {
    match profile_json(app.lobby.db(), &player).await {
        Ok(Some(v)) => no_cache(Json(v)),
        Ok(None) => refuse(
            StatusCode::NOT_FOUND,
            "no such player: a profile is a display name, `bot:<level>` or `account:<number>`",
        ),
        Err(e) => storage_error(e),
    }
}

/// The profile of `player` — an identity key, or an account's display name — (`None`: no
/// such player).
pub async fn profile_json(db: &Db, player: &str) -> anyhow::Result<Option<Value>> {
    let player = if valid_player(player) {
        player.to_string()
    } else {
        match db
            .accounts()
            .account_named(crate::accounts::name::key(player))
            .await?
        {
            Some(a) => ratings::account_player(&a.id.0.to_string()),
            None => return Ok(None),
        }
    };
    let player = player.as_str();
    let mut name = None;
    let mut member_since = None;
    let mut games = Vec::new();
    if let Some(id) = player.strip_prefix("account:") {
        let id: i64 = id.parse()?;
        let Some((n, created)) = db.account_card(id).await? else {
            return Ok(None);
        };
        name = n;
        member_since = Some(created);
        games = games_played(db, crate::accounts::AccountId(id)).await?;
    }
    let ratings = db.ratings_of(player.to_string()).await?;
    let history = db.history_of(player.to_string(), HISTORY_SHOWN).await?;
    let recent: Vec<Value> = history
        .iter()
        .rev()
        .take(RECENT_SHOWN)
        .map(history_json)
        .collect();
    Ok(Some(json!({
        "player": player,
        "name": shown_name(player, name.as_deref()),
        "bot": ratings::bot_level(player).is_some(),
        "member_since": member_since,
        "games": games,
        "ratings": ratings.iter().map(rating_json).collect::<Vec<_>>(),
        "history": history.iter().map(history_json).collect::<Vec<_>>(),
        "recent": recent,
    })))
}

/// The finished games `account` held a seat at, rated or not, counted per game and player
/// count: `[{"game", "title", "players", "played", "won"}]`. A game is won when the seat is
/// among the winners its end names.
async fn games_played(db: &Db, account: crate::accounts::AccountId) -> anyhow::Result<Vec<Value>> {
    let mut counts: std::collections::BTreeMap<(String, usize), (u64, u64)> =
        std::collections::BTreeMap::new();
    for s in db.accounts().finished_seats(account).await? {
        let winners: Vec<String> = serde_json::from_str::<Value>(&s.summary)
            .ok()
            .and_then(|v| serde_json::from_value(v["winners"].clone()).ok())
            .unwrap_or_default();
        let won = boardroom_registry::info(&s.game)
            .ok()
            .and_then(|g| g.seat_names.get(s.seat).cloned())
            .is_some_and(|name| winners.contains(&name));
        let count = counts.entry((s.game, s.players)).or_default();
        count.0 += 1;
        count.1 += u64::from(won);
    }
    Ok(counts
        .into_iter()
        .map(|((game, players), (played, won))| {
            let title = boardroom_registry::info(&game).map_or(game.clone(), |g| g.title.into());
            json!({ "game": game, "title": title, "players": players, "played": played, "won": won })
        })
        .collect())
}

/// The leaderboard page (`web/leaderboard.html`), written in the request's language.
pub async fn leaderboard_page(headers: HeaderMap) -> Response {
    let lang = crate::lang::of_request(&headers);
    no_cache(Html(crate::lang::fill(
        crate::assets::LEADERBOARD_HTML,
        lang,
    )))
}

/// A profile page (`web/profile.html`), written in the request's language; the page reads its
/// player from its address.
pub async fn profile_page(Path(_player): Path<String>, headers: HeaderMap) -> Response {
    let lang = crate::lang::of_request(&headers);
    no_cache(Html(crate::lang::fill(crate::assets::PROFILE_HTML, lang)))
}

fn no_cache(body: impl IntoResponse) -> Response {
    ([(header::CACHE_CONTROL, "no-cache")], body).into_response()
}

fn storage_error(e: anyhow::Error) -> Response {
    tracing::error!("cannot read the ratings: {e:#}");
    refuse(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the ratings cannot be read just now",
    )
}
