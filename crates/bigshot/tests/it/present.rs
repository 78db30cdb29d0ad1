//! How Big Shot is shown and set up: every legal action has a label, lots are highlighted
//! exactly where the cube may go, the prompt and the score table follow the game, the drawing
//! and the browser's extra data keep other players' coins secret, and configurations and
//! options are checked.

use boardroom_bigshot::colour::Colour;
use boardroom_bigshot::{Action, BigShot, Config, Phase};
use boardroom_engine::{
    rng, Configure, Game, OptionValue, Options, Present, Seat, SeatSet, Viewer,
};
use rand::seq::SliceRandom;
use std::collections::BTreeSet;

fn config(players: usize, hidden_money: bool) -> Config {
    let mut c = Config::new(players);
    c.hidden_money = hidden_money;
    c
}

/// Every configuration the tests range over: 2, 3 and 4 players, standard and hidden money.
fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for players in 2..=4 {
        for hidden in [false, true] {
            out.push(config(players, hidden));
        }
    }
    out
}

/// Every state of a random game (after each action), for `config`.
fn states(config: &Config, seed: u64) -> Vec<BigShot> {
    let mut g = BigShot::new(config, seed).unwrap();
    let mut r = rng::from_seed(seed.wrapping_mul(31) + 7);
    let mut out = vec![g.clone()];
    let mut legal = Vec::new();
    while let Some(s) = g.to_act().first() {
        g.legal_actions(s, &mut legal);
        let a = *legal.choose(&mut r).unwrap();
        g.play(s, a).unwrap();
        out.push(g.clone());
    }
    out
}

/// Checks the views of every legal action of the seat to act in `g`.
fn check_action_views(g: &BigShot, seat: Seat, legal: &[Action]) {
    let board = g.board();
    // For each colour: the lots highlighted, and the lots where a cube of it may go.
    let mut highlighted: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); 4];
    let mut placeable: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); 4];
    for a in legal {
        let view = g.action_view(seat, a, "en");
        let text = g.format_action(*a);
        assert!(!view.label.trim().is_empty(), "`{text}` has no label");
        assert_eq!(view.cost, None, "`{text}` costs nothing at once");
        // The kind is the notation's first word, and the arguments are the notation's.
        let words: Vec<&str> = text.split(' ').collect();
        assert_eq!(view.kind, words[0], "`{text}`");
        match *a {
            Action::Place(c, _) => {
                assert_eq!(view.args["colour"], c.name(), "`{text}`");
                assert_eq!(view.args["lot"], words[2], "`{text}`");
            }
            Action::Loan(c) | Action::Pay(c) => assert_eq!(view.args["colour"], c.name()),
            Action::Bid(n) => assert_eq!(view.args["amount"], n),
            _ => assert!(view.args.is_empty(), "`{text}`: {:?}", view.args),
        }
        match *a {
            Action::Place(c, l) => {
                placeable[c.idx()].insert(l as usize);
                assert_eq!(view.highlights.len(), 1, "`{text}`: {:?}", view.highlights);
                let target = &view.highlights[0];
                let id = target
                    .strip_prefix("lot:")
                    .unwrap_or_else(|| panic!("`{text}` highlights `{target}`, not a lot"));
                let lot = board
                    .lot_index(id)
                    .unwrap_or_else(|| panic!("`{text}` highlights `{id}`, no lot of the board"));
                assert!(!g.is_sold(lot), "`{text}` highlights sold lot {id}");
                g.check(seat, Action::Place(c, lot as u8))
                    .unwrap_or_else(|e| panic!("{c} may not go on highlighted {id}: {e}"));
                highlighted[c.idx()].insert(lot);
                assert!(!view.effect.is_empty(), "`{text}` says nothing of the lot");
            }
            _ => assert!(
                view.highlights.is_empty(),
                "`{text}` is a button but highlights {:?}",
                view.highlights
            ),
        }
    }
    assert_eq!(highlighted, placeable, "every placeable lot is highlighted");
}

