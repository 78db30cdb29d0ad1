//! The rules' contract: invariants along random games, exactly the listed actions accepted, a
//! refused action changing nothing, notation and positions round-tripping, determinism.

use super::{observation_json, position_json, viewers, walk::Visit, Conformance, Events};
use crate::game::Game;
use crate::seat::Seat;
use std::collections::HashSet;

/// The events as JSON text (how the kit compares events).
fn events_json<E: serde::Serialize>(events: &[E]) -> String {
    serde_json::to_string(events).expect("events serialise")
}

impl<G: Game> Conformance<G> {
    /// Random games of every config and seed: the caller's invariants hold on the new game and
    /// after every action (with its events); the seat to act always has a legal action that
    /// `check` and `apply` accept; seats not to act have none; the seats a playout draws from
    /// hold those the game waits for and only seats that may act
    /// (`must_act ⊆ playout_seats ⊆ to_act`); the outcome exists exactly once the game is
    /// over; every game ends.
    pub fn random_games(&self) {
        self.each_game("random_games", |config, seed, _| {
            let walked = self.walk(config, seed, |v| {
                let g = v.g;
                if v.step == 0 {
                    assert_eq!(&g.config(), config, "a new game reports its config");
                }
                assert_eq!(
                    g.outcome().is_some(),
                    g.is_over(),
                    "an outcome exists exactly when the game is over"
                );
                let mut others = Vec::new();
                for s in 0..g.num_players() {
                    if !g.to_act().contains(s) {
                        g.legal_actions(s, &mut others);
                        assert!(
                            others.is_empty(),
                            "seat {s} is not to act but lists {} actions",
                            others.len()
                        );
                    }
                }
                let (may, must, playout) = (g.to_act(), g.must_act(), g.playout_seats());
                assert!(
                    must.iter().all(|s| playout.contains(s))
                        && playout.iter().all(|s| may.contains(s)),
                    "must_act {:?} ⊆ playout_seats {:?} ⊆ to_act {:?} does not hold",
                    must.iter().collect::<Vec<_>>(),
                    playout.iter().collect::<Vec<_>>(),
                    may.iter().collect::<Vec<_>>()
                );
                self.check_invariants(g, &Events::new(v.latest, v.all));
            });
            assert!(walked.g.is_over());
        });
    }

    /// On sampled states of random games, for every seat that may act and the whole universe of
    /// actions: an action is accepted by `check` exactly when it is listed; a listed action is
    /// applied; a refused one is refused by `apply` too, leaves the position unchanged and
    /// appends no event. Every listed action is in the universe, listed once, and survives its
    /// notation (`parse_action(format_action(a.clone())) == a`). Seats not to act (and a seat
    /// that does not exist) are refused every action.
    ///
    /// For a game that lists candidates ([`Conformance::candidates_only`]): every listed action
    /// is listed once, reads back and is accepted; the actions of [`Conformance::exact`] are
    /// accepted exactly when listed; and every other action of the universe is applied exactly
    /// when `check` accepts it.
    pub fn listed_iff_accepted(&self) {
        let universe = self
            .universe
            .as_ref()
            .expect("listed_iff_accepted needs the universe of actions: call .universe(...)");
        self.each_game("listed_iff_accepted", |config, seed, index| {
            self.walk(config, seed, |v| {
                if !self.sampled(index, v.step) {
                    return;
                }
                let g = v.g;
                let before = position_json(g);
                let all = universe(g);
                let exact = match (&self.exact, self.candidates_only) {
                    (_, false) => all.clone(),
                    (Some(f), true) => f(g),
                    (None, true) => Vec::new(),
                };
                let set: HashSet<G::Action> = all.iter().cloned().collect();
                let mut refused = Vec::new();
                let mut listed_any = Vec::new();
                for seat in g.to_act().iter() {
                    let mut legal = Vec::new();
                    g.legal_actions(seat, &mut legal);
                    let mut seen = HashSet::new();
                    for a in &legal {
                        let text = g.format_action(a.clone());
                        assert!(seen.insert(a), "{text} is listed twice");
                        assert!(
                            self.candidates_only || set.contains(a),
                            "listed action {text} is not in the universe"
                        );
                        match g.parse_action(&text) {
                            Ok(b) => assert_eq!(&b, a, "`{text}` reads back as another action"),
                            Err(e) => panic!("listed action `{text}` does not read back: {e}"),
                        }
                        if let Err(e) = g.check(seat, a.clone()) {
                            panic!("seat {seat}: listed action {text} refused by check: {e}");
                        }
                        let mut h = g.clone();
                        if let Err(e) = h.apply(seat, a.clone(), &mut Vec::new()) {
                            panic!("seat {seat}: listed action {text} refused by apply: {e}");
                        }
                    }
                    for a in &exact {
                        let listed = legal.contains(a);
                        let checked = g.check(seat, a.clone());
                        assert_eq!(
                            checked.is_ok(),
                            listed,
                            "seat {seat}: {} is listed={listed} but check says {:?}",
                            g.format_action(a.clone()),
                            checked
                        );
                    }
                    for a in all.iter().filter(|a| !legal.contains(a)) {
                        match g.check(seat, a.clone()) {
                            Ok(()) => {
                                let mut h = g.clone();
                                if let Err(e) = h.apply(seat, a.clone(), &mut Vec::new()) {
                                    panic!(
                                        "seat {seat}: check accepts {} but apply refuses it: {e}",
                                        g.format_action(a.clone())
                                    );
                                }
                            }
                            Err(_) => refused.push((seat, a.clone())),
                        }
                    }
                    listed_any.extend(legal.into_iter().take(8));
                }
                let n = g.num_players();
                for other in (0..=n).filter(|&s| !g.to_act().contains(s)) {
                    let mut theirs = Vec::new();
                    g.legal_actions(other, &mut theirs);
                    assert!(
                        theirs.is_empty(),
                        "seat {other} may not act but lists actions"
                    );
                    for a in &listed_any {
                        assert!(
                            g.check(other, a.clone()).is_err(),
                            "seat {other} may not act, yet check accepts {}",
                            g.format_action(a.clone())
                        );
                        refused.push((other, a.clone()));
                    }
                }
                self.refused_change_nothing(g, &refused, &before);
            });
        });
    }

