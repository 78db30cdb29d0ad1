//! What people are shown: every legal action has a label and only real targets, costs are what
//! the rules charge, the score table agrees with the outcome, the drawing hides other players'
//! hands, and table set-up refuses bad input with a clear message.

use boardroom_bigboss::card::Card;
use boardroom_bigboss::company::Status;
use boardroom_bigboss::{Action, BigBoss, CompanyId, Config, Edition, Position};
use boardroom_engine::{Configure, Game, OptionValue, Options, Present, Seat, Viewer};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Checks one highlight target of `action` by `seat` against the table: well formed, naming
/// something that is there, and of the kind the action is played with.
/// The kind of `action`'s view is its notation's first word, and its arguments name what the
/// notation names.
fn check_kind(action: Action, view: &boardroom_engine::ActionView) {
    let text = action.to_string();
    let words: Vec<&str> = text.split(' ').collect();
    assert_eq!(view.kind, words[0], "{text}");
    match action {
        Action::Found(s) | Action::Double(s) | Action::At(s) => assert_eq!(view.args["space"], s),
        Action::Play(c) => assert_eq!(view.args["card"], c.to_string()),
        Action::BuyRow(s) => {
            assert_eq!(view.args["from"], "row");
            assert_eq!(view.args["card"], s.to_string());
        }
        Action::BuyDeck | Action::BuyLevel => assert_eq!(view.args["from"], words[1]),
        Action::Hq(c)
        | Action::Join(c)
        | Action::Survivor(c)
        | Action::Share(c)
        | Action::Sell(c) => {
            assert_eq!(view.args["company"], c.name())
        }
        Action::Tower | Action::End | Action::Pass => assert!(view.args.is_empty(), "{text}"),
    }
}

fn check_target(g: &BigBoss, seat: Seat, action: Action, target: &str) {
    let (kind, id) = target.split_once(':').unwrap_or((target, ""));
    match (kind, action) {
        ("card", Action::Play(card)) => {
            let c: Card = id.parse().unwrap_or_else(|e| panic!("{target}: {e}"));
            assert_eq!(c, card, "{target} for {action}");
            assert_eq!(c.to_string(), id, "{target} is written as in the hand");
            assert!(
                g.player(seat).hand.contains(c),
                "{target} is not in the hand"
            );
        }
        ("space", Action::Found(s) | Action::Double(s) | Action::At(s)) => {
            let n: u8 = id.parse().unwrap_or_else(|e| panic!("{target}: {e}"));
            assert!((1..=72).contains(&n), "{target} is not a space");
            assert_eq!(n, s, "{target} for {action}");
        }
        (
            "company",
            Action::Hq(c)
            | Action::Join(c)
            | Action::Survivor(c)
            | Action::Share(c)
            | Action::Sell(c),
        ) => {
            let named = CompanyId::all()
                .find(|x| x.name() == id)
                .unwrap_or_else(|| panic!("{target} names no company"));
            assert_eq!(named, c, "{target} for {action}");
            let status = g.company(c).status;
            if matches!(action, Action::Hq(_)) {
                assert_eq!(
                    status,
                    Status::Unfounded,
                    "{target}: founding a founded company"
                );
            } else {
                assert_eq!(status, Status::Active, "{target} is not an active company");
            }
        }
        ("deck", Action::BuyDeck) => {
            assert!(
                id.is_empty() && g.deck_len() > 0,
                "{target}: no deck to buy from"
            );
        }
        ("level", Action::BuyLevel) => {
            assert!(id.is_empty(), "{target}");
            assert!(g.edition() == Edition::Modern && g.level_stack() > 0);
        }
        ("row", Action::BuyRow(s)) => {
            let n: u8 = id.parse().unwrap_or_else(|e| panic!("{target}: {e}"));
            assert_eq!(n, s, "{target} for {action}");
            assert!(g.row().contains(&n), "{target} is not in the face-up row");
        }
        _ => panic!("`{target}` is not a target of `{action}`"),
    }
}

