//! Writing the corpus again: the records' specs (game, seats, seed, how far, take-backs and
//! the clock), played by bots and random players (see the parent module's documentation).

use super::*;
/// A record to write: which game, how set up, who plays, how far.
struct Spec {
    /// The file name (without `.json`).
    name: &'static str,
    about: &'static str,
    game: &'static str,
    options: &'static [(&'static str, &'static str)],
    seed: u64,
    /// The player of each seat: a bot name (`random`, `heuristic`, `easy`, …).
    seats: &'static [&'static str],
    /// The most live actions (the game may end sooner).
    cap: usize,
    /// Take back about one action in this many (0: none), two in a row half the time.
    takebacks: u32,
    /// Let the clock play a due timeout about once in this many steps (0: never).
    clock: u32,
}

/// A corpus file's text: its parts one a line, and the record's actions one a line, so a
/// change to the corpus reads well in a diff.
fn corpus_text<C: Serialize>(about: &str, record: &Record<C>, end: &Final) -> String {
    let json = |v: &dyn erased::Json| v.text();
    let actions: Vec<String> = record.actions.iter().map(|a| json(a)).collect();
    format!(
        "{{\n\"about\": {},\n\"final\": {},\n\"record\": {{\"game\": {}, \"rules\": {}, \
         \"config\": {}, \"seed\": {}, \"actions\": [\n{}\n]}}\n}}\n",
        json(&about),
        json(end),
        json(&record.game),
        record.rules,
        json(&record.config),
        record.seed,
        actions.join(",\n")
    )
}

/// JSON text of any serializable value, behind `dyn` (to name one helper for all).
mod erased {
    pub trait Json {
        fn text(&self) -> String;
    }
    impl<T: serde::Serialize + ?Sized> Json for T {
        fn text(&self) -> String {
            serde_json::to_string(self).expect("JSON")
        }
    }
}

/// Plays a record of the visited game as the spec says, and gives the corpus file's text.
struct Write<'a>(&'a Spec);

impl Visitor for Write<'_> {
    type Output = String;
    fn visit<G: Playable>(self) -> String {
        let spec = self.0;
        let mut options = Options::new();
        for (name, value) in spec.options {
            let value = match *value {
                "true" => OptionValue::Flag(true),
                text => OptionValue::Text(text.into()),
            };
            options.set(name, value);
        }
        let config = make_config::<G>(spec.seats.len(), None, &options).unwrap();
        let mut game = G::new(&config, spec.seed).unwrap();
        let mut record = Record::new::<G>(config, spec.seed);
        let mut bots: Vec<_> = spec
            .seats
            .iter()
            .enumerate()
            .map(|(s, name)| boardroom_bots::make_bot::<G>(name, spec.seed ^ s as u64).unwrap())
            .collect();
        let mut rng = from_seed(spec.seed);
        let (mut live, mut timers, mut legal) = (0, Vec::new(), Vec::new());
        while !game.is_over() && live < spec.cap {
            if spec.clock > 0 && rng.gen_ratio(1, spec.clock) {
                timers.clear();
                game.timers(&mut timers);
                if let Some(t) = timers
                    .iter()
                    .find(|t| game.check(CLOCK, t.action.clone()).is_ok())
                {
                    record.actions.push(RecordedAction::new(
                        CLOCK,
                        game.format_action(t.action.clone()),
                    ));
                    game.play(CLOCK, t.action.clone()).unwrap();
                    live += 1;
                    continue;
                }
            }
            let seat = game.to_act().choose(&mut rng).unwrap();
            if spec.takebacks > 0 && rng.gen_ratio(1, spec.takebacks) {
                // Played on a copy and taken back: the record keeps it, the game does not.
                let mut tried = game.clone();
                let mut by = seat;
                for _ in 0..1 + rng.gen_range(0..2) {
                    tried.legal_actions(by, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let a = legal[rng.gen_range(0..legal.len())].clone();
                    let mut undone = RecordedAction::new(by, tried.format_action(a.clone()));
                    undone.undone = true;
                    record.actions.push(undone);
                    tried.play(by, a).unwrap();
                    match tried.to_act().choose(&mut rng) {
                        Some(next) => by = next,
                        None => break,
                    }
                }
            }
            let action = bots[seat].choose(&game, seat);
            record.actions.push(RecordedAction::new(
                seat,
                game.format_action(action.clone()),
            ));
            game.play(seat, action).unwrap();
            live += 1;
        }
        let replayed: G = replay_actions(
            &record.config,
            record.seed,
            record.rules,
            &record.actions,
            |_| (),
            |_, _| (),
        )
        .expect("a written record replays");
        let end = final_of(&game);
        assert_eq!(final_of(&replayed), end, "{}: replays as played", spec.name);
        corpus_text(spec.about, &record, &end)
    }
}