#[test]
fn views_prompts_and_score_tables_follow_random_games() {
    let mut games = 0;
    let mut legal = Vec::new();
    for config in configs() {
        for seed in 0..40 {
            let mut g = BigShot::new(&config, seed).unwrap();
            let mut r = rng::from_seed(seed + 500);
            while let Some(seat) = g.to_act().first() {
                assert!(!g.prompt("en").trim().is_empty());
                assert_ne!(g.prompt("en"), "The game is over");
                assert!(
                    g.score_table("en").is_none(),
                    "no score table before the end"
                );
                g.legal_actions(seat, &mut legal);
                check_action_views(&g, seat, &legal);
                let a = *legal.choose(&mut r).unwrap();
                g.play(seat, a).unwrap();
            }
            let outcome = g.outcome().expect("the game is over");
            let table = g.score_table("en").expect("a score table at the end");
            assert_eq!(table.rows.len(), config.players);
            let seats: BTreeSet<Seat> = table.rows.iter().map(|r| r.seat).collect();
            assert_eq!(seats, (0..config.players).collect());
            let winners: SeatSet = table
                .rows
                .iter()
                .filter(|r| r.winner)
                .map(|r| r.seat)
                .collect();
            assert_eq!(winners, outcome.winners);
            for row in &table.rows {
                assert_eq!(row.cells.len(), table.columns.len());
                assert_eq!(row.name, BigShot::seat_name(row.seat));
                let status: i64 = row.cells[3].parse().unwrap();
                assert_eq!(status, outcome.scores[row.seat], "status column");
            }
            if outcome.winners.is_empty() {
                assert!(table.note.contains("Nobody owns enough lots to win"));
            }
            let text = table.to_text("player");
            assert!(text.contains("status"), "{text}");
            games += 1;
        }
    }
    assert_eq!(games, 240);
}

#[test]
fn labels_read_as_the_browser_buttons() {
    let mut g = BigShot::new(&config(4, false), 3).unwrap();
    let seat = g.to_act().first().unwrap();
    assert_eq!(
        g.action_view(seat, &Action::Roll, "en").label,
        "Roll the die"
    );
    g.play(seat, Action::Roll).unwrap();
    // The loan window before bidding.
    let seat = g.to_act().first().unwrap();
    assert!(matches!(g.phase(), Phase::Loans { .. }), "{:?}", g.phase());
    let c = g.colours_of(seat)[0];
    let loan = g.action_view(seat, &Action::Loan(c), "en");
    assert_eq!(
        loan.label,
        format!(
            "Take a loan (+{}M, 1 IOU) for {c}",
            g.next_loan_amount(seat)
        )
    );
    assert_eq!(
        loan.effect,
        format!("+{}M, owe 10M", g.next_loan_amount(seat))
    );
    assert_eq!(g.action_view(seat, &Action::Decline, "en").label, "No loan");
    assert_eq!(g.action_view(seat, &Action::Pass, "en").label, "Pass");
    assert_eq!(g.action_view(seat, &Action::Bid(7), "en").label, "Bid 7M");
    let red = g.action_view(0, &Action::Pay(Colour(0)), "en");
    assert_eq!(red.label, "Pay with red");
    assert_eq!(red.effect, format!("has {}M", g.coins(Colour(0))));
    let w9 = g.board().lot_index("W9").unwrap();
    let place = g.action_view(seat, &Action::Place(Colour(1), w9 as u8), "en");
    assert_eq!(place.label, "Place orange on W9");
    assert_eq!(place.highlights, vec!["lot:W9".to_string()]);
    assert!(place.effect.ends_with(", empty"), "{}", place.effect);
}

