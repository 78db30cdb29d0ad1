//! Take-backs: random games in which runs of one to five actions are taken back wherever a
//! live table allows it, and the record (undone actions kept and marked) replays to exactly
//! the state the table holds.

use super::{position_json, walk::CHECK_SALT, Conformance};
use crate::game::Game;
use crate::record::{replay_actions, RecordedAction};
use crate::rng;
use rand::Rng;

/// Actions played per game of the check (a long game's take-backs each replay the whole
/// record, so the walk stops here).
const STEPS: usize = 400;

impl<G: Game> Conformance<G> {
    /// Random games where, now and then, a run of 1 to 5 actions is taken back as a live table
    /// does (the last action not taken back, while the game runs and the action showed its
    /// seat nothing hidden: [`Game::reveals`]), marked `undone` in the record, the game
    /// becoming the replay without it. After every run and at the end, the record replays
    /// through [`replay_actions`] to the same position, and every stored action is handed
    /// over. Uses the first four seeds of each config.
    pub fn take_backs(&self) {
        self.each_game("take_backs", |config, seed, index| {
            if index >= 4 {
                return;
            }
            let mut rng = rng::from_seed(seed ^ CHECK_SALT ^ 0x7a6e_b4c6);
            let mut g = G::new(config, seed).expect("the config is valid");
            let mut record: Vec<RecordedAction> = Vec::new();
            let mut legal = Vec::new();
            let mut runs = 0;
            for step in 0..STEPS {
                if g.is_over() {
                    break;
                }
                if step > 0 && rng.gen_range(0..5) == 0 {
                    let run = rng.gen_range(1..=5);
                    for _ in 0..run {
                        let Some(idx) = record.iter().rposition(|a| !a.undone) else {
                            break;
                        };
                        let before: G = replay(config, seed, &record[..idx]);
                        let rec = &record[idx];
                        let action = before
                            .parse_action(&rec.action)
                            .unwrap_or_else(|e| panic!("`{}` does not read back: {e}", rec.action));
                        if before.reveals(rec.seat, &action) {
                            break;
                        }
                        record[idx].undone = true;
                        g = before;
                    }
                    runs += 1;
                    self.replays_to(config, seed, &record, &g);
                    continue;
                }
                let to_act = g.to_act();
                let k = rng.gen_range(0..to_act.len());
                let seat = to_act.iter().nth(k).expect("a seat is to act");
                g.legal_actions(seat, &mut legal);
                assert!(
                    !legal.is_empty(),
                    "seat {seat} is to act but has no legal action"
                );
                let a = legal[rng.gen_range(0..legal.len())].clone();
                let text = g.format_action(a.clone());
                g.apply(seat, a, &mut Vec::new())
                    .unwrap_or_else(|e| panic!("listed action `{text}` refused: {e}"));
                record.push(RecordedAction::new(seat, text));
            }
            self.replays_to(config, seed, &record, &g);
            assert!(
                runs > 0 || record.len() < 2,
                "no action was taken back in {} actions",
                record.len()
            );
        });
    }

    /// The record replays to `g`'s position, and every action is handed over on the way.
    fn replays_to(&self, config: &G::Config, seed: u64, record: &[RecordedAction], g: &G) {
        let mut handed = 0;
        let replayed = replay_actions::<G, ()>(
            config,
            seed,
            G::RULES_REVISION,
            record,
            |_| (),
            |step, _| {
                assert_eq!(step.index, handed, "actions are handed over in order");
                assert!(
                    step.undone || step.action.is_some(),
                    "live action {} is handed over without its action",
                    step.index
                );
                handed += 1;
            },
        )
        .unwrap_or_else(|e| panic!("the record with its take-backs does not replay: {e}"));
        assert_eq!(
            position_json(&replayed),
            position_json(g),
            "the record with its take-backs replays elsewhere"
        );
        assert_eq!(handed, record.len(), "every stored action is handed over");
    }
}

/// The game of `config` and `seed` after the live actions of `record`.
fn replay<G: Game>(config: &G::Config, seed: u64, record: &[RecordedAction]) -> G {
    replay_actions::<G, ()>(config, seed, G::RULES_REVISION, record, |_| (), |_, _| ())
        .unwrap_or_else(|e| panic!("the record does not replay: {e}"))
}
