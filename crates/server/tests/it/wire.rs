//! The `state` message as the server writes it (serialised once, straight from the game's
//! types) holds exactly what the protocol says, for every game: each field compared, as JSON,
//! with the same field built independently from the game's own API, for every viewer, at many
//! positions of random games.

use boardroom_bigboss::{BigBoss, Edition};
use boardroom_bigshot::BigShot;
use boardroom_engine::{Game, Present, Viewer, CLOCK};
use boardroom_registry::Playable;
use boardroom_server::view::{self, Step};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

/// The `last` field of a state: the step's log entry with every event redacted for `viewer`.
fn expected_last<G: Playable>(step: &Step<G>, viewer: Viewer) -> Value {
    let events: Vec<Value> = step
        .events
        .iter()
        .map(|e| {
            let shown = G::redact(e, viewer);
            json!({
                "text": <G as Present>::describe(&shown, "en"),
                "detail": serde_json::to_value(&shown).unwrap(),
            })
        })
        .collect();
    let mut entry = json!({
        "index": step.index,
        "turn": step.turn,
        "seat": (step.seat != CLOCK).then_some(step.seat),
        "action": step.action,
        "events": events,
    });
    if step.seat == CLOCK {
        entry["by"] = json!("clock");
    }
    if step.undone {
        entry["undone"] = json!(true);
    }
    entry
}

/// The `state` message for `viewer`, built field by field from the game's API.
fn expected_state<G: Playable>(
    game: &G,
    viewer: Viewer,
    version: usize,
    last: Option<&Step<G>>,
) -> Value {
    let acting = viewer.seat().filter(|&s| game.to_act().contains(s));
    let mut actions = Vec::new();
    if let Some(seat) = acting {
        let mut legal = Vec::new();
        game.person_actions(seat, &mut legal);
        for a in legal {
            let v = game.action_view(seat, &a, "en");
            let mut out = json!({
                "notation": game.format_action(a.clone()),
                "kind": v.kind,
                "label": v.label,
                "effect": v.effect,
                "cost": v.cost,
                "highlights": v.highlights,
            });
            if !v.args.is_empty() {
                out["args"] = Value::Object(v.args);
            }
            if let Some(j) = game.action_to_json(&a) {
                out["json"] = j;
            }
            actions.push(out);
        }
    }
    let mut msg = json!({
        "type": "state",
        "version": version,
        // 0 outside a table (a table numbers its states).
        "rev": 0,
        "to_act": game.to_act().iter().collect::<Vec<_>>(),
        "turn": <G as Present>::turn(game),
        "must_act": viewer.seat().is_some_and(|s| game.must_act().contains(s)),
        "prompt": acting.map(|_| game.prompt("en")),
        "actions": actions,
        "observation": serde_json::to_value(game.observe(viewer)).unwrap(),
        "last": last.map(|s| expected_last(s, viewer)),
        "scores": serde_json::to_value(game.score_table("en")).unwrap(),
    });
    if let Some(extra) = game.extra(viewer, "en") {
        msg["extra"] = extra;
    }
    msg
}

/// Plays random games of `G` from `config`, comparing every viewer's `state` message with the
/// expected one every few actions (and at the end); returns how many were compared.
fn compare_along_random_games<G: Playable>(config: &G::Config, seeds: u64) -> usize {
    let mut compared = 0;
    for seed in 0..seeds {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut game = G::new(config, seed).unwrap();
        let mut legal = Vec::new();
        let mut index = 0;
        while index < 2000 {
            let over = game.is_over();
            if index % 7 == 0 || over {
                let viewers = (0..game.num_players())
                    .map(Viewer::Seat)
                    .chain([Viewer::Spectator]);
                for viewer in viewers {
                    let msg =
                        serde_json::to_value(view::state_msg(&game, viewer, index, None)).unwrap();
                    assert_eq!(msg, expected_state(&game, viewer, index, None));
                    compared += 1;
                }
            }
            if over {
                break;
            }
            let seats: Vec<_> = game.to_act().iter().collect();
            let seat = seats[rng.gen_range(0..seats.len())];
            game.legal_actions(seat, &mut legal);
            let action = legal[rng.gen_range(0..legal.len())].clone();
            let notation = game.format_action(action.clone());
            let turn = <G as Present>::turn(&game);
            let mut events = Vec::new();
            game.apply(seat, action, &mut events).unwrap();
            index += 1;
            if index % 5 == 0 {
                // A state with the action that led to it: its events as each viewer sees them.
                let step = Step {
                    index: index - 1,
                    seat,
                    action: notation,
                    turn,
                    undone: false,
                    by: boardroom_engine::By::Player,
                    events,
                };
                for viewer in (0..game.num_players())
                    .map(Viewer::Seat)
                    .chain([Viewer::Spectator])
                {
                    let msg = view::state_msg(&game, viewer, index, Some(&step));
                    let msg = serde_json::to_value(msg).unwrap();
                    assert_eq!(msg, expected_state(&game, viewer, index, Some(&step)));
                    compared += 1;
                }
            }
        }
    }
    compared
}

#[test]
fn big_boss_states_hold_what_the_protocol_says() {
    let mut n = 0;
    for edition in [Edition::Modern, Edition::Classic] {
        n += compare_along_random_games::<BigBoss>(&boardroom_bigboss::Config::new(edition, 3), 3);
    }
    assert!(n > 300, "{n} messages compared");
}

#[test]
fn big_shot_states_hold_what_the_protocol_says() {
    let mut config = boardroom_bigshot::Config::new(3);
    config.hidden_money = true;
    let n = compare_along_random_games::<BigShot>(&config, 3);
    assert!(n > 100, "{n} messages compared");
}

#[test]
fn the_boss_states_hold_what_the_protocol_says() {
    let n = compare_along_random_games::<boardroom_theboss::TheBoss>(
        &boardroom_theboss::Config::new(4),
        2,
    );
    assert!(n > 300, "{n} messages compared");
}

/// The text on the wire is one JSON object with `seq` first, then `type`, as every message.
#[test]
fn a_framed_state_starts_with_its_sequence_number_and_type() {
    let game = BigBoss::new(&boardroom_bigboss::Config::new(Edition::Modern, 3), 5).unwrap();
    let text = view::state_msg(&game, Viewer::Seat(0), 0, None).framed(42);
    assert!(
        text.starts_with(r#"{"seq":42,"type":"state","version":0,"#),
        "{text:.80}"
    );
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["seq"], 42);
    assert_eq!(
        v["observation"],
        serde_json::to_value(game.observe(Viewer::Seat(0))).unwrap()
    );
}
