//! Bad input: actions out of turn, bad notation, configs, board files and positions.

use super::*;

#[test]
fn actions_out_of_turn_or_after_the_end_are_refused() {
    let mut g = new(4, false);
    to_bidding(&mut g);
    for s in [0, 2, 3] {
        assert!(matches!(
            refuse(&mut g, s, "pass"),
            RuleError::NotYourTurn { current: 1, .. }
        ));
    }
    assert!(matches!(
        refuse(&mut g, 1, "place red W9"),
        RuleError::WrongStep { .. }
    ));
    let mut g = finished(4, &[], [0; 4]);
    assert_eq!(refuse(&mut g, 0, "roll"), RuleError::GameOver);
}

#[test]
fn bad_notation_is_explained() {
    let g = new(4, false);
    for bad in ["bid lots", "place red X1", "dance", "pay blue"] {
        let e = g.parse_action(bad).unwrap_err();
        assert!(!e.reason.is_empty());
    }
}

#[test]
fn bad_configs_are_refused() {
    for players in [0, 1, 5] {
        assert!(BigShot::new(&Config::new(players), 1).is_err());
    }
    let mut c = Config::new(3);
    c.first_player = Some(3);
    assert!(BigShot::new(&c, 1).is_err());
}

fn board_error(json: &str) -> String {
    match BoardSpec::from_json(json) {
        Err(e) => e.to_string(),
        Ok(spec) => spec.build().unwrap_err().to_string(),
    }
}