/// Every record of the corpus.
const SPECS: &[Spec] = &[
    Spec {
        name: "modern-2p",
        about: "Big Boss Modern, 2 players, random players, complete, with take-backs",
        game: "big-boss",
        options: &[("edition", "modern")],
        seed: 102,
        seats: &["random", "random"],
        cap: 100000,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "modern-3p",
        about: "Big Boss Modern, 3 players, random players, the first 120 actions, with take-backs",
        game: "big-boss",
        options: &[("edition", "modern")],
        seed: 103,
        seats: &["random", "random", "random"],
        cap: 120,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "modern-4p",
        about: "Big Boss Modern, 4 players, random players, complete, with take-backs",
        game: "big-boss",
        options: &[("edition", "modern")],
        seed: 104,
        seats: &["random", "random", "random", "random"],
        cap: 100000,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "modern-5p",
        about: "Big Boss Modern, 5 players, random players, the first 120 actions, with take-backs",
        game: "big-boss",
        options: &[("edition", "modern")],
        seed: 105,
        seats: &["random", "random", "random", "random", "random"],
        cap: 120,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "modern-6p",
        about: "Big Boss Modern, 6 players, random players, complete, with take-backs",
        game: "big-boss",
        options: &[("edition", "modern")],
        seed: 106,
        seats: &["random", "random", "random", "random", "random", "random"],
        cap: 100000,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "classic-2p",
        about: "Big Boss Classic, 2 players, random players, the first 120 actions, with take-backs",
        game: "big-boss",
        options: &[("edition", "classic")],
        seed: 202,
        seats: &["random", "random"],
        cap: 120,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "classic-3p",
        about: "Big Boss Classic, 3 players, random players, complete, with take-backs",
        game: "big-boss",
        options: &[("edition", "classic")],
        seed: 203,
        seats: &["random", "random", "random"],
        cap: 100000,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "classic-4p",
        about: "Big Boss Classic, 4 players, random players, the first 120 actions, with take-backs",
        game: "big-boss",
        options: &[("edition", "classic")],
        seed: 204,
        seats: &["random", "random", "random", "random"],
        cap: 120,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "classic-5p",
        about: "Big Boss Classic, 5 players, random players, complete, with take-backs",
        game: "big-boss",
        options: &[("edition", "classic")],
        seed: 205,
        seats: &["random", "random", "random", "random", "random"],
        cap: 100000,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "classic-6p",
        about: "Big Boss Classic, 6 players, random players, the first 120 actions, with take-backs",
        game: "big-boss",
        options: &[("edition", "classic")],
        seed: 206,
        seats: &["random", "random", "random", "random", "random", "random"],
        cap: 120,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "modern-bots-3p",
        about: "Big Boss Modern, 3 players: heuristic, easy and random bots, complete",
        game: "big-boss",
        options: &[("edition", "modern")],
        seed: 301,
        seats: &["heuristic", "easy", "random"],
        cap: 100000,
        takebacks: 20,
        clock: 0,
    },
    Spec {
        name: "classic-bots-2p",
        about: "Big Boss Classic, 2 players: heuristic against easy, the first 80 actions",
        game: "big-boss",
        options: &[("edition", "classic")],
        seed: 302,
        seats: &["heuristic", "easy"],
        cap: 80,
        takebacks: 0,
        clock: 0,
    },
    Spec {
        name: "bigshot-2p",
        about: "Big Shot, 2 players, random players, complete, with take-backs",
        game: "big-shot",
        options: &[],
        seed: 402,
        seats: &["random", "random"],
        cap: 100000,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "bigshot-3p",
        about: "Big Shot, 3 players, random players, complete, with take-backs",
        game: "big-shot",
        options: &[],
        seed: 403,
        seats: &["random", "random", "random"],
        cap: 100000,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "bigshot-4p",
        about: "Big Shot, 4 players, random players, complete, with take-backs",
        game: "big-shot",
        options: &[],
        seed: 404,
        seats: &["random", "random", "random", "random"],
        cap: 100000,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "bigshot-hidden-3p",
        about: "Big Shot with hidden money, 3 players, random players, complete, with take-backs",
        game: "big-shot",
        options: &[("hidden_money", "true")],
        seed: 410,
        seats: &["random", "random", "random"],
        cap: 100000,
        takebacks: 12,
        clock: 0,
    },
    Spec {
        name: "bigshot-hidden-bots-2p",
        about: "Big Shot with hidden money, 2 players: heuristic against easy, complete",
        game: "big-shot",
        options: &[("hidden_money", "true")],
        seed: 411,
        seats: &["heuristic", "easy"],
        cap: 100000,
        takebacks: 0,
        clock: 0,
    },
    Spec {
        name: "bigshot-bots-4p",
        about: "Big Shot, 4 players: heuristic, easy and two random players, the first 150 actions",
        game: "big-shot",
        options: &[],
        seed: 412,
        seats: &["heuristic", "easy", "random", "random"],
        cap: 150,
        takebacks: 0,
        clock: 0,
    },
    Spec {
        name: "theboss-2p",
        about: "The Boss, 2 players: reference players that deal (offers, auctions, meetings), the clock's timeouts and take-backs",
        game: "the-boss",
        options: &[],
        seed: 502,
        seats: &["heuristic", "heuristic"],
        cap: 300,
        takebacks: 15,
        clock: 6,
    },
    Spec {
        name: "theboss-3p",
        about: "The Boss, 3 players: reference players that deal (offers, auctions, meetings), the clock's timeouts and take-backs",
        game: "the-boss",
        options: &[],
        seed: 503,
        seats: &["heuristic", "heuristic", "heuristic"],
        cap: 100000,
        takebacks: 15,
        clock: 6,
    },
    Spec {
        name: "theboss-4p",
        about: "The Boss, 4 players: reference players that deal (offers, auctions, meetings), the clock's timeouts and take-backs",
        game: "the-boss",
        options: &[],
        seed: 504,
        seats: &["heuristic", "heuristic", "heuristic", "heuristic"],
        cap: 300,
        takebacks: 15,
        clock: 6,
    },
    Spec {
        name: "theboss-random-3p",
        about: "The Boss, 3 players: random players, the clock's timeouts, take-backs, the first 300 actions",
        game: "the-boss",
        options: &[],
        seed: 510,
        seats: &["random", "random", "random"],
        cap: 300,
        takebacks: 10,
        clock: 5,
    },
    Spec {
        name: "theboss-mixed-4p",
        about: "The Boss, 4 players: heuristic, heuristic-nodeal, easy and random, the first 200 actions",
        game: "the-boss",
        options: &[],
        seed: 511,
        seats: &["heuristic", "heuristic-nodeal", "easy", "random"],
        cap: 200,
        takebacks: 0,
        clock: 0,
    },
];

/// Writes the corpus again (see the module's documentation).
#[test]
#[ignore = "writes the corpus; run by hand after raising a rules revision"]
fn write_corpus() {
    // `BOARDROOM_CORPUS_GAME=<id>` writes only that game's records.
    let only = std::env::var("BOARDROOM_CORPUS_GAME").ok();
    for spec in SPECS {
        if only.as_deref().is_some_and(|g| g != spec.game) {
            continue;
        }
        let started = std::time::Instant::now();
        let text = visit(spec.game, Write(spec)).unwrap();
        let dir = corpus_dir().join(spec.game);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{}.json", spec.name)), &text).unwrap();
        println!(
            "{}/{}: {} bytes in {:.1?}",
            spec.game,
            spec.name,
            text.len(),
            started.elapsed()
        );
    }
}
