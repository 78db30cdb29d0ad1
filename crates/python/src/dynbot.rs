//! [`BotOf`]: a built-in bot of one game behind the object-safe [`DynBot`] interface.

use crate::dyngame::{DynBot, DynGame, Wrapped};
use crate::error::{Error, Kind, Result};
use boardroom_engine::{Bot, Seat};
use boardroom_registry::Playable;

/// A bot of game `G`.
pub(crate) struct BotOf<G: Playable> {
    bot: Box<dyn Bot<G>>,
    name: String,
}

impl<G: Playable> BotOf<G> {
    /// The bot `bot`, called `name`.
    pub(crate) fn new(bot: Box<dyn Bot<G>>, name: String) -> Self {
        BotOf { bot, name }
    }

    fn pick<'a>(
        &mut self,
        game: &'a mut dyn DynGame,
        seat: Seat,
    ) -> Result<(&'a mut Wrapped<G>, G::Action)> {
        let id = game.id();
        let Some(w) = game.as_any_mut().downcast_mut::<Wrapped<G>>() else {
            return Err(Error::new(
                Kind::Bot,
                format!("this bot plays {}, not {id}", G::NAME),
            ));
        };
        w.check_seat(seat)?;
        if w.legal(seat).is_empty() {
            return Err(Error::new(
                Kind::IllegalAction,
                format!("seat {seat} has no legal action"),
            ));
        }
        let action = self.bot.choose(&w.game, seat);
        Ok((w, action))
    }
}

impl<G: Playable> DynBot for BotOf<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn game_id(&self) -> &'static str {
        G::NAME
    }

    fn choose(&mut self, game: &mut dyn DynGame, seat: Seat) -> Result<(Option<usize>, String)> {
        let (w, action) = self.pick(game, seat)?;
        let notation = w.game.format_action(action.clone());
        Ok((w.mode_index(seat, &action), notation))
    }

    fn choose_id(&mut self, game: &mut dyn DynGame, seat: Seat) -> Result<(Option<usize>, String)> {
        let (w, action) = self.pick(game, seat)?;
        let index = w.mode_index(seat, &action);
        if index.is_some() || !w.fixed {
            return Ok((index, w.game.format_action(action)));
        }
        let index = w.game.nearest_action_index(seat, &action);
        let played = index
            .and_then(|i| w.game.action_from_index(seat, i))
            .unwrap_or(action);
        Ok((index, w.game.format_action(played)))
    }

    fn act(&mut self, game: &mut dyn DynGame, seat: Seat) -> Result<(Option<usize>, String)> {
        let (w, action) = self.pick(game, seat)?;
        let notation = w.game.format_action(action.clone());
        let index = w.mode_index(seat, &action);
        w.apply_action(seat, action)?;
        Ok((index, notation))
    }
}
