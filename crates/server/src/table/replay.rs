//! A table's record replayed: into log steps, into the line of the lobby's list of finished
//! games, and into the frames of a finished game's replay.

use crate::view::Step;
use boardroom_engine::{Game, Present, RecordedAction};
use boardroom_registry::Playable;

/// Why a game record is not given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordRefusal {
    /// The game is still running: its record would reveal the seed, so hidden cards and dice
    /// to come.
    Running,
    /// The link's token holds no seat at this table.
    BadToken,
}

impl std::fmt::Display for RecordRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RecordRefusal::Running => {
                "the game is still running: its record (which reveals what is hidden) can be \
                 downloaded once the game is over"
            }
            RecordRefusal::BadToken => {
                "this link holds no seat at this table: use a seat's invite link or the \
                 spectator link"
            }
        })
    }
}

/// Replays `record` from `config` and `seed` under rules revision `rules` with the engine's
/// one replay ([`boardroom_engine::replay_actions`]): every stored action, undone ones included, handed
/// to `visit` as a [`Step`] with the game after it (after an undone one: the game as it
/// stays). Returns the game now. An error names the first live action that does not replay.
pub fn replay_steps<G: Game + Present>(
    config: &G::Config,
    seed: u64,
    rules: u32,
    record: &[RecordedAction],
    mut visit: impl FnMut(Step<G>, &G),
) -> anyhow::Result<G> {
    let game = boardroom_engine::replay_actions::<G, u32>(
        config,
        seed,
        rules,
        record,
        |g| <G as Present>::turn(g),
        |r, after| {
            visit(
                Step {
                    index: r.index,
                    seat: r.seat,
                    action: record[r.index].action.clone(),
                    turn: r.before,
                    undone: r.undone,
                    by: record[r.index].by,
                    events: r.events,
                },
                after,
            )
        },
    )?;
    Ok(game)
}

/// How the lobby's list of recently finished tables shows finished game `game` of table `id`:
/// its title, variant and winners, when it ended (`finished`, seconds since the Unix epoch),
/// and the actions played (those taken back not counted).
pub fn finished_row<G: Playable>(
    id: &str,
    game: &G,
    finished: i64,
    record: &[RecordedAction],
) -> crate::db::FinishedRow {
    crate::db::FinishedRow {
        id: id.to_string(),
        game: G::NAME.to_string(),
        title: G::TITLE.to_string(),
        edition: game.variant(),
        finished,
        winners: game
            .outcome()
            .map(|o| o.winners.iter().map(<G as Present>::seat_name).collect())
            .unwrap_or_default(),
        actions: record.iter().filter(|a| !a.undone).count(),
        places: game
            .outcome()
            .map(|o| crate::ratings::places(&o, record, game.num_players()))
            .unwrap_or_default(),
    }
}

/// Live steps between two states a finished table's replay keeps.
const FRAME_EVERY: usize = 16;

/// The replay of a finished game, worked out once per table: where each live action stands in
/// the record, the turns, and the state every [`FRAME_EVERY`] live steps, so that any frame is
/// at most that many actions away.
pub(super) struct Frames<G: Game> {
    /// The record index of each action not taken back, in order.
    live: Vec<usize>,
    /// Each turn and the live step it starts at.
    turns: Vec<(u32, usize)>,
    /// The game after `k * FRAME_EVERY` live steps, for each `k`.
    checkpoints: Vec<G>,
}

impl<G: Game + Present> Frames<G> {
    /// Replays `record` once, keeping what the frames need.
    pub(super) fn build(
        config: &G::Config,
        seed: u64,
        rules: u32,
        record: &[RecordedAction],
    ) -> anyhow::Result<Self> {
        let mut frames = Frames {
            live: Vec::new(),
            turns: Vec::new(),
            checkpoints: vec![G::new_under(config, seed, rules)?],
        };
        replay_steps::<G>(config, seed, rules, record, |s, after| {
            if s.undone {
                return;
            }
            if frames.turns.last().is_none_or(|&(t, _)| t != s.turn) {
                frames.turns.push((s.turn, frames.live.len()));
            }
            frames.live.push(s.index);
            if frames.live.len().is_multiple_of(FRAME_EVERY) {
                frames.checkpoints.push(after.clone());
            }
        })?;
        Ok(frames)
    }

    /// Live steps (actions not taken back) in the whole game.
    pub(super) fn steps(&self) -> usize {
        self.live.len()
    }

    /// Each turn and the live step it starts at.
    pub(super) fn turns(&self) -> &[(u32, usize)] {
        &self.turns
    }

    /// The game after `step` live actions and the last of them (none at step 0), replayed
    /// from the nearest kept state.
    pub(super) fn frame(
        &self,
        step: usize,
        record: &[RecordedAction],
    ) -> anyhow::Result<(G, Option<Step<G>>)> {
        if step == 0 {
            return Ok((self.checkpoints[0].clone(), None));
        }
        let k = (step - 1) / FRAME_EVERY;
        let mut game = self.checkpoints[k].clone();
        let mut last = None;
        for &index in &self.live[k * FRAME_EVERY..step] {
            let rec = &record[index];
            let action = game
                .parse_action(&rec.action)
                .map_err(|e| anyhow::anyhow!("action {index} (`{}`): {e}", rec.action))?;
            let turn = <G as Present>::turn(&game);
            let mut events = Vec::new();
            game.apply(rec.seat, action, &mut events)
                .map_err(|e| anyhow::anyhow!("action {index} (`{}`): {e}", rec.action))?;
            last = Some(Step {
                index,
                seat: rec.seat,
                action: rec.action.clone(),
                turn,
                undone: false,
                by: rec.by,
                events,
            });
        }
        Ok((game, last))
    }
}
