//! `boardroom db dump` and `boardroom db restore`: everything a server stores, as a file of
//! JSON lines that either backend writes and reads, so a site moves between SQLite and
//! PostgreSQL in either direction and keeps backups of its own.
//!
//! The format (version [`FORMAT_VERSION`]): a first line naming the format, its version and
//! the tables it holds; then one line per row, `{"table": NAME, "row": {COLUMN: VALUE, …}}`,
//! the tables in [`TABLES`]' order (each after those it refers to); then a last line
//! `{"end": {"rows": N, "damaged": [ID, …]}}` with the number of rows (a file cut short is
//! refused) and the tables that did not replay when dumped. Values are JSON's: text, numbers,
//! null, and `true`/`false` (PostgreSQL's booleans; SQLite's 0 and 1 read as them too). A new
//! table joins the format by a line in [`TABLES`]; columns are read and written by name, so a
//! new column needs nothing. What belongs to running instances (leases, the lobby's shared
//! list, the instances) is not dumped, nor are sign-in links and passkey ceremonies (valid for minutes): a restored
//! database starts with none.

use super::Db;
use anyhow::{bail, Context, Result};
use serde_json::{json, Map, Value};
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, Write};

mod pg;
mod sqlite;

/// One row: its columns' values by name.
pub type Row = Map<String, Value>;

/// The rows of each stored table, in [`TABLES`]' order.
pub type Rows = Vec<(&'static str, Vec<Row>)>;

/// The format's name, on the first line.
pub const FORMAT: &str = "boardroom-dump";

/// The version of the format this code writes (and the newest it reads).
pub const FORMAT_VERSION: u64 = 1;

/// Every stored table a dump holds, in the order they are written and restored (each after
/// the tables it refers to), with the columns rows are written in order of.
pub const TABLES: &[(&str, &str)] = &[
    ("tables", "id"),
    ("seats", "table_id, seat"),
    ("open_seats", "table_id, seat"),
    ("actions", "table_id, idx"),
    ("chat", "table_id, idx"),
    ("finished", "table_id"),
    ("notify", "table_id, seat"),
    ("accounts", "id"),
    ("sessions", "hash"),
    ("seat_accounts", "table_id, seat"),
    ("account_notify", "account, game"),
    ("blocks", "account, blocked"),
    ("reports", "id"),
    ("passkeys", "id"),
    ("rated_games", "table_id"),
    ("ratings", "player, game, edition, players"),
    ("rating_history", "table_id, player"),
];

/// What a dump or a restore did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Rows by table, in [`TABLES`]' order.
    pub rows: Vec<(String, usize)>,
    /// The tables (games) that did not replay: when dumped, and (after a restore) in the
    /// database restored.
    pub damaged: Vec<String>,
    /// The tables (games) replayed after a restore (or checked when dumped).
    pub replayed: usize,
}

impl Summary {
    /// The rows of `table`.
    pub fn rows_of(&self, table: &str) -> usize {
        self.rows
            .iter()
            .find(|(t, _)| t == table)
            .map_or(0, |(_, n)| *n)
    }
}

/// The ids of the tables of `db` that do not replay, and how many do.
async fn replay_all(db: &Db) -> Result<(Vec<String>, usize)> {
    let checks = crate::lobby::check(db).await?;
    let damaged: Vec<String> = checks
        .iter()
        .filter(|c| c.damaged.is_some())
        .map(|c| c.id.clone())
        .collect();
    Ok((damaged.clone(), checks.len() - damaged.len()))
}

/// Writes everything `db` stores to `out`, and which tables replay.
pub async fn dump(db: &Db, out: &mut impl Write) -> Result<Summary> {
    let names: Vec<&str> = TABLES.iter().map(|(t, _)| *t).collect();
    writeln!(
        out,
        "{}",
        json!({"format": FORMAT, "version": FORMAT_VERSION, "tables": names})
    )?;
    let mut summary = Summary::default();
    let mut total = 0;
    let all = db.store.dump_rows(TABLES).await?;
    for ((table, _), rows) in TABLES.iter().zip(all) {
        for row in &rows {
            serde_json::to_writer(&mut *out, &json!({"table": table, "row": row}))?;
            out.write_all(b"\n")?;
        }
        total += rows.len();
        summary.rows.push((table.to_string(), rows.len()));
    }
    let (damaged, replayed) = replay_all(db).await?;
    writeln!(
        out,
        "{}",
        json!({"end": {"rows": total, "damaged": damaged}})
    )?;
    out.flush()?;
    summary.damaged = damaged;
    summary.replayed = replayed;
    Ok(summary)
}

