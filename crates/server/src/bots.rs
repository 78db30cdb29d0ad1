//! Seat kinds and the bots that fill seats.
//!
//! A seat is a person or a bot ([`SeatKind`], written `human` or the bot's level: `random`,
//! `heuristic`, `heuristic-nodeal`, or a search level `easy`, `normal`, `hard`). Every bot is
//! made by [`make_bot`] through the bots crate.

use boardroom_bots::Evaluate;
pub use boardroom_bots::{BotLevel, SeatKind};
use boardroom_engine::Bot;

/// Checks that every bot of `kinds` is one game `G` offers ([`boardroom_bots::bot_names`]):
/// the bot without dealing only at games with dealing. The message names the game's bots.
pub fn check_kinds<G: Evaluate + boardroom_engine::Present>(
    kinds: &[SeatKind],
) -> Result<(), String> {
    match kinds
        .iter()
        .filter_map(|k| k.bot())
        .find(|level| !level.offered_by::<G>())
    {
        None => Ok(()),
        Some(bad) => Err(format!(
            "bot `{}` is for games with dealing, and {} has none (its bots: {})",
            bad.name(),
            G::TITLE,
            boardroom_bots::bot_names::<G>().join(", ")
        )),
    }
}

/// The seat kind stored as `word`. A word this version does not know is from a version that
/// knew other bots: the seat keeps the game going as the random bot.
pub fn stored_kind(word: &str) -> SeatKind {
    word.parse().unwrap_or_else(|e: String| {
        tracing::warn!(kind = word, error = %e, "unknown stored seat kind plays as the random bot");
        SeatKind::Bot(BotLevel::Random)
    })
}

/// The bot of level `level`, seeded with `seed`. Bots decide only from their own seat's
/// observation (see `boardroom_bots`).
pub fn make_bot<G: Evaluate>(level: BotLevel, seed: u64) -> Box<dyn Bot<G>> {
    level.make(seed)
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
    use boardroom_registry::{Playable, Visitor};

    /// Every bot level at a table of the visited game chooses a legal move.
    struct EveryLevel;

    impl Visitor for EveryLevel {
        type Output = ();
        fn visit<G: Playable>(self) {
            let config = boardroom_registry::make_config::<G>(
                G::MIN_PLAYERS.max(3).min(G::MAX_PLAYERS),
                None,
                &Options::new(),
            )
            .unwrap();
            let game = G::new(&config, 5).unwrap();
            let seat = game.to_act().first().unwrap();
            for level in BotLevel::ALL {
                let mut bot = make_bot::<G>(level, 1);
                let a = bot.choose(&game, seat);
                assert!(game.check(seat, a).is_ok(), "{} {level:?}", G::NAME);
            }
            assert_eq!(make_bot::<G>(BotLevel::Hard, 1).name(), "hard");
            assert_eq!(make_bot::<G>(BotLevel::Heuristic, 1).name(), "heuristic");
        }
    }

    #[test]
    fn every_bot_level_plays_legal_moves() {
        for id in boardroom_registry::IDS {
            boardroom_registry::visit(id, EveryLevel).unwrap();
        }
        assert!("grandmaster".parse::<SeatKind>().is_err());
        assert_eq!(SeatKind::Human.bot(), None);
    }

    #[test]
    fn every_bot_the_registry_offers_is_a_seat_kind() {
        for g in boardroom_registry::list() {
            for b in g.bots {
                assert!(BotLevel::from_name(b).is_some(), "{b}");
            }
        }
    }

    /// The bot without dealing at a table of the visited game: refused, naming the game's
    /// bots, unless the game deals.
    struct NoDeal;

    impl Visitor for NoDeal {
        type Output = ();
        fn visit<G: Playable>(self) {
            let kinds = |k: &[&str]| {
                k.iter()
                    .map(|s| s.parse().unwrap())
                    .collect::<Vec<SeatKind>>()
            };
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
        for id in boardroom_registry::IDS {
            boardroom_registry::visit(id, NoDeal).unwrap();
        }
        assert!(boardroom_registry::list()
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
