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

mod write;