/// The same state with colour `c`'s coins changed to `coins` (through the position format).
#[test]
fn drawing_and_extra_keep_other_players_coins_secret() {
    let mut pairs = 0;
    for players in 2..=4 {
        for seed in [3, 8] {
            for g in states(&config(players, true), seed).iter().step_by(5) {
                if g.phase() == Phase::Over {
                    continue;
                }
                for (c, owner, h) in crate::common::coin_twins(g) {
                    pairs += 1;
                    for s in 0..players {
                        let v = Viewer::Seat(s);
                        let same_draw = g.draw(v, false, "en") == h.draw(v, false, "en");
                        let same_colour_draw = g.draw(v, true, "en") == h.draw(v, true, "en");
                        let same_extra = g.extra(v, "en") == h.extra(v, "en");
                        assert_eq!(same_draw, s != owner, "{players}p {c} seat {s}");
                        assert_eq!(same_colour_draw, s != owner, "{players}p {c} seat {s}");
                        if s != owner {
                            assert!(same_extra, "{players}p {c}: seat {s} learns of it");
                        }
                        assert_eq!(g.prompt("en"), h.prompt("en"), "the prompt shows no purse");
                    }
                    assert_eq!(
                        g.draw(Viewer::Spectator, false, "en"),
                        h.draw(Viewer::Spectator, false, "en")
                    );
                    assert_eq!(
                        g.extra(Viewer::Spectator, "en"),
                        h.extra(Viewer::Spectator, "en")
                    );
                }
            }
        }
    }
    assert!(pairs > 50, "only {pairs} pairs");
}

#[test]
fn standard_games_show_every_purse() {
    let g = BigShot::new(&config(4, false), 1).unwrap();
    let table = g.draw(Viewer::Spectator, false, "en");
    assert!(!table.contains('?'), "{table}");
    assert!(table.contains("Red"), "{table}");
    let hidden = BigShot::new(&config(4, true), 1).unwrap();
    let mine = hidden.draw(Viewer::Seat(0), false, "en");
    let row = mine.lines().find(|l| l.contains("Orange  orange")).unwrap();
    assert!(row.contains('?'), "{mine}");
    let extra = hidden.extra(Viewer::Seat(2), "en").unwrap();
    assert_eq!(extra["cash"], 10);
    assert_eq!(extra["min_bid"], 1);
    assert!(hidden
        .extra(Viewer::Spectator, "en")
        .unwrap()
        .get("cash")
        .is_none());
}

const SMALL_BOARD: &str = r#"{"name":"village","auction_spaces":6,"districts":["Hill","Vale"],
  "lots":[{"id":"Px2","district":"Hill","park":true,"adjacent":["H5"]},
          {"id":"H5","district":"Hill","value":5},
          {"id":"V7","district":"Vale","value":7},
          {"id":"V8","district":"Vale","value":8}]}"#;

#[test]
fn configurations_are_checked() {
    let none = Options::new();
    for players in [0, 1, 5] {
        let e = BigShot::make_config(players, None, &none).unwrap_err();
        assert!(e.to_string().contains("2 to 4 players"), "{e}");
    }
    let e = BigShot::make_config(3, Some(3), &none).unwrap_err();
    assert!(e.to_string().contains("first player 3"), "{e}");
    let c = BigShot::make_config(3, Some(1), &none).unwrap();
    assert_eq!(c, {
        let mut c = Config::new(3);
        c.first_player = Some(1);
        c
    });
    assert_eq!(BigShot::config_players(&c), 3);
    assert_eq!(BigShot::describe_config(&c, "en"), "Big Shot, 3 players");

    let options = Options::new()
        .with("hidden_money", OptionValue::Flag(true))
        .with("board", OptionValue::Text(SMALL_BOARD.into()));
    options
        .check(BigShot::TITLE, BigShot::option_specs())
        .unwrap();
    let c = BigShot::make_config(2, None, &options).unwrap();
    assert!(c.hidden_money);
    assert_eq!(c.board.as_ref().unwrap().name, "village");
    assert_eq!(
        BigShot::describe_config(&c, "en"),
        "Big Shot (hidden money), 2 players, board `village`"
    );
    let g = BigShot::new(&c, 1).unwrap();
    assert_eq!(g.variant(), "hidden-money");
    assert_eq!(g.board().num_spaces(), 6);

    let broken = Options::new().with("board", OptionValue::Text("{ \"name\": ".into()));
    let e = BigShot::make_config(2, None, &broken).unwrap_err();
    assert!(e.to_string().contains("malformed board file"), "{e}");
    let wrong = Options::new().with(
        "board",
        OptionValue::Text(SMALL_BOARD.replace("\"Vale\",\"value\":7", "\"Moon\",\"value\":7")),
    );
    let e = BigShot::make_config(2, None, &wrong)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("lots[2].district") && e.contains("unknown district `Moon`"),
        "{e}"
    );
    // The board is checked before the player count, as the command line always did.
    let e = BigShot::make_config(5, None, &wrong)
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown district"), "{e}");
}

