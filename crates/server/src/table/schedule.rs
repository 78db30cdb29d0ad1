//! A table's bots: one thinks at a time, off the async runtime, and sends its move back to
//! the table; the seats that may act take turns, and bots the game does not wait for cannot
//! keep a table busy forever.

use crate::bots::{self, SeatKind};
use boardroom_engine::{Bot, Game, Seat};
use boardroom_registry::Playable;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// Most actions in a row by bots that may but need not act (not in `Game::must_act`) before
/// only the seats the game waits for are asked again: bots that need not act cannot keep a
/// table busy forever.
pub const OPTIONAL_BOT_MOVES: u32 = 50;

/// The longest pause a bot takes before answering a deal (accepting, rejecting or countering
/// an offer), whatever the table's bot pace.
pub const ANSWER_PAUSE: Duration = Duration::from_millis(500);

/// What a bot's thinking task sends back to its table.
pub(super) enum BotMsg<G: Game> {
    /// A bot chose an action.
    Move {
        /// The version the bot saw.
        version: usize,
        /// Its seat.
        seat: Seat,
        /// The bot, handed back.
        bot: Box<dyn Bot<G>>,
        /// Its choice; `None` when the game did not wait for the seat and the bot had
        /// nothing worth doing ([`Bot::choose_optional`]).
        action: Option<G::Action>,
    },
    /// A bot failed to choose (it panicked); its seat gets a random bot.
    Failed {
        /// Its seat.
        seat: Seat,
    },
}

/// The bots of a table's seats and whose turn it is to think.
pub(super) struct BotSeats<G: Game> {
    /// Each seat's bot (none for a person, or while the bot thinks).
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    /// Per seat, whether a bot plays it: a bot seat, or a person's seat while a stand-in
    /// plays it.
    playing: Vec<bool>,
    /// Per seat, the level of the bot playing it (for the metrics).
    levels: Vec<&'static str>,
    /// Whether a bot is thinking.
    busy: bool,
    /// The seat from which the next bot to think is looked for (so every bot seat that may
    /// act gets its turn).
    cursor: Seat,
    /// Bot actions in a row by seats the game did not wait for.
    optional_moves: u32,
    /// Per seat, the version at which its bot, not waited for, had nothing to do: it is not
    /// asked again until the state changes.
    declined: Vec<Option<usize>>,
    /// Where the thinking tasks send their moves.
    tx: mpsc::UnboundedSender<BotMsg<G>>,
}

impl<G: Playable> BotSeats<G> {
    /// A bot for each bot seat of `kinds`, and where their moves arrive.
    pub(super) fn new(kinds: &[SeatKind]) -> (Self, mpsc::UnboundedReceiver<BotMsg<G>>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let bots = kinds
            .iter()
            .map(|k| k.bot().map(|level| bots::make_bot(level, rand::random())))
            .collect();
        let seats = BotSeats {
            bots,
            playing: kinds.iter().map(|k| !k.is_human()).collect(),
            levels: kinds
                .iter()
                .map(|k| k.bot().map_or("none", |l| l.name()))
                .collect(),
            busy: false,
            cursor: 0,
            optional_moves: 0,
            declined: Vec::new(),
            tx,
        };
        (seats, rx)
    }

    /// Whether a bot is thinking.
    pub(super) fn busy(&self) -> bool {
        self.busy
    }

    /// An action was played: by a bot the game did not wait for (`optional`), or otherwise.
    pub(super) fn played(&mut self, optional: bool) {
        if optional {
            self.optional_moves += 1;
        } else {
            self.optional_moves = 0;
        }
    }

    /// The bot of `seat` is back from thinking (a stand-in whose person took the seat back
    /// meanwhile is dropped).
    pub(super) fn returned(&mut self, seat: Seat, bot: Box<dyn Bot<G>>) {
        if self.plays(seat) {
            self.bots[seat] = Some(bot);
        }
        self.busy = false;
    }

    /// Whether a bot plays `seat` now (its own, or a stand-in).
    pub(super) fn plays(&self, seat: Seat) -> bool {
        self.playing.get(seat).copied().unwrap_or(false)
    }

    /// A stand-in bot of level `level` plays person seat `seat` from now on.
    pub(super) fn stand_in(&mut self, seat: Seat, level: bots::BotLevel) {
        if seat < self.bots.len() && !self.plays(seat) {
            self.playing[seat] = true;
            self.levels[seat] = level.name();
            self.bots[seat] = Some(bots::make_bot(level, rand::random()));
        }
    }