    /// On sampled states of random games, `to_act` holds exactly the seats that have a legal
    /// action (a driver that asks only `to_act` then never locks anyone out, and never asks a
    /// seat with nothing to do): a seat outside it lists nothing, and `check` refuses it every
    /// action of the universe (when one is given) and every action listed for any seat; a seat
    /// inside it lists at least one action, and `check` accepts one. Games whose
    /// `legal_actions` are a bounded sample of what `check` accepts are checked on what they
    /// list and on their universe.
    pub fn to_act_exact(&self) {
        self.each_game("to_act_exact", |config, seed, index| {
            self.walk(config, seed, |v| {
                if !self.sampled(index, v.step) {
                    return;
                }
                let g = v.g;
                let to_act = g.to_act();
                let mut tried = self.universe.as_ref().map_or_else(Vec::new, |u| u(g));
                let mut listed = Vec::new();
                for s in 0..g.num_players() {
                    g.legal_actions(s, &mut listed);
                    tried.extend(listed.iter().cloned());
                }
                for s in 0..g.num_players() {
                    g.legal_actions(s, &mut listed);
                    if to_act.contains(s) {
                        assert!(!listed.is_empty(), "seat {s} is to act but lists nothing");
                        assert!(
                            listed.iter().any(|a| g.check(s, a.clone()).is_ok()),
                            "seat {s} is to act but check accepts none of its listed actions"
                        );
                        continue;
                    }
                    assert!(
                        listed.is_empty(),
                        "seat {s} is not to act but lists {}",
                        g.format_action(listed[0].clone())
                    );
                    for a in &tried {
                        assert!(
                            g.check(s, a.clone()).is_err(),
                            "seat {s} is not to act, yet check accepts {}",
                            g.format_action(a.clone())
                        );
                    }
                }
            });
        });
    }

    /// Applies the refused actions, one after the other, to a copy of `g`: each must fail and
    /// append nothing, and the position must still be `before` at the end (on a difference,
    /// each action is retried alone to name the one that changed the state).
    fn refused_change_nothing(&self, g: &G, refused: &[(Seat, G::Action)], before: &str) {
        let mut h = g.clone();
        let mut events = Vec::new();
        for &(seat, ref a) in refused {
            assert!(
                h.apply(seat, a.clone(), &mut events).is_err(),
                "seat {seat}: apply accepts {}, which check refuses",
                g.format_action(a.clone())
            );
            assert!(
                events.is_empty(),
                "seat {seat}: the refused {} appended {} events",
                g.format_action(a.clone()),
                events.len()
            );
        }
        if position_json(&h) == before {
            return;
        }
        for &(seat, ref a) in refused {
            let mut h = g.clone();
            let _ = h.apply(seat, a.clone(), &mut events);
            assert_eq!(
                position_json(&h),
                before,
                "seat {seat}: the refused {} changed the state",
                g.format_action(a.clone())
            );
        }
        panic!("a sequence of refused actions changed the state");
    }

    /// On sampled states of random games: the position survives JSON export and import (the
    /// imported state re-exports the same JSON, compact or pretty-printed), looks the same to
    /// every viewer, lists the same actions, and plays the next action identically (same
    /// events, same position after).
    pub fn position_round_trip(&self) {
        self.each_game("position_round_trip", |config, seed, index| {
            self.walk(config, seed, |v| {
                if self.sampled(index, v.step) {
                    self.round_trip(v);
                }
            });
        });
    }

