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

/// Checks that every bot of `kinds` is one game `G` offers ([`boardroom_bots::bot_names`]):
/// the bot without dealing only at games with dealing. The message names the game's bots.
pub fn check_kinds<G: Evaluate + boardroom_engine::Present>(
    kinds: &[String],
) -> Result<(), String> {
    let offered = boardroom_bots::bot_names::<G>();
    match kinds
        .iter()
        .find(|k| is_bot(k) && !offered.contains(&k.as_str()))
    {
        None => Ok(()),
        Some(bad) => Err(format!(
            "bot `{bad}` is for games with dealing, and {} has none (its bots: {})",
            G::TITLE,
            offered.join(", ")
        )),
    }
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

/// The pace of a table's bots, chosen when the table is created; a table without one moves its
/// bots at the server's pace (`--bot-delay-ms`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotSpeed {
    /// Time to follow every move: 1.5 s before each bot move.
    Slow,
    /// 0.7 s before each bot move.
    Normal,
    /// 0.15 s before each bot move.
    Fast,
}

impl BotSpeed {
    /// Every speed, by name, slowest first.
    pub const ALL: [(&'static str, BotSpeed); 3] = [
        ("slow", BotSpeed::Slow),
        ("normal", BotSpeed::Normal),
        ("fast", BotSpeed::Fast),
    ];

    /// The speed named `name`, or a message listing the speeds.
    pub fn parse(name: &str) -> Result<BotSpeed, String> {
        BotSpeed::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, s)| *s)
            .ok_or_else(|| {
                format!(
                    "unknown bot speed `{}` (speeds: slow, normal, fast)",
                    name.chars().take(40).collect::<String>()
                )
            })
    }

    /// The pause before each bot move.
    pub fn delay(self) -> std::time::Duration {
        std::time::Duration::from_millis(match self {
            BotSpeed::Slow => 1500,
            BotSpeed::Normal => 700,
            BotSpeed::Fast => 150,
        })
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

    /// The bot without dealing at a table of the visited game: refused, naming the game's
    /// bots, unless the game deals.
    struct NoDeal;

    impl Visitor for NoDeal {
        type Output = ();
        fn visit<G: Playable>(self) {
            let kinds = |k: &[&str]| k.iter().map(|s| s.to_string()).collect::<Vec<_>>();
            check_kinds::<G>(&kinds(&["human", "heuristic", "hard"])).unwrap();
            let r = check_kinds::<G>(&kinds(&["human", "heuristic-nodeal"]));
            if G::DEALS {
                r.unwrap();
            } else {
                let e = r.unwrap_err();
                let bots = boardroom_bots::bot_names::<G>().join(", ");
                assert_eq!(
                    e,
                    format!(
                        "bot `heuristic-nodeal` is for games with dealing, and {} has none \
                         (its bots: {bots})",
                        G::TITLE
                    )
                );
                assert!(!bots.contains("nodeal"), "{bots}");
            }
        }
    }

    #[test]
    fn the_bot_without_dealing_sits_only_at_games_with_dealing() {
        for id in boardroom_games::IDS {
            boardroom_games::visit(id, NoDeal).unwrap();
        }
        assert!(boardroom_games::list()
            .iter()
            .any(|g| g.bots.contains(&"heuristic-nodeal")));
    }

    #[test]
    fn bot_speeds_are_named_and_ordered() {
        assert_eq!(BotSpeed::parse("fast"), Ok(BotSpeed::Fast));
        let e = BotSpeed::parse("warp").unwrap_err();
        assert!(
            e.contains("`warp`") && e.contains("slow, normal, fast"),
            "{e}"
        );
        assert!(BotSpeed::Slow.delay() > BotSpeed::Normal.delay());
        assert!(BotSpeed::Normal.delay() > BotSpeed::Fast.delay());
    }
}
