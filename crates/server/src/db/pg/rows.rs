//! PostgreSQL's rows as the server reads them: every column read with its type checked, so a
//! bad row damages its own table and no other.

use super::super::rows::{SeatRow, Stored, TableRow};
use anyhow::Result;
use std::collections::HashMap;
use tokio_postgres::Row;

/// Column `name` of `r` as `T`, or why it cannot be read.
pub(super) fn get<'a, T: tokio_postgres::types::FromSql<'a>>(
    r: &'a Row,
    name: &str,
) -> std::result::Result<T, String> {
    r.try_get(name).map_err(|e| format!("`{name}`: {e}"))
}

/// The columns of `tables` read by [`read_table`].
pub(super) const TABLE_COLUMNS: &str =
    "id, game, config, seed, created, rematch_of, rematch, expired, \
     timer_percent, hints, private, bot_speed, rules, clock, rated";

/// A `tables` row with its seats and unclaimed open seats: the table, expired, or why it
/// cannot be read.
pub(super) fn read_table(r: &Row, seats: Vec<SeatRow>, open: Vec<usize>) -> Stored {
    let read = || -> std::result::Result<Option<TableRow>, String> {
        if get::<bool>(r, "expired")? {
            return Ok(None);
        }
        if seats.is_empty() {
            return Err("the table has no seats".into());
        }
        Ok(Some(TableRow {
            id: get(r, "id")?,
            game: get(r, "game")?,
            config: get(r, "config")?,
            seed: get::<i64>(r, "seed")? as u64,
            created: get(r, "created")?,
            seats,
            rematch_of: get(r, "rematch_of")?,
            rematch: get(r, "rematch")?,
            timer_percent: u32::try_from(get::<i32>(r, "timer_percent")?)
                .map_err(|_| "`timer_percent` is negative".to_string())?,
            private: get(r, "private")?,
            bot_speed: get(r, "bot_speed")?,
            open_seats: open,
            hints: get(r, "hints")?,
            rules: u32::try_from(get::<i32>(r, "rules")?)
                .map_err(|_| "`rules` is negative".to_string())?,
            clock: get(r, "clock")?,
            rated: get(r, "rated")?,
        }))
    };
    match read() {
        Ok(Some(row)) => Stored::Table(Box::new(row)),
        Ok(None) => Stored::Expired,
        Err(reason) => Stored::Damaged(reason),
    }
}

/// The seats and the unclaimed open seats of table `id` (`None`: of every table), by table, in
/// order.
pub(super) async fn seats_of(
    client: &tokio_postgres::Client,
    id: Option<&str>,
) -> Result<(HashMap<String, Vec<SeatRow>>, HashMap<String, Vec<usize>>)> {
    let (seats, open) = match id {
        Some(id) => (
            client
                .query(
                    "SELECT table_id, kind, token FROM seats WHERE table_id = $1 ORDER BY seat",
                    &[&id],
                )
                .await?,
            client
                .query(
                    "SELECT table_id, seat FROM open_seats WHERE table_id = $1 \
                     AND NOT claimed ORDER BY seat",
                    &[&id],
                )
                .await?,
        ),
        None => (
            client
                .query(
                    "SELECT table_id, kind, token FROM seats ORDER BY table_id, seat",
                    &[],
                )
                .await?,
            client
                .query(
                    "SELECT table_id, seat FROM open_seats WHERE NOT claimed \
                     ORDER BY table_id, seat",
                    &[],
                )
                .await?,
        ),
    };
    let mut by_table: HashMap<String, Vec<SeatRow>> = HashMap::new();
    for s in seats {
        by_table.entry(s.get(0)).or_default().push(SeatRow {
            kind: s.get(1),
            token: s.get(2),
        });
    }
    let mut open_by_table: HashMap<String, Vec<usize>> = HashMap::new();
    for s in open {
        let seat: i32 = s.get(1);
        if let Ok(seat) = usize::try_from(seat) {
            open_by_table.entry(s.get(0)).or_default().push(seat);
        }
    }
    Ok((by_table, open_by_table))
}
