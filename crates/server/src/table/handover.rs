//! Passing a table to another instance: when its instance stops (at once) or hands tables to
//! a less busy one (at the start of a turn, so a move never splits one). The table stops
//! between two pieces of its work, so no action is half stored; its lease is then passed by
//! the lobby (`lobby/hosting.rs`), and its connections are closed with [`MOVED`], which the
//! web shell answers by reconnecting at once.

use super::Table;
use boardroom_engine::Present;
use boardroom_registry::Playable;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::sync::oneshot;

/// A table's hand-over: whether a turn has just begun, and a hand-over waiting for one.
pub(super) struct HandOver {
    /// Whether the last action played began a turn (or ended the game), or none was played
    /// since the table started at the start of one.
    turn_began: bool,
    /// A hand-over waiting for the start of a turn.
    waiting: Option<oneshot::Sender<()>>,
    /// Set once the table stopped to be played elsewhere (shared with its handle).
    moved: Arc<AtomicBool>,
}

impl HandOver {
    /// No hand-over yet; `moved` is the handle's flag.
    pub(super) fn new(moved: Arc<AtomicBool>) -> HandOver {
        HandOver {
            turn_began: true,
            waiting: None,
            moved,
        }
    }

    /// Whether the table stopped to be played elsewhere (its loop then ends).
    pub(super) fn stopped(&self) -> bool {
        self.moved.load(Ordering::SeqCst)
    }

    /// After an action: whether it began a turn. A hand-over waiting for one then happens.
    pub(super) fn played(&mut self, turn_began: bool) {
        self.turn_began = turn_began;
        if turn_began {
            if let Some(reply) = self.waiting.take() {
                self.answer(reply);
            }
        }
    }

    /// Answers a hand-over: the table stops, unless nobody waits for the answer any more.
    fn answer(&mut self, reply: oneshot::Sender<()>) {
        // Marked before the answer: once the lobby hears it, the connections must close
        // saying the table moved.
        self.moved.store(true, Ordering::SeqCst);
        if reply.send(()).is_err() {
            self.moved.store(false, Ordering::SeqCst);
        }
    }
}

impl<G: Playable> Table<G> {
    /// Hands the table over, at once or (`at_turn`) once a turn has begun: whether it stopped.
    pub(super) fn hand_over(&mut self, at_turn: bool, reply: oneshot::Sender<()>) -> bool {
        if !at_turn || self.handover.turn_began || self.game.is_over() {
            self.handover.answer(reply);
        } else {
            self.handover.waiting = Some(reply);
        }
        self.handover.stopped()
    }

    /// Whether the state the table starts from is the start of a turn: no action kept in
    /// memory, or the last one was played in another turn.
    pub(super) fn starts_a_turn(&self) -> bool {
        self.history
            .back()
            .is_none_or(|step| step.turn != <G as Present>::turn(&self.game))
    }
}