#[test]
fn every_legal_action_is_labelled_targeted_and_priced_as_the_rules_charge() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut legal = Vec::new();
    let (mut priced, mut targeted, mut games) = (0u32, 0u32, 0u32);
    for edition in [Edition::Modern, Edition::Classic] {
        for seed in 0..150u64 {
            let players = 2 + (seed as usize % 5);
            let mut g = BigBoss::new(&Config::new(edition, players), seed).unwrap();
            while let Some(seat) = g.to_act().first() {
                assert!(!g.prompt("en").is_empty());
                assert!(g.score_table("en").is_none(), "no scores before the end");
                g.legal_actions(seat, &mut legal);
                for &a in &legal {
                    let view = g.action_view(seat, &a, "en");
                    assert!(!view.label.trim().is_empty(), "{a} has no label");
                    check_kind(a, &view);
                    assert!(view.highlights.len() <= 1, "{a}: {:?}", view.highlights);
                    let button = matches!(a, Action::Tower | Action::End | Action::Pass);
                    assert_eq!(view.highlights.is_empty(), button, "{a}");
                    for t in &view.highlights {
                        check_target(&g, seat, a, t);
                        targeted += 1;
                    }
                    if let Some(c) = view.cost {
                        let mut after = g.clone();
                        after.play(seat, a).unwrap();
                        assert_eq!(
                            g.money(seat) - after.money(seat),
                            c,
                            "{a} costs {c} but changes the money from {} to {}",
                            g.money(seat),
                            after.money(seat)
                        );
                        priced += 1;
                    }
                }
                let a = legal[rng.gen_range(0..legal.len())];
                for e in g.play(seat, a).unwrap() {
                    assert!(!BigBoss::describe(&e, "en").is_empty());
                }
            }
            let outcome = g.outcome().unwrap();
            let table = g.score_table("en").expect("scores once the game is over");
            assert_eq!(table.rows.len(), players);
            assert_eq!(table.columns.len(), 5);
            assert!(!table.note.is_empty());
            let mut seats: Vec<Seat> = table.rows.iter().map(|r| r.seat).collect();
            seats.sort_unstable();
            assert_eq!(seats, (0..players).collect::<Vec<_>>(), "one row per seat");
            for row in &table.rows {
                assert_eq!(row.winner, outcome.winners.contains(row.seat));
                assert_eq!(row.name, BigBoss::seat_name(row.seat));
                assert_eq!(row.cells.len(), 5);
                // English groups thousands with commas.
                let int = |c: &String| c.replace(',', "").parse::<i64>().unwrap();
                let total = int(&row.cells[4]);
                assert_eq!(total, outcome.scores[row.seat], "{}", row.name);
                let parts: i64 = row.cells[..4].iter().map(int).sum();
                assert_eq!(parts, total);
            }
            assert!(table.rows[0].winner, "winners come first");
            games += 1;
        }
    }
    assert_eq!(games, 300);
    assert!(priced > 10_000 && targeted > 10_000, "{priced} {targeted}");
}

#[test]
fn views_use_the_browsers_words() {
    let g = BigBoss::new(&Config::new(Edition::Modern, 3), 2).unwrap();
    let seat = g.current();
    let deck = g.action_view(seat, &Action::BuyDeck, "en");
    assert_eq!(deck.label, "Buy from the deck");
    assert_eq!(deck.cost, Some(5));
    assert_eq!(deck.highlights, vec!["deck"]);
    let level = g.action_view(seat, &Action::BuyLevel, "en");
    assert_eq!(
        (level.label.as_str(), level.cost),
        ("Buy a level card", Some(10))
    );
    assert_eq!(level.highlights, vec!["level"]);
    let row = g.row()[0];
    let buy = g.action_view(seat, &Action::BuyRow(row), "en");
    assert_eq!(buy.label, format!("Buy card {row}"));
    assert_eq!(buy.highlights, vec![format!("row:{row}")]);
    let found = g.action_view(seat, &Action::Found(71), "en");
    assert_eq!(found.label, "Spaces 71, 72, 1");
    assert_eq!(found.highlights, vec!["space:71"]);
    let tower = g.action_view(seat, &Action::Tower, "en");
    assert_eq!(tower.label, "Place a radio tower");
    assert!(tower.highlights.is_empty());
    let classic = BigBoss::new(&Config::new(Edition::Classic, 3), 2).unwrap();
    let flag = classic.action_view(classic.current(), &Action::Tower, "en");
    // The words the browser has always used, article included.
    assert_eq!(flag.label, "Place a owner flag");
    assert_eq!(
        classic
            .action_view(0, &Action::Play(Card::Level(3)), "en")
            .highlights,
        vec!["card:L3"]
    );
}

/// Swaps one secret card of a seat other than `viewer` with a deck card. Returns the changed
/// game and the seat whose hand changed, or `None` when there is nothing to swap.
fn vary_hand(g: &BigBoss, viewer: Seat, rng: &mut ChaCha8Rng) -> Option<(BigBoss, Seat)> {
    let mut pos: Position = g.position();
    let levels_public = g.edition() == Edition::Modern;
    let secret = |p: &boardroom_bigboss::position::PlayerEntry, c: &Card| {
        !(p.known.contains(c) || (levels_public && c.is_level()))
    };
    let others: Vec<Seat> = (0..pos.players.len())
        .filter(|&s| s != viewer)
        .filter(|&s| {
            pos.players[s]
                .hand
                .iter()
                .any(|c| secret(&pos.players[s], c))
        })
        .collect();
    let deck_differs = pos.deck.iter().any(|c| !(levels_public && c.is_level()));
    if pos.deck.is_empty() || others.is_empty() || !deck_differs {
        return None;
    }
    let s = *others.choose(rng).unwrap();
    let i = *(0..pos.players[s].hand.len())
        .filter(|&i| secret(&pos.players[s], &pos.players[s].hand[i]))
        .collect::<Vec<_>>()
        .choose(rng)
        .unwrap();
    let j = rng.gen_range(0..pos.deck.len());
    if pos.players[s].hand[i] == pos.deck[j] {
        return None;
    }
    std::mem::swap(&mut pos.players[s].hand[i], &mut pos.deck[j]);
    let h = BigBoss::from_position(&pos).ok()?;
    Some((h, s))
}

