//! `boardroom db check`: every stored table, each one that replays with its game record, each
//! one that does not with the reason.

use super::replay::RecordVisitor;
use crate::db::Db;
use serde::Serialize;

/// One stored table as `boardroom db check` reports it.
#[derive(Clone, Debug, Serialize)]
pub struct TableCheck {
    /// The table's identifier.
    pub id: String,
    /// The game's id, when readable.
    pub game: Option<String>,
    /// Actions stored, when readable.
    pub actions: Option<usize>,
    /// Why the table cannot be served; `None`: it replays.
    pub damaged: Option<String>,
    /// The rules revision of a table kept as an archive (played under rules its game no
    /// longer replays: see [`crate::revision`]); `None` for a table in play.
    pub archived: Option<u32>,
    /// The game record (what `boardroom replay` reads), for a table that replays.
    #[serde(skip)]
    pub record: Option<serde_json::Value>,
}

/// Checks every table of `db`: each one that replays with its game record, each one that does
/// not with the reason. Expired tables are left out.
pub async fn check(db: &Db) -> anyhow::Result<Vec<TableCheck>> {
    let (rows, damaged) = db.load_tables().await?;
    let mut out: Vec<TableCheck> = damaged
        .into_iter()
        .map(|d| TableCheck {
            id: d.id,
            game: None,
            actions: None,
            damaged: Some(d.reason),
            archived: None,
            record: None,
        })
        .collect();
    for row in rows {
        let mut check = TableCheck {
            id: row.id.clone(),
            game: Some(row.game.clone()),
            actions: None,
            damaged: None,
            archived: None,
            record: None,
        };
        let replayed = match db.load_actions(row.id.clone()).await {
            Ok(actions) => {
                check.actions = Some(actions.len());
                boardroom_registry::visit(
                    &row.game,
                    RecordVisitor {
                        row: &row,
                        actions: &actions,
                    },
                )
                .map_err(anyhow::Error::from)
                .and_then(|r| r)
            }
            Err(e) => Err(e),
        };
        match replayed {
            Ok((record, archived)) => {
                check.record = Some(record);
                check.archived = archived.then_some(row.rules);
            }
            Err(e) => check.damaged = Some(format!("{e:#}")),
        }
        out.push(check);
    }
    Ok(out)
}