    /// The person takes seat `seat` back: its stand-in stops (one thinking now is dropped
    /// when it comes back, its move unplayed).
    pub(super) fn stand_down(&mut self, seat: Seat) {
        if seat < self.bots.len() {
            self.playing[seat] = false;
            self.bots[seat] = None;
        }
    }

    /// The bot of `seat`, not waited for, had nothing worth doing at `version`: it is not
    /// asked again before the state changes.
    pub(super) fn declined(&mut self, seat: Seat, version: usize) {
        if self.declined.len() <= seat {
            self.declined.resize(seat + 1, None);
        }
        self.declined[seat] = Some(version);
    }

    /// The bot of `seat` was lost with its thread: the seat goes on with a random bot.
    pub(super) fn failed(&mut self, seat: Seat) {
        if self.plays(seat) {
            self.bots[seat] = Some(bots::make_bot(bots::BotLevel::Random, rand::random()));
        }
        self.busy = false;
    }

    /// After the table was rebuilt: the count of optional moves starts again, and a bot lost
    /// in the panic is made anew (one lent to a thinking task comes back with its move).
    pub(super) fn rebuilt(&mut self, kinds: &[SeatKind]) {
        self.optional_moves = 0;
        if !self.busy {
            for (seat, kind) in kinds.iter().enumerate() {
                if let (Some(level), None) = (kind.bot(), &self.bots[seat]) {
                    self.bots[seat] = Some(bots::make_bot(level, rand::random()));
                }
            }
        }
    }

    /// If a bot's seat may act in `game` (at `version`), lets it think off the async runtime
    /// and send its move back after `delay`. One bot thinks at a time; the seats that may act
    /// take turns from the seat after the last one asked, so every bot seat in `to_act` gets
    /// its chance. After [`OPTIONAL_BOT_MOVES`] moves in a row by bots the game did not wait
    /// for, only seats in `must_act` are asked. A bot seat outside `must_act` is asked with
    /// [`Bot::choose_optional`]: one that has nothing worth doing is not asked again until the
    /// state changes. A move is thrown away when the state moved on in between (unless what it
    /// answers is unchanged), and the bot asked again.
    pub(super) fn schedule(&mut self, game: &G, version: usize, delay: Duration) {
        if self.busy {
            return;
        }
        let (may, must) = (game.to_act(), game.must_act());
        let n = self.bots.len();
        let optional_ok = self.optional_moves < OPTIONAL_BOT_MOVES;
        let Some(seat) = (0..n).map(|i| (self.cursor + i) % n).find(|&s| {
            let declined = self.declined.get(s).copied().flatten() == Some(version);
            may.contains(s)
                && self.bots[s].is_some()
                && (must.contains(s) || (optional_ok && !declined))
        }) else {
            return;
        };
        self.cursor = (seat + 1) % n;
        let Some(mut bot) = self.bots.get_mut(seat).and_then(Option::take) else {
            return;
        };
        let me = self.tx.clone();
        self.busy = true;
        let game = game.clone();
        let optional = !must.contains(seat);
        let level = self.levels.get(seat).copied().unwrap_or("none");
        tokio::spawn(tracing::Instrument::in_current_span(async move {
            // The bot thinks first, then takes what is left of its pause, only when it acts
            // (one with nothing to do does not hold up the others), and at most
            // `ANSWER_PAUSE` before answering a deal: people get their answer within a second
            // whatever the bots' pace.
            let started = Instant::now();
            let chosen = tokio::task::spawn_blocking(move || {
                let thinking = std::time::Instant::now();
                let action = if optional {
                    bot.choose_optional(&game, seat)
                } else {
                    Some(bot.choose(&game, seat))
                };
                crate::metrics::bot_thought(level, thinking.elapsed());
                let answer = action
                    .as_ref()
                    .is_some_and(|a| game.is_negotiation(a) && game.staleness_key(a).is_some());
                (bot, action, answer)
            })
            .await;
            if let Ok((_, Some(_), answer)) = &chosen {
                let pause = if *answer {
                    delay.min(ANSWER_PAUSE)
                } else {
                    delay
                };
                let left = pause.saturating_sub(started.elapsed());
                if !left.is_zero() {
                    tokio::time::sleep(left).await;
                }
            }
            match chosen {
                Ok((bot, action, _)) => {
                    let _ = me.send(BotMsg::Move {
                        version,
                        seat,
                        bot,
                        action,
                    });
                }
                Err(e) => {
                    // The bot is lost with its thread; the seat goes on with a random bot.
                    tracing::error!("a bot failed: {e}");
                    let _ = me.send(BotMsg::Failed { seat });
                }
            }
        }));
    }
}