/// Reads a dump: its rows by table, and the tables that did not replay when it was written.
/// Refuses another format, a newer version, a table this version does not store, and a file
/// cut short, naming the line.
pub fn read(input: impl BufRead) -> Result<(Rows, Vec<String>)> {
    let mut lines = input.lines().enumerate();
    let (_, first) = lines.next().context("the dump is empty")?;
    let head: Value = serde_json::from_str(&first?).context("line 1 is not JSON")?;
    if head["format"] != FORMAT {
        bail!("line 1: not a Boardroom dump (no \"format\": \"{FORMAT}\")");
    }
    let version = head["version"].as_u64().unwrap_or(0);
    if version == 0 || version > FORMAT_VERSION {
        bail!(
            "the dump is format version {}; this version reads up to {FORMAT_VERSION}: restore \
             it with a newer version",
            head["version"]
        );
    }
    let mut rows: HashMap<&'static str, Vec<Row>> = HashMap::new();
    let mut count = 0usize;
    let mut end = None;
    for (i, line) in lines {
        let n = i + 1;
        let line = line.with_context(|| format!("cannot read line {n}"))?;
        if end.is_some() {
            bail!("line {n}: rows after the end of the dump");
        }
        let v: Value =
            serde_json::from_str(&line).with_context(|| format!("line {n} is not JSON"))?;
        if let Some(e) = v.get("end") {
            end = Some(e.clone());
            continue;
        }
        let (Some(name), Some(Value::Object(row))) = (v["table"].as_str(), v.get("row")) else {
            bail!("line {n}: a row is {{\"table\": NAME, \"row\": {{…}}}}");
        };
        let Some((table, _)) = TABLES.iter().find(|(t, _)| *t == name) else {
            bail!(
                "line {n}: the dump holds table `{name}`, which this version does not store: \
                 restore it with a newer version"
            );
        };
        if row.is_empty() {
            bail!("line {n}: a row of `{name}` with no columns");
        }
        rows.entry(table).or_default().push(row.clone());
        count += 1;
    }
    let end = end.context("the dump is cut short: its last line (\"end\") is missing")?;
    if end["rows"].as_u64() != Some(count as u64) {
        bail!(
            "the dump is damaged: its end says {} rows, it holds {count}",
            end["rows"]
        );
    }
    let damaged = end["damaged"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let ordered = TABLES
        .iter()
        .map(|(t, _)| (*t, rows.remove(t).unwrap_or_default()))
        .collect();
    Ok((ordered, damaged))
}

/// Restores a dump into `db`, which must hold no table yet: every row in one transaction
/// (all or nothing), then every table replayed. Fails when a table that replayed when dumped
/// does not replay now.
pub async fn restore(db: &Db, input: impl BufRead) -> Result<Summary> {
    let (tables, damaged_before) = read(input)?;
    for (table, _) in TABLES {
        let n = db.store.count_rows(table).await?;
        if n > 0 {
            bail!(
                "the database already holds {n} row(s) in `{table}`: restore into an empty \
                 database"
            );
        }
    }
    let rows = tables
        .iter()
        .map(|(t, r)| (t.to_string(), r.len()))
        .collect();
    db.store.restore_rows(tables).await?;
    let (damaged, replayed) = replay_all(db).await?;
    let before: HashSet<&String> = damaged_before.iter().collect();
    let newly: Vec<&String> = damaged.iter().filter(|d| !before.contains(d)).collect();
    if !newly.is_empty() {
        bail!(
            "restored, but {} table(s) that replayed when dumped do not replay now: {}",
            newly.len(),
            newly
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(Summary {
        rows,
        damaged,
        replayed,
    })
}

/// A value that does not fit its column, in words.
fn unfit(table: &str, column: &str, ty: &str, value: &Value) -> anyhow::Error {
    anyhow::anyhow!("`{table}.{column}` ({ty}) cannot hold {value}")
}
