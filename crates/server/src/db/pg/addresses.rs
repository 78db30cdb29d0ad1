//! Each seat's "your turn" addresses on PostgreSQL: one row per seat with an address left,
//! read by that seat's table only.

use super::rows::get;
use super::Postgres;
use crate::notify::Addresses;
use anyhow::Result;

impl Postgres {
    pub(super) async fn store_addresses_pg(
        &self,
        table: String,
        seat: usize,
        to: Addresses,
    ) -> Result<()> {
        self.with(|client| async move {
            let seat = i32::try_from(seat)?;
            if to.is_empty() {
                client
                    .execute(
                        "DELETE FROM notify WHERE table_id = $1 AND seat = $2",
                        &[&table, &seat],
                    )
                    .await?;
            } else {
                client
                    .execute(
                        "INSERT INTO notify (table_id, seat, email, webhook, lang) \
                         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (table_id, seat) \
                         DO UPDATE SET email = EXCLUDED.email, webhook = EXCLUDED.webhook, \
                         lang = EXCLUDED.lang",
                        &[&table, &seat, &to.email, &to.webhook, &to.lang],
                    )
                    .await?;
            }
            Ok(())
        })
        .await
    }

    pub(super) async fn load_addresses_pg(&self, table: String) -> Result<Vec<(usize, Addresses)>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT seat, email, webhook, lang FROM notify WHERE table_id = $1",
                    &[&table],
                )
                .await?;
            let mut out = Vec::new();
            for r in &rows {
                let read = || -> std::result::Result<(usize, Addresses), String> {
                    let seat = usize::try_from(get::<i32>(r, "seat")?)
                        .map_err(|_| "a negative seat".to_string())?;
                    Ok((
                        seat,
                        Addresses {
                            email: get(r, "email")?,
                            webhook: get(r, "webhook")?,
                            lang: get(r, "lang")?,
                        },
                    ))
                };
                match read() {
                    Ok(a) => out.push(a),
                    Err(e) => tracing::error!(table = %table, "an address row is unreadable: {e}"),
                }
            }
            Ok(out)
        })
        .await
    }
}