#[test]
fn options_are_checked_against_the_specs() {
    let specs = BigShot::option_specs();
    let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
    assert_eq!(names, ["hidden_money", "board"]);
    assert!(
        specs
            .iter()
            .find(|s| s.name == "hidden_money")
            .unwrap()
            .lobby
    );
    assert!(!specs.iter().find(|s| s.name == "board").unwrap().lobby);
    let yes = Options::new().with("hidden_money", OptionValue::Text("yes".into()));
    let e = yes.check(BigShot::TITLE, specs).unwrap_err();
    assert!(e.to_string().contains("hidden_money"), "{e}");
    let flag_board = Options::new().with("board", OptionValue::Flag(true));
    assert!(flag_board.check(BigShot::TITLE, specs).is_err());
    let edition = Options::new().with("edition", OptionValue::Text("classic".into()));
    let e = edition.check(BigShot::TITLE, specs).unwrap_err();
    assert!(e.to_string().contains("hidden_money, board"), "{e}");
    let o: Options = serde_json::from_str(r#"{"hidden_money":true}"#).unwrap();
    o.check(BigShot::TITLE, specs).unwrap();
    assert!(BigShot::make_config(4, None, &o).unwrap().hidden_money);
}

#[test]
fn events_prompts_and_stats_read_as_before() {
    let mut g = BigShot::new(&config(3, false), 2).unwrap();
    assert_eq!(g.prompt("en"), "Roll the die to move the broker");
    assert_eq!(g.turn(), 1);
    assert_eq!(g.variant(), "standard");
    let seat = g.to_act().first().unwrap();
    let events = g.play(seat, Action::Roll).unwrap();
    let text = BigShot::describe(&events[0], "en");
    assert!(text.starts_with(&BigShot::seat_name(seat)), "{text}");
    assert!(
        g.prompt("en").starts_with("Before bidding: take a loan"),
        "{}",
        g.prompt("en")
    );
    assert_eq!(BigShot::seat_name(3), "Purple");
    assert_eq!(g.money(seat), 10);
    assert_eq!(g.action_stat(seat, &Action::Bid(3)), Some("bids"));
    assert_eq!(
        g.action_stat(seat, &Action::Loan(Colour(0))),
        Some("loans_taken")
    );
    assert_eq!(g.action_stat(seat, &Action::Pass), None);
    let last = states(&config(3, false), 2).pop().unwrap();
    let stats = last.final_stats();
    assert_eq!(stats[0], ("turns", 18.0));
    assert_eq!(stats.len(), 6);
    assert!(BigShot::notation_help("en").contains("place red W9"));
}

#[test]
fn two_player_logs_name_the_player_of_a_lots_owner_colour() {
    use boardroom_bigshot::Event;
    let (mut named, mut plain) = (0u32, 0u32);
    for (players, seed) in [(2usize, 3u64), (2, 8), (4, 3)] {
        let mut g = BigShot::new(&config(players, false), seed).unwrap();
        let mut rng = rng::from_seed(seed);
        let mut legal = Vec::new();
        while let Some(seat) = g.to_act().first() {
            g.legal_actions(seat, &mut legal);
            let a = *legal.choose(&mut rng).unwrap();
            for e in g.play(seat, a).unwrap() {
                let Event::Resolved {
                    owner: Some(o),
                    owner_seat,
                    ..
                } = &e
                else {
                    continue;
                };
                let text = <BigShot as Present>::describe(&e, "en");
                let seat = owner_seat.expect("a player's colour");
                let name = <BigShot as Present>::seat_name(seat);
                if name.eq_ignore_ascii_case(o.name()) {
                    assert!(!text.contains("'s colour"), "{text}");
                    plain += 1;
                } else {
                    assert_eq!(players, 2, "{text}");
                    assert!(text.contains(&format!("{o}, {name}'s colour")), "{text}");
                    named += 1;
                }
            }
        }
    }
    assert!(named > 0 && plain > 0, "{named} {plain}");
}
