//! The corpus of game records (`tests/corpus/<game>/*.json`): every game and variant at every
//! player count, played by bots and random players, with take-backs (`"undone": true`, two in
//! a row too) and, for The Boss, deals, auctions, meetings and the clock's timeouts.
//!
//! A stored table is its config, seed and actions, replayed at every restart of the server, so
//! a change of rules that alters what a stored action means damages every stored table it
//! touches. Each corpus file holds a record and what it replayed to when it was written (a
//! hash of the final position, the turn, who is to act, the scores); `corpus_replays` replays
//! each through the registry and compares. When it fails, the change must raise the game's
//! rules revision (see ARCHITECTURE.md, *Rules revisions*), and the corpus be written again.
//! Each record replays under the revision it was played under; the records of an older
//! revision the game still replays (`rules<N>-*.json`, never written again) show that games
//! stored under it still replay exactly as they were played.
//!
//! To write the corpus again (after raising a revision, or to add records):
//!
//! ```text
//! cargo test --profile ci -p boardroom-registry --test it -- --ignored write_corpus
//! ```
//!
//! (with `BOARDROOM_CORPUS_GAME=<id>`, only that game's records).

use boardroom_engine::rng::from_seed;
use boardroom_engine::{
    replay_actions, OptionValue, Options, Outcome, Present, Record, RecordedAction, Seat, CLOCK,
};
use boardroom_registry::{make_config, visit, Playable, Visitor, IDS};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The corpus's folder: one folder per game id.
fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// One corpus file.
#[derive(Serialize, Deserialize)]
struct Entry {
    /// What the record shows, in words.
    about: String,
    /// The game record, as `boardroom replay` reads it.
    record: serde_json::Value,
    /// What the record replayed to when the file was written.
    #[serde(rename = "final")]
    end: Final,
}

/// The state a record replays to, in brief.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Final {
    /// Whether the game is over.
    over: bool,
    /// The turn number (`Present::turn`).
    turn: u32,
    /// The seats that may act.
    to_act: Vec<Seat>,
    /// FNV-1a (64 bits, hex) of the final position as JSON with its keys sorted.
    position: String,
    /// The final scores and winners of a finished game.
    outcome: Option<Outcome>,
}

/// FNV-1a, 64 bits: small, stable across platforms and versions, enough to notice a change.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

fn final_of<G: Playable>(game: &G) -> Final {
    // Through `Value`, whose maps are sorted, so the text does not depend on field order.
    let position = serde_json::to_value(game.to_position()).expect("a position as JSON");
    Final {
        over: game.is_over(),
        turn: <G as Present>::turn(game),
        to_act: game.to_act().iter().collect(),
        position: format!("{:016x}", fnv1a(position.to_string().as_bytes())),
        outcome: game.outcome(),
    }
}

/// Replays a corpus record as game `G` and checks it against what it replayed to when written.
struct Check<'a> {
    file: &'a Path,
    entry: &'a Entry,
}

impl Visitor for Check<'_> {
    type Output = ();
    fn visit<G: Playable>(self) {
        let file = self.file.display();
        let record: Record<G::Config> = serde_json::from_value(self.entry.record.clone())
            .unwrap_or_else(|e| panic!("{file}: not a game record: {e}"));
        assert!(
            record.rules == G::RULES_REVISION || G::replays_revision(record.rules),
            "{file}: played under rules revision {} of {}, which this code no longer replays \
             (it plays revision {}): write the corpus again (see crates/registry/tests/it/corpus.rs), and make sure \
             stored tables of the old revision are served as archives (see ARCHITECTURE.md, \
             Rules revisions)",
            record.rules,
            G::NAME,
            G::RULES_REVISION
        );
        let changed = |what: String| -> ! {
            panic!(
                "{file}: {what}\nthe rules changed how a stored record replays: raise {}'s \
                 rules revision, and either keep replaying the old revision or serve old tables \
                 as archives (see ARCHITECTURE.md, Rules revisions)",
                G::NAME
            )
        };
        // Under the revision it was played under, as a stored table is.
        let game: G = replay_actions(
            &record.config,
            record.seed,
            record.rules,
            &record.actions,
            |_| (),
            |_, _| (),
        )
        .unwrap_or_else(|e| changed(format!("the record no longer replays: {e}")));
        let now = final_of(&game);
        if now != self.entry.end {
            changed(format!(
                "the record replays to another state:\n  recorded {:?}\n  now      {now:?}",
                self.entry.end
            ));
        }
    }
}

/// The older rules revisions the visited game still replays.
struct OlderRevisions;

impl Visitor for OlderRevisions {
    type Output = Vec<u32>;
    fn visit<G: Playable>(self) -> Vec<u32> {
        (1..G::RULES_REVISION)
            .filter(|&r| G::replays_revision(r))
            .collect()
    }
}

/// Every corpus file, sorted.
fn corpus_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for id in IDS {
        let dir = corpus_dir().join(id);
        let Ok(read) = std::fs::read_dir(&dir) else {
            continue;
        };
        for f in read {
            let path = f.expect("a corpus folder entry").path();
            if path.extension().is_some_and(|e| e == "json") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn corpus_replays() {
    let files = corpus_files();
    for id in IDS {
        assert!(
            files.iter().any(|f| f.parent().unwrap().ends_with(id)),
            "the corpus has no record of {id}: write it (see crates/registry/tests/it/corpus.rs)"
        );
    }
    let (mut undone, mut clock, mut finished) = (0, 0, Vec::new());
    let mut revisions: Vec<(String, u32)> = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let entry: Entry = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a corpus file: {e}", file.display()));
        let game = entry.record["game"]
            .as_str()
            .expect("a record names its game");
        assert!(
            file.parent().unwrap().ends_with(game),
            "{}: a record of {game} in another game's folder",
            file.display()
        );
        visit(
            game,
            Check {
                file,
                entry: &entry,
            },
        )
        .expect("a game of the registry");
        let actions: Vec<RecordedAction> =
            serde_json::from_value(entry.record["actions"].clone()).unwrap();
        undone += actions.iter().filter(|a| a.undone).count();
        clock += actions.iter().filter(|a| a.seat == CLOCK).count();
        if entry.end.over {
            finished.push(game.to_string());
        }
        let rules = entry.record["rules"].as_u64().unwrap_or(1) as u32;
        revisions.push((game.to_string(), rules));
    }
    // A game that still replays an older revision keeps records of it, which show that it
    // replays them exactly.
    for id in IDS {
        for old in visit(id, OlderRevisions).expect("a game of the registry") {
            assert!(
                revisions.iter().any(|(g, r)| g == id && *r == old),
                "{id} still replays rules revision {old}: the corpus keeps a record of it"
            );
        }
    }
    assert!(
        undone > 0 && clock > 0,
        "take-backs and timeouts are covered"
    );
    for id in IDS {
        assert!(
            finished.iter().any(|g| g == id),
            "the corpus holds a complete game of {id}"
        );
    }
}

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