#[test]
fn malformed_or_impossible_board_files_are_refused_with_the_reason() {
    assert!(board_error("{ not json").contains("malformed board file"));
    assert!(board_error(r#"{"name":"x"}"#).contains("malformed"));
    let base = |lots: &str| {
        format!(r#"{{"name":"t","auction_spaces":4,"districts":["A","B"],"lots":[{lots}]}}"#)
    };
    let ok = r#"{"id":"a1","district":"A","value":5},{"id":"a2","district":"A","value":6},{"id":"b1","district":"B","value":7}"#;
    BoardSpec::from_json(&base(ok)).unwrap().build().unwrap();
    let e = board_error(&base(
        r#"{"id":"a1","district":"Z","value":5},{"id":"a2","district":"A","value":6},{"id":"b1","district":"B","value":7}"#,
    ));
    assert!(
        e.contains("lots[0].district") && e.contains("unknown district `Z`"),
        "{e}"
    );
    let e = board_error(&base(
        r#"{"id":"a1","district":"A","value":5,"adjacent":["a1"]},{"id":"a2","district":"A","value":6},{"id":"b1","district":"B","value":7}"#,
    ));
    assert!(e.contains("adjacent to itself"), "{e}");
    let e = board_error(&base(
        r#"{"id":"a1","district":"A","value":5},{"id":"A1","district":"A","value":6},{"id":"b1","district":"B","value":7}"#,
    ));
    assert!(e.contains("duplicate lot id"), "{e}");
    let e = board_error(&base(
        r#"{"id":"a1","district":"A","value":5,"adjacent":["q"]},{"id":"a2","district":"A","value":6},{"id":"b1","district":"B","value":7}"#,
    ));
    assert!(e.contains("unknown lot `q`"), "{e}");
    let e = board_error(&base(
        r#"{"id":"park","district":"A","park":true,"value":3},{"id":"a2","district":"A","value":6},{"id":"b1","district":"B","value":7}"#,
    ));
    assert!(e.contains("park"), "{e}");
    let e = board_error(
        r#"{"name":"t","auction_spaces":18,"districts":["A"],"lots":[{"id":"a","district":"A","value":1},{"id":"b","district":"A","value":2}]}"#,
    );
    assert!(e.contains("cannot take"), "{e}");
    // Through the config: a clear configuration error.
    let mut c = Config::new(4);
    c.board = Some(BoardSpec {
        districts: vec!["A".into(), "A".into()],
        ..BoardSpec::default_board()
    });
    let e = BigShot::new(&c, 1).unwrap_err().to_string();
    assert!(e.contains("duplicate district"), "{e}");
}

#[test]
fn another_board_file_plays_to_the_end() {
    let spec = BoardSpec::from_json(
        r#"{"name":"village","auction_spaces":6,"districts":["Hill","Vale"],
            "lots":[{"id":"Px2","district":"Hill","park":true,"adjacent":["H5"]},
                    {"id":"H5","district":"Hill","value":5},
                    {"id":"V7","district":"Vale","value":7},
                    {"id":"V8","district":"Vale","value":8}]}"#,
    )
    .unwrap();
    let mut c = Config::new(3);
    c.board = Some(spec);
    let mut g = BigShot::new(&c, 4).unwrap();
    let mut legal = Vec::new();
    let mut rounds = 0;
    while let Some(s) = g.to_act().first() {
        g.legal_actions(s, &mut legal);
        let evs = g.play(s, legal[legal.len() / 2]).unwrap();
        rounds += evs
            .iter()
            .filter(|e| matches!(e, Event::Rolled { .. }))
            .count();
    }
    assert_eq!(rounds, 6);
    assert_eq!(g.cubes_total(), [6; 4]);
    let back = BigShot::from_position(&g.to_position()).unwrap();
    assert_eq!(back, g);
}

#[test]
fn impossible_positions_name_the_field() {
    let good = new(4, false).to_position();
    type Edit = Box<dyn Fn(&mut Position)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("game", Box::new(|p| p.game = "chess".into())),
        ("round", Box::new(|p| p.round = 19)),
        ("roller", Box::new(|p| p.roller = 4)),
        ("spaces", Box::new(|p| p.spaces[0] = "RRRRR".into())),
        ("spaces[3]", Box::new(|p| p.spaces[3] = "RRRR".into())),
        ("spaces", Box::new(|p| p.spaces[0] = "XX".into())),
        ("colours[0].coins", Box::new(|p| p.colours[0].coins = 11)),
        ("loans[1]", Box::new(|p| p.loans[1] = 1)),
        ("lots[1].lot", Box::new(|p| p.lots[1].lot = "Q".into())),
        ("dice.seed", Box::new(|p| p.dice.seed = "zz".into())),
        (
            "hand",
            Box::new(|p| {
                p.hand = "R".into();
                fix_removed(p);
            }),
        ),
        ("config", Box::new(|p| p.config.players = 7)),
        (
            "phase",
            Box::new(|p| {
                p.die = Some(3);
                p.phase = Phase::Loans { seat: 3, asked: 0 };
            }),
        ),
    ];
    for (field, f) in cases {
        let mut p = good.clone();
        f(&mut p);
        let e = BigShot::from_position(&p).unwrap_err();
        assert!(e.field.starts_with(field), "{field}: got {e}");
    }
}

#[test]
fn provisional_owners_and_settled_scores_follow_the_end_rule() {
    let g = last_placement(&[("N16", "RRO"), ("N18", "RROO"), ("N21", "I")], "P");
    let id = |s: &str| g.board().lot_index(s).unwrap();
    assert_eq!(g.provisional_owner(id("N16")), Some(RED));
    assert_eq!(g.provisional_owner(id("N18")), None);
    assert_eq!(g.provisional_owner(id("N21")), Some(IVORY));
    let s = g.settled();
    assert_eq!(s.score(0).lots_value, 16);
    assert_eq!(s.score(2).lots_value, 21);
    assert!(!g.is_sold(id("N16")), "the game itself is unchanged");
    let mut played = g.clone();
    act(&mut played, "place purple S20");
    for seat in 0..4 {
        let extra = if seat == 3 { 20 } else { 0 };
        assert_eq!(
            played.score(seat).lots_value,
            s.score(seat).lots_value + extra
        );
    }
}

#[test]
fn actions_built_by_hand_with_impossible_values_are_refused() {
    let mut g = new(4, false);
    to_bidding(&mut g);
    for seat in [4, 9, 100] {
        let before = g.clone();
        assert!(matches!(
            g.play(seat, Action::Pass),
            Err(RuleError::NotYourTurn { .. })
        ));
        assert_eq!(g, before);
        let mut v = Vec::new();
        g.legal_actions(seat, &mut v);
        assert!(v.is_empty());
        assert!(!g.has_passed(seat) && !g.has_loaned(seat));
        assert_eq!(g.loans_taken(seat), 0);
    }
    let s = seat_to_act(&g);
    assert!(g.play(s, Action::Loan(Colour(9))).is_err());
    for _ in 0..4 {
        act(&mut g, "pass");
    }
    let s = seat_to_act(&g);
    let before = g.clone();
    assert!(matches!(
        g.play(s, Action::Place(Colour(9), 0)),
        Err(RuleError::NoSuchCube { .. })
    ));
    assert!(matches!(
        g.play(s, Action::Place(RED, 40)),
        Err(RuleError::NoSuchLot { lot: 40 })
    ));
    assert_eq!(g, before);
}
