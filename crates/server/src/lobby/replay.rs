//! A stored table replayed: its game record, its game now with the most recent steps, and
//! the line of a finished one in the lobby's list.

use crate::db::{ActionRow, FinishedRow, TableRow};
use crate::table;
use crate::view::Step;
use boardroom_engine::{Record, ReplayError};
use boardroom_registry::{Playable, Visitor};
use std::collections::VecDeque;

/// Replays a stored finished table of the visited game into its line of the lobby's list of
/// finished tables; the time it ended is not stored, so its creation time stands for it.
pub(super) struct FinishedVisitor<'a> {
    pub(super) row: &'a TableRow,
    pub(super) actions: &'a [ActionRow],
}

impl Visitor for FinishedVisitor<'_> {
    type Output = anyhow::Result<FinishedRow>;
    fn visit<G: Playable>(self) -> anyhow::Result<FinishedRow> {
        let (game, _) = rebuild::<G>(self.row, self.actions)?;
        anyhow::ensure!(game.is_over(), "the game is not over");
        let record = record_of::<G>(self.row, self.actions)?.actions;
        Ok(table::finished_row::<G>(
            &self.row.id,
            &game,
            self.row.created,
            &record,
        ))
    }
}

/// Replays a stored table of the visited game and returns its game record (as JSON), and
/// whether it is kept as an archive (see [`crate::revision`]).
pub(super) struct RecordVisitor<'a> {
    pub(super) row: &'a TableRow,
    pub(super) actions: &'a [ActionRow],
}

impl Visitor for RecordVisitor<'_> {
    type Output = anyhow::Result<(serde_json::Value, bool)>;
    fn visit<G: Playable>(self) -> anyhow::Result<(serde_json::Value, bool)> {
        let archive = crate::revision::served::<G>(self.row.rules).map_err(anyhow::Error::msg)?;
        rebuild::<G>(self.row, self.actions)?;
        let record = serde_json::to_value(record_of::<G>(self.row, self.actions)?)?;
        Ok((record, archive.is_some()))
    }
}

/// The game record of a stored table.
pub(super) fn record_of<G: Playable>(
    row: &TableRow,
    actions: &[ActionRow],
) -> anyhow::Result<Record<G::Config>> {
    Ok(Record {
        game: row.game.clone(),
        rules: row.rules,
        config: serde_json::from_str::<G::Config>(&row.config)
            .map_err(|e| anyhow::anyhow!("stored configuration unreadable: {e}"))?,
        seed: row.seed,
        actions: actions.iter().map(ActionRow::recorded).collect(),
    })
}

/// Replays a stored table: the game now and its most recent steps.
///
/// A table kept as an archive (see [`crate::revision`]) was played under rules this code no
/// longer replays, so its record may stop replaying part way (an action that reads or is
/// legal no more): it is replayed as far as today's rules accept it, which is the state its
/// viewers see; its record itself stays whole.
pub(super) fn rebuild<G: Playable>(
    row: &TableRow,
    actions: &[ActionRow],
) -> anyhow::Result<(G, VecDeque<Step<G>>)> {
    let archive = crate::revision::served::<G>(row.rules).map_err(anyhow::Error::msg)?;
    let record = record_of::<G>(row, actions)?;
    let mut upto = record.actions.len();
    loop {
        let mut history: VecDeque<Step<G>> = VecDeque::new();
        let replayed = table::replay_steps(
            &record.config,
            record.seed,
            record.rules,
            &record.actions[..upto],
            |step, _| {
                if history.len() == table::LOG_KEPT {
                    history.pop_front();
                }
                history.push_back(step);
            },
        );
        let e = match replayed {
            Ok(game) => return Ok((game, history)),
            Err(e) => e,
        };
        // Every action before the first that fails replays, so the second pass succeeds.
        match e.downcast_ref::<ReplayError>() {
            Some(ReplayError::Notation { index, .. } | ReplayError::Illegal { index, .. })
                if archive.is_some() && *index < upto =>
            {
                upto = *index
            }
            _ => return Err(e),
        }
    }
}