#[test]
fn the_drawing_shows_a_seat_its_own_hand_only() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut legal = Vec::new();
    let mut compared = 0;
    for edition in [Edition::Modern, Edition::Classic] {
        for seed in 0..30u64 {
            let players = 2 + (seed as usize % 5);
            let mut g = BigBoss::new(&Config::new(edition, players), seed).unwrap();
            let mut step = 0;
            while let Some(seat) = g.to_act().first() {
                if step % 13 == 0 {
                    for viewer in 0..players {
                        let Some((h, changed)) = vary_hand(&g, viewer, &mut rng) else {
                            continue;
                        };
                        assert_ne!(h.player(changed).hand, g.player(changed).hand);
                        for color in [false, true] {
                            assert_eq!(
                                h.draw(Viewer::Seat(viewer), color, "en"),
                                g.draw(Viewer::Seat(viewer), color, "en")
                            );
                            assert_eq!(
                                h.draw(Viewer::Spectator, color, "en"),
                                g.draw(Viewer::Spectator, color, "en")
                            );
                        }
                        // The seat whose hand changed sees the difference (the test can fail).
                        assert_ne!(
                            h.draw(Viewer::Seat(changed), false, "en"),
                            g.draw(Viewer::Seat(changed), false, "en")
                        );
                        compared += 1;
                    }
                }
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.gen_range(0..legal.len())];
                g.play(seat, a).unwrap();
                step += 1;
            }
            // A spectator sees no hand; a seat sees its own.
            let spectator = g.draw(Viewer::Spectator, false, "en");
            assert!(!spectator.contains("'s hand:"));
            let own = g.draw(Viewer::Seat(0), false, "en");
            assert!(own.contains(&format!("{}'s hand:", BigBoss::seat_name(0))));
        }
    }
    assert!(compared > 300, "only {compared} comparisons");
}

#[test]
fn table_set_up_refuses_bad_player_counts_and_seats() {
    let none = Options::new();
    for players in [0, 1, 7] {
        let e = BigBoss::make_config(players, None, &none)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("2 to 6 players") && e.contains(&players.to_string()),
            "{e}"
        );
    }
    let e = BigBoss::make_config(3, Some(3), &none)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("first player 3") && e.contains("seats 0-2"),
        "{e}"
    );
    let c = BigBoss::make_config(3, Some(2), &none).unwrap();
    assert_eq!(
        c,
        Config {
            edition: Edition::Modern,
            players: 3,
            first_player: Some(2)
        }
    );
    assert_eq!(BigBoss::config_players(&c), 3);
    for players in BigBoss::MIN_PLAYERS..=BigBoss::MAX_PLAYERS {
        let c = BigBoss::make_config(players, None, &none).unwrap();
        assert!(BigBoss::new(&c, 1).is_ok());
    }
    assert_eq!((BigBoss::MIN_PLAYERS, BigBoss::MAX_PLAYERS), (2, 6));
}

#[test]
fn the_edition_option_takes_modern_or_classic() {
    let specs = BigBoss::option_specs();
    assert_eq!(specs.len(), 1);
    assert_eq!(specs[0].name, "edition");
    assert_eq!(specs[0].default, Some("modern"));
    assert!(specs[0].lobby);
    let future = Options::new().with("edition", OptionValue::Text("future".into()));
    let e = future.check(BigBoss::TITLE, specs).unwrap_err().to_string();
    assert!(e.contains("future") && e.contains("modern, classic"), "{e}");
    let e = BigBoss::make_config(4, None, &future)
        .unwrap_err()
        .to_string();
    assert!(e.contains("modern, classic"), "{e}");
    let unknown = Options::new().with("hidden_money", OptionValue::Flag(true));
    let e = BigBoss::make_config(4, None, &unknown)
        .unwrap_err()
        .to_string();
    assert!(e.contains("hidden_money") && e.contains("edition"), "{e}");
    let classic = Options::new().with("edition", OptionValue::Text("classic".into()));
    classic.check(BigBoss::TITLE, specs).unwrap();
    let c = BigBoss::make_config(4, None, &classic).unwrap();
    assert_eq!(c.edition, Edition::Classic);
    assert_eq!(
        BigBoss::describe_config(&c, "en"),
        "Big Boss (classic), 4 players"
    );
}
