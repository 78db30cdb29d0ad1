//! Seat kinds and the bots that fill seats.
//!
//! A seat is `human` or a bot level. Every level is resolved by [`make_bot`]; levels whose bots
//! do not exist yet play as the uniformly random bot.

use boardroom_bigboss::BigBoss;
use boardroom_engine::{Bot, RandomBot};

/// The seat held by a person.
pub const HUMAN: &str = "human";

/// Every seat kind a table may be created with: `human` and the bot levels.
pub const SEAT_KINDS: [&str; 5] = [HUMAN, "random", "easy", "normal", "hard"];

/// Whether `kind` is a known seat kind.
pub fn is_kind(kind: &str) -> bool {
    SEAT_KINDS.contains(&kind)
}

/// Whether `kind` is a bot level.
pub fn is_bot(kind: &str) -> bool {
    kind != HUMAN && is_kind(kind)
}

/// The bot for seat kind `kind`, seeded with `seed`. `random` is the uniformly random bot;
/// `easy`, `normal` and `hard` play as the random bot until stronger bots are available.
pub fn make_bot(kind: &str, seed: u64) -> Box<dyn Bot<BigBoss>> {
    // Stronger levels resolve here once their bots exist; until then every level plays as
    // the random bot.
    tracing::debug!(kind, "seat kind plays as the random bot");
    Box::new(RandomBot::new(seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardroom_bigboss::{Config, Edition};
    use boardroom_engine::Game;

    #[test]
    fn every_bot_level_plays_legal_moves() {
        let game = BigBoss::new(&Config::new(Edition::Modern, 3), 5).unwrap();
        let seat = game.to_act().first().unwrap();
        for kind in SEAT_KINDS.iter().filter(|k| is_bot(k)) {
            let mut bot = make_bot(kind, 1);
            let a = bot.choose(&game, seat);
            assert!(game.check(seat, a).is_ok(), "{kind}");
        }
        assert!(!is_bot("human") && !is_bot("grandmaster") && is_bot("hard"));
    }
}
