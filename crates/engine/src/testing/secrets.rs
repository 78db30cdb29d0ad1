//! Hidden information: observations ignore what the viewer may not know, samples of the hidden
//! part keep the observation, and neither the seed nor future randomness reaches a viewer.

use super::{observation_json, position_json, viewers, Conformance, Events};
use crate::game::Game;
use crate::rng;
use crate::seat::Viewer;
use rand::Rng;

/// Shortest string the leak check searches for (shorter ones appear by chance).
const MIN_NEEDLE: usize = 8;

/// A large seed with a distinctive decimal and hexadecimal form, derived from `seed`.
fn distinctive(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) | (1 << 63)
}

impl<G: Game> Conformance<G> {
    /// On sampled states of random games, for every viewer: a state differing only in what
    /// the viewer may not know (made by the caller's [`Conformance::secrets`]) looks the same
    /// to that viewer (serialised observations are equal), and sampling the hidden part with
    /// the same generator gives the same sample from both (a sample depends only on the
    /// observation). Fails if the secrets function never produced a different state.
    pub fn hidden_information(&self) {
        let secrets = self
            .secrets
            .as_ref()
            .expect("hidden_information needs a way to vary secrets: call .secrets(...)");
        let mut varied = 0usize;
        self.each_game("hidden_information", |_config, _seed, index| {
            self.walk(_config, _seed, |v| {
                if !self.sampled(index, v.step) {
                    return;
                }
                let g = v.g;
                let base = position_json(g);
                for viewer in viewers(g.num_players()) {
                    let Some(h) = secrets(g, viewer, v.rng) else {
                        continue;
                    };
                    if position_json(&h) == base {
                        continue;
                    }
                    varied += 1;
                    assert_eq!(
                        observation_json(&h, viewer),
                        observation_json(g, viewer),
                        "{viewer:?} sees a change in what it may not know"
                    );
                    let k: u64 = v.rng.gen();
                    let a = g.sample_hidden(viewer, &mut rng::from_seed(k));
                    let b = h.sample_hidden(viewer, &mut rng::from_seed(k));
                    assert_eq!(
                        position_json(&a),
                        position_json(&b),
                        "a sample for {viewer:?} depends on more than the observation"
                    );
                }
            });
        });
        assert!(
            varied > 0,
            "the secrets function never produced a state with different secrets"
        );
    }

    /// On sampled states of random games, for every viewer: `sample_hidden(v).observe(v) ==
    /// observe(v)`; the sample is a valid position (export, import, same JSON), keeps the
    /// viewer's legal actions, satisfies the caller's invariants (history-free) and plays on
    /// to the end.
    pub fn sample_hidden(&self) {
        self.each_game("sample_hidden", |config, seed, index| {
            self.walk(config, seed, |v| {
                if !self.sampled(index, v.step) {
                    return;
                }
                let g = v.g;
                for viewer in viewers(g.num_players()) {
                    let s = g.sample_hidden(viewer, v.rng);
                    assert_eq!(
                        observation_json(&s, viewer),
                        observation_json(g, viewer),
                        "a sample for {viewer:?} changed its observation"
                    );
                    let json = position_json(&s);
                    let back = match G::from_position(&s.to_position()) {
                        Ok(b) => b,
                        Err(e) => {
                            panic!("a sample for {viewer:?} is no valid position: {e}\n{json}")
                        }
                    };
                    assert_eq!(position_json(&back), json, "a sample does not round-trip");
                    if let Viewer::Seat(me) = viewer {
                        let (mut mine, mut theirs) = (Vec::new(), Vec::new());
                        g.legal_actions(me, &mut mine);
                        s.legal_actions(me, &mut theirs);
                        assert_eq!(mine, theirs, "a sample for seat {me} changed its actions");
                    }
                    self.check_invariants(&s, &Events::unknown());
                    let mut s = s;
                    let mut legal = Vec::new();
                    let mut events = Vec::new();
                    let mut steps = 0;
                    while let Some(seat) = s.to_act().choose(&mut *v.rng) {
                        s.legal_actions(seat, &mut legal);
                        assert!(
                            !legal.is_empty(),
                            "a sample leaves seat {seat} without action"
                        );
                        let a = legal[v.rng.gen_range(0..legal.len())].clone();
                        events.clear();
                        if let Err(e) = s.apply(seat, a.clone(), &mut events) {
                            panic!(
                                "a sample refuses its listed {}: {e}",
                                s.format_action(a.clone())
                            );
                        }
                        steps += 1;
                        assert!(steps <= self.max_steps, "a sample's game does not end");
                    }
                }
            });
        });
    }

    /// Random games played from large, distinctive seeds derived from the listed ones: the
    /// seed (decimal, hexadecimal either case) and the caller's [`Conformance::forbidden`]
    /// strings never appear in any serialised observation or redacted event, for any viewer,
    /// at any step.
    pub fn no_leaks(&self) {
        let mut searched = 0usize;
        self.each_game("no_leaks", |config, listed, _| {
            let seed = distinctive(listed);
            let mut needles = vec![seed.to_string(), format!("{seed:x}"), format!("{seed:X}")];
            if let Some(f) = &self.forbidden {
                needles.extend(f(config, seed));
            }
            for n in &needles {
                assert!(
                    n.len() >= MIN_NEEDLE,
                    "forbidden string `{n}` is too short to search for (at least {MIN_NEEDLE} characters)"
                );
            }
            let search = |what: &str, text: &str| {
                for n in &needles {
                    assert!(
                        !text.contains(n.as_str()),
                        "`{n}` leaks in {what} (game played from seed {seed}): {text}"
                    );
                }
            };
            self.walk(config, seed, |v| {
                for viewer in viewers(v.g.num_players()) {
                    search(
                        &format!("the observation of {viewer:?}"),
                        &observation_json(v.g, viewer),
                    );
                    for e in v.latest {
                        let r = G::redact(e, viewer);
                        let text = serde_json::to_string(&r).expect("an event serialises");
                        search(&format!("an event shown to {viewer:?}"), &text);
                    }
                    searched += 1;
                }
            });
        });
        assert!(searched > 0);
    }
}
