//! Where each seat's person asked to be told it is their turn: one row per seat with an
//! address left, read by that seat's table only.

use super::Sqlite;
use crate::notify::Addresses;
use anyhow::Result;
use rusqlite::params;

impl Sqlite {
    /// Stores the addresses of `seat` at `table` (none: the row is removed).
    pub(super) async fn store_addresses_sqlite(
        &self,
        table: String,
        seat: usize,
        to: Addresses,
    ) -> Result<()> {
        self.call(move |conn| {
            if to.is_empty() {
                conn.execute(
                    "DELETE FROM notify WHERE table_id = ?1 AND seat = ?2",
                    params![table, seat as i64],
                )?;
            } else {
                conn.execute(
                    "INSERT OR REPLACE INTO notify (table_id, seat, email, webhook, lang) \
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![table, seat as i64, to.email, to.webhook, to.lang],
                )?;
            }
            Ok(())
        })
        .await
    }

    /// The addresses left at `table`, by seat (none in a database opened read-only from
    /// before addresses were kept).
    pub(super) async fn load_addresses_sqlite(
        &self,
        table: String,
    ) -> Result<Vec<(usize, Addresses)>> {
        self.call(move |conn| {
            if conn.prepare("SELECT seat FROM notify LIMIT 0").is_err() {
                return Ok(Vec::new());
            }
            // A database opened read-only from before languages were kept: English.
            let lang = if conn.prepare("SELECT lang FROM notify LIMIT 0").is_ok() {
                "lang"
            } else {
                "NULL"
            };
            let mut stmt = conn.prepare(&format!(
                "SELECT seat, email, webhook, {lang} FROM notify WHERE table_id = ?1"
            ))?;
            let rows = stmt
                .query_map([table], |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        Addresses {
                            email: r.get(1)?,
                            webhook: r.get(2)?,
                            lang: r.get(3)?,
                        },
                    ))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows
                .into_iter()
                .filter_map(|(s, a)| usize::try_from(s).ok().map(|s| (s, a)))
                .collect())
        })
        .await
    }
}
