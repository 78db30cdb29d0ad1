//! Seat kinds and the bots that fill seats.
//!
//! A seat is `human` or a bot: `random`, `heuristic`, or a search level `easy`, `normal`,
//! `hard`. Every kind is resolved by [`make_bot`] through the bots crate.

use boardroom_bots::Evaluate;
use boardroom_engine::{Bot, RandomBot};

/// The seat held by a person.
pub const HUMAN: &str = "human";

/// Every seat kind a table may be created with: `human` and the bots the bots crate names.
pub fn seat_kinds() -> Vec<&'static str> {
    std::iter::once(HUMAN)
        .chain(boardroom_bots::BOT_NAMES.iter().copied())
        .collect()
}

/// Whether `kind` is a known seat kind.
pub fn is_kind(kind: &str) -> bool {
    kind == HUMAN || boardroom_bots::BOT_NAMES.contains(&kind)
}

/// Whether `kind` is a bot level.
pub fn is_bot(kind: &str) -> bool {
    kind != HUMAN && is_kind(kind)
}

/// The bot for seat kind `kind`, seeded with `seed`. Bots decide only from their own seat's
/// observation (see `boardroom_bots`).
pub fn make_bot<G: Evaluate>(kind: &str, seed: u64) -> Box<dyn Bot<G>> {
    match boardroom_bots::make_bot::<G>(kind, seed) {
        Ok(bot) => bot,
        Err(e) => {
            // Seat kinds are checked when a table is created, so this is a table stored by a
            // version that knew other bots: keep the game going with a random bot.
            tracing::warn!(kind, error = %e, "unknown bot kind plays as the random bot");
            Box::new(RandomBot::new(seed))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardroom_engine::Options;
    use boardroom_games::{Playable, Visitor};

    /// Every bot level at a table of the visited game chooses a legal move.
    struct EveryLevel;

    impl Visitor for EveryLevel {
        type Output = ();
        fn visit<G: Playable>(self) {
            let config = boardroom_games::make_config::<G>(
                G::MIN_PLAYERS.max(3).min(G::MAX_PLAYERS),
                None,
                &Options::new(),
            )
            .unwrap();
            let game = G::new(&config, 5).unwrap();
            let seat = game.to_act().first().unwrap();
            for kind in seat_kinds().into_iter().filter(|k| is_bot(k)) {
                let mut bot = make_bot::<G>(kind, 1);
                let a = bot.choose(&game, seat);
                assert!(game.check(seat, a).is_ok(), "{} {kind}", G::NAME);
            }
            assert_eq!(make_bot::<G>("hard", 1).name(), "hard");
            assert_eq!(make_bot::<G>("heuristic", 1).name(), "heuristic");
        }
    }

    #[test]
    fn every_bot_level_plays_legal_moves() {
        for id in boardroom_games::IDS {
            boardroom_games::visit(id, EveryLevel).unwrap();
        }
        assert!(!is_bot("human") && !is_bot("grandmaster") && is_bot("hard"));
    }

    #[test]
    fn every_bot_the_registry_offers_is_a_seat_kind() {
        for g in boardroom_games::list() {
            for b in g.bots {
                assert!(is_bot(b), "{b}");
            }
        }
    }
}
