//! Each table's chat on PostgreSQL: its lines in order, each with its writer's account (so that
//! the people who block the writer are not shown it).

use super::rows::get;
use super::Postgres;
use crate::protocol::ChatLine;
use anyhow::Result;
use boardroom_engine::Seat;

impl Postgres {
    pub(super) async fn load_chat_pg(
        &self,
        table: String,
        limit: usize,
    ) -> Result<(Vec<ChatLine>, u64)> {
        self.with(|client| async move {
            let next: i64 = client
                .query_one(
                    "SELECT COALESCE(MAX(idx) + 1, 0) FROM chat WHERE table_id = $1",
                    &[&table],
                )
                .await?
                .get(0);
            let rows = client
                .query(
                    "SELECT idx, seat, name, text, at, account FROM chat WHERE table_id = $1 \
                     ORDER BY idx DESC LIMIT $2",
                    &[&table, &(limit as i64)],
                )
                .await?;
            let mut lines = Vec::new();
            for r in rows.iter().rev() {
                let read = || -> std::result::Result<ChatLine, String> {
                    Ok(ChatLine {
                        index: get::<i64>(r, "idx")? as u64,
                        seat: get::<Option<i32>>(r, "seat")?.map(|s| s as Seat),
                        name: get(r, "name")?,
                        text: get(r, "text")?,
                        at: get(r, "at")?,
                        account: get::<Option<i64>>(r, "account")?.map(crate::accounts::AccountId),
                    })
                };
                match read() {
                    Ok(line) => lines.push(line),
                    Err(e) => tracing::error!(table = %table, "a chat line is unreadable: {e}"),
                }
            }
            Ok((lines, next.max(0) as u64))
        })
        .await
    }

    pub(super) async fn store_chat_pg(&self, table: String, line: ChatLine) -> Result<()> {
        self.with(|client| async move {
            client
                .execute(
                    "INSERT INTO chat (table_id, idx, seat, name, text, at, account) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    &[
                        &table,
                        &(line.index as i64),
                        &line.seat.map(|s| s as i32),
                        &line.name,
                        &line.text,
                        &line.at,
                        &line.account.map(|a| a.0),
                    ],
                )
                .await?;
            Ok(())
        })
        .await
    }
}