    fn round_trip(&self, v: &mut Visit<'_, G>) {
        let g = v.g;
        let json = position_json(g);
        let pretty = serde_json::to_string_pretty(&g.to_position()).expect("a position serialises");
        for text in [&json, &pretty] {
            let parsed: G::Position = match serde_json::from_str(text) {
                Ok(p) => p,
                Err(e) => panic!("an exported position does not parse: {e}\n{text}"),
            };
            let h = match G::from_position(&parsed) {
                Ok(h) => h,
                Err(e) => panic!("an exported position does not import: {e}\n{text}"),
            };
            assert_eq!(
                position_json(&h),
                json,
                "export then import changed the position"
            );
            for viewer in viewers(g.num_players()) {
                assert_eq!(
                    observation_json(&h, viewer),
                    observation_json(g, viewer),
                    "the imported state looks different to {viewer:?}"
                );
            }
            assert_eq!(
                h.to_act(),
                g.to_act(),
                "the imported state has other seats to act"
            );
            if let (Some(seat), Some(a)) = (v.seat, v.next.clone()) {
                let mut legal = Vec::new();
                h.legal_actions(seat, &mut legal);
                assert_eq!(legal, v.legal, "the imported state lists other actions");
                let (mut g2, mut h2) = (g.clone(), h);
                let (mut eg, mut eh) = (Vec::new(), Vec::new());
                g2.apply(seat, a.clone(), &mut eg)
                    .expect("a listed action applies");
                if let Err(e) = h2.apply(seat, a.clone(), &mut eh) {
                    panic!(
                        "the imported state refuses {}: {e}",
                        g.format_action(a.clone())
                    );
                }
                assert_eq!(
                    events_json(&eh),
                    events_json(&eg),
                    "the imported state plays {} differently",
                    g.format_action(a.clone())
                );
                assert_eq!(
                    position_json(&h2),
                    position_json(&g2),
                    "the imported state reaches another position after {}",
                    g.format_action(a.clone())
                );
            }
        }
    }

    /// Taking back is safe: every legal action whose outcome, as its seat sees it, depends on
    /// what that seat does not know (a card drawn, a die rolled: the sampling test of
    /// [`crate::reveal::outcome_depends_on_hidden`]) is one the game says [`Game::reveals`], so a
    /// live table never lets a person take it back. Uses the first two seeds of each config.
    pub fn reveals(&self) {
        self.each_game("reveals", |config, seed, index| {
            if index >= 2 {
                return;
            }
            self.walk(config, seed, |v| {
                let Some(seat) = v.seat else {
                    return;
                };
                for a in v.legal {
                    if crate::reveal::outcome_depends_on_hidden(v.g, seat, a) {
                        assert!(
                            v.g.reveals(seat, a),
                            "`{}` at step {} shows seat {seat} something hidden, but \
                             `reveals` says it does not (it could be taken back)",
                            v.g.format_action(a.clone()),
                            v.step
                        );
                    }
                }
            });
        });
    }

    /// Whole games are reproducible: the same config, seed and choices give the same position
    /// and events at every step, a replay through the notation reaches the same end (position,
    /// outcome, observations), and different seeds deal different games. Uses the first four
    /// seeds of each config.
    pub fn determinism(&self) {
        self.each_game("determinism", |config, seed, index| {
            if index >= 4 {
                return;
            }
            let record = || {
                let mut steps = Vec::new();
                let walked = self.walk(config, seed, |v| {
                    steps.push((position_json(v.g), events_json(v.latest)));
                });
                (steps, walked)
            };
            let (first, walked) = record();
            let (second, _) = record();
            assert_eq!(
                first.len(),
                second.len(),
                "the same game took another length"
            );
            for (step, (a, b)) in first.iter().zip(&second).enumerate() {
                assert_eq!(a.0, b.0, "the same game differs at step {step}");
                assert_eq!(a.1, b.1, "the same game has other events at step {step}");
            }
            let mut replay = G::new(config, seed).expect("the config is valid");
            for (step, &(seat, ref a)) in walked.actions.iter().enumerate() {
                let text = replay.format_action(a.clone());
                let parsed = match replay.parse_action(&text) {
                    Ok(p) => p,
                    Err(e) => panic!("replay step {step}: `{text}` does not parse: {e}"),
                };
                if let Err(e) = replay.play(seat, parsed) {
                    panic!("replay step {step}: `{text}` is refused: {e}");
                }
            }
            let end = &walked.g;
            assert_eq!(
                position_json(&replay),
                position_json(end),
                "the replay ends elsewhere"
            );
            assert_eq!(
                replay.outcome(),
                end.outcome(),
                "the replay has another outcome"
            );
            for viewer in viewers(end.num_players()) {
                assert_eq!(
                    observation_json(&replay, viewer),
                    observation_json(end, viewer)
                );
            }
            if index == 0 && self.seeds.len() > 1 {
                let deals: HashSet<String> = self
                    .seeds
                    .iter()
                    .take(8)
                    .map(|&s| position_json(&G::new(config, s).expect("the config is valid")))
                    .collect();
                assert!(deals.len() > 1, "every seed deals the same game");
            }
        });
    }
}
