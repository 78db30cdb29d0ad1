//! How The Boss is shown: every legal action has a label, its highlights name real things on
//! the table, its cost is the cash that leaves at once, the prompt follows the game, the score
//! table comes with the end (winners as the outcome), and the drawing and the browser's extra
//! data do not change when only what the viewer may not know changes (other players' held Fate
//! cards, the order of the decks).

use boardroom_engine::{rng, Game, Present, Seat, Viewer};
use boardroom_theboss::action::{Action, Lot};
use boardroom_theboss::notation::{exec_card, exp_card};
use boardroom_theboss::{Config, TheBoss};
use rand::Rng;

/// Every `every`-th state of a random game of `players` players.
fn states(players: usize, seed: u64, every: usize) -> Vec<TheBoss> {
    let mut g = TheBoss::new(&Config::new(players), seed).unwrap();
    let mut r = rng::from_seed(seed.wrapping_mul(31) + 7);
    let mut out = vec![g.clone()];
    let mut legal = Vec::new();
    let mut step = 0;
    while !g.is_over() {
        let seats: Vec<Seat> = g.to_act().iter().collect();
        let s = seats[r.gen_range(0..seats.len())];
        g.legal_actions(s, &mut legal);
        let a = legal[r.gen_range(0..legal.len())].clone();
        g.play(s, a).unwrap();
        step += 1;
        if step % every == 0 || g.is_over() {
            out.push(g.clone());
        }
    }
    out
}

/// Whether target `t` names something on `g`'s table that `seat` can click.
fn real_target(g: &TheBoss, seat: Seat, t: &str) -> bool {
    let Some((kind, id)) = t.split_once(':') else {
        return false;
    };
    let d = g.data();
    let p = g.player(seat);
    match kind {
        "office" => id.parse::<u8>().is_ok_and(|n| (1..=8).contains(&n)),
        "player" => id.parse::<usize>().is_ok_and(|s| s < g.num_players()),
        "offer" => id
            .parse::<u32>()
            .is_ok_and(|i| g.offers().iter().any(|o| o.id == i)),
        "deal" => id
            .parse::<u32>()
            .is_ok_and(|i| g.deals().iter().any(|x| x.id == i)),
        "deck" => id == "experience" || id == "fate",
        "fate" => id == seat.to_string() && p.fate.is_some(),
        "card" => {
            p.experience.iter().any(|&c| exp_card(d, c) == id)
                || p.executive.iter().any(|&c| exec_card(d, c) == id)
        }
        _ => false,
    }
}

/// Checks the views of every legal action of `seat` in `g`.
fn check_views(g: &TheBoss, seat: Seat) {
    let mut legal = Vec::new();
    g.legal_actions(seat, &mut legal);
    for a in &legal {
        let view = g.action_view(seat, a, "en");
        let text = g.format_action(a.clone());
        assert!(!view.label.trim().is_empty(), "`{text}` has no label");
        // The kind is the notation's first word; the numbers a view finds actions by are
        // arguments.
        assert_eq!(Some(view.kind), text.split(' ').next(), "`{text}`");
        match a {
            Action::Accept(id) | Action::Reject(id) | Action::Withdraw(id) => {
                assert_eq!(view.args["offer"], *id, "`{text}`")
            }
            Action::Settle(id)
            | Action::Release(id)
            | Action::Default(id)
            | Action::WalkAway(id) => {
                assert_eq!(view.args["deal"], *id, "`{text}`")
            }
            Action::Vote(_) => assert_eq!(view.args["vote"], text[5..], "`{text}`"),
            Action::Bid(x) => assert_eq!(view.args["amount"], *x, "`{text}`"),
            _ => {}
        }
        for t in &view.highlights {
            assert!(
                real_target(g, seat, t),
                "`{text}` highlights {t}, not on the table"
            );
        }
        match a {
            Action::Move(n) => assert_eq!(view.highlights, vec![format!("office:{n}")]),
            Action::Draw(_) => assert_eq!(view.highlights.len(), 1, "`{text}`"),
            Action::Accept(id) | Action::Reject(id) => {
                assert_eq!(view.highlights, vec![format!("offer:{id}")])
            }
            Action::Auction(Lot::Experience(_), _) | Action::Auction(Lot::Executive(_), _) => {
                assert!(view.highlights[0].starts_with("card:"), "`{text}`")
            }
            _ => {}
        }
        // The cost is the cash that leaves at once.
        let before = g.player(seat).cash as i64;
        let mut h = g.clone();
        h.play(seat, a.clone()).unwrap();
        let after = h.player(seat).cash as i64;
        let cost = view.cost.unwrap_or(0);
        match a {
            Action::Buy(_) | Action::Pay | Action::Fire(_) | Action::Settle(_) => {
                if !matches!(a, Action::Fire(_)) {
                    assert!(cost > 0, "`{text}` costs cash");
                }
                assert_eq!(before - after, cost, "`{text}`: cost {cost}");
            }
            Action::Use if cost > 0 => assert_eq!(before - after, cost, "`{text}`"),
            Action::Accept(id) => {
                let o = g.offers().iter().find(|o| o.id == *id).unwrap();
                if o.offer.cancel.is_none() && h.offers().iter().all(|x| x.id != *id) {
                    let received = o.offer.give.cash as i64;
                    if h.deals().len() >= g.deals().len() && after != before {
                        assert_eq!(before - after, cost - received, "`{text}`");
                    }
                }
            }
            Action::Offer(_) | Action::Counter(..) | Action::Bid(_) | Action::Move(_) => {
                assert_eq!(view.cost, None, "`{text}` costs nothing at once")
            }
            _ => {}
        }
    }
}

#[test]
fn views_prompts_and_score_tables_follow_random_games() {
    for players in 2..=4 {
        for seed in 0..3 {
            for g in states(players, seed, 7) {
                let outcome = g.outcome();
                let table = g.score_table("en");
                assert_eq!(table.is_some(), g.is_over());
                if let (Some(o), Some(t)) = (&outcome, &table) {
                    assert_eq!(t.rows.len(), players);
                    for r in &t.rows {
                        assert_eq!(r.winner, o.winners.contains(r.seat), "row {}", r.name);
                        assert_eq!(r.cells.len(), t.columns.len());
                    }
                    assert!(!t.note.is_empty());
                    assert!(t.rows[0].winner, "the winner comes first");
                    continue;
                }
                assert!(!g.prompt("en").trim().is_empty(), "a prompt while running");
                for seat in g.to_act().iter() {
                    check_views(&g, seat);
                }
            }
        }
    }
}

#[test]
fn drawing_and_extra_ignore_other_players_fate_cards_and_the_deck_order() {
    let mut checked = 0;
    for players in [2, 4] {
        for seed in 0..3 {
            for g in states(players, seed, 11) {
                for v in 0..players {
                    let viewer = Viewer::Seat(v);
                    let mut r = rng::from_seed(seed + v as u64);
                    let other = g.sample_hidden(viewer, &mut r);
                    assert_eq!(g.draw(viewer, false, "en"), other.draw(viewer, false, "en"));
                    assert_eq!(g.draw(viewer, true, "en"), other.draw(viewer, true, "en"));
                    assert_eq!(g.extra(viewer, "en"), other.extra(viewer, "en"));
                    if (0..players).any(|s| s != v && g.player(s).fate.is_some()) {
                        checked += 1;
                    }
                }
                let r = &mut rng::from_seed(seed);
                let other = g.sample_hidden(Viewer::Spectator, r);
                assert_eq!(
                    g.draw(Viewer::Spectator, false, "en"),
                    other.draw(Viewer::Spectator, false, "en")
                );
                assert_eq!(
                    g.extra(Viewer::Spectator, "en"),
                    other.extra(Viewer::Spectator, "en")
                );
            }
        }
    }
    assert!(checked > 10, "held Fate cards were varied ({checked})");
}

#[test]
fn the_holder_sees_its_fate_card_and_others_see_a_question_mark() {
    for seed in 0..20 {
        for g in states(3, seed, 5) {
            let Some(holder) = (0..3).find(|&s| g.player(s).fate.is_some()) else {
                continue;
            };
            let card = g
                .data()
                .fate_id(g.player(holder).fate.as_ref().unwrap().card)
                .to_string();
            let own = g.draw(Viewer::Seat(holder), false, "en");
            assert!(own.contains(&format!("Fate card {card}")), "{own}");
            // The page names the card as players call it (the terminal keeps the code typed).
            let extra = g.extra(Viewer::Seat(holder), "en").unwrap();
            let name = boardroom_theboss::names::fate_name(
                g.data(),
                g.player(holder).fate.as_ref().unwrap().card,
            );
            assert_eq!(extra["players"][holder]["fate"], name.as_str());
            assert!(!name.contains(&card), "{name} is not the code {card}");
            let other = (holder + 1) % 3;
            if !g.sees_fate(Viewer::Seat(other), holder) {
                let theirs = g.draw(Viewer::Seat(other), false, "en");
                let line = theirs
                    .lines()
                    .find(|l| l.contains(&format!("{}:", <TheBoss as Present>::seat_name(holder))))
                    .unwrap();
                assert!(line.ends_with("Fate card ?"), "{line}");
                assert!(
                    g.extra(Viewer::Seat(other), "en").unwrap()["players"][holder]["fate"]
                        .is_null()
                );
            }
            return;
        }
    }
    panic!("no held Fate card in 20 games");
}

#[test]
fn events_read_as_sentences_and_stats_name_the_ending() {
    let g = states(3, 4, 1_000_000).pop().unwrap();
    assert!(g.is_over());
    let stats = g.final_stats();
    let ends: f64 = stats
        .iter()
        .filter(|(k, _)| ["set_win", "share_win", "deck_end"].contains(k))
        .map(|(_, v)| v)
        .sum();
    assert_eq!(ends, 1.0, "{stats:?}");
    let mut g = TheBoss::new(&Config::new(3), 1).unwrap();
    let seat = g.active();
    let mut events = Vec::new();
    g.apply(seat, g.parse_action("end").unwrap(), &mut events)
        .unwrap();
    g.apply(
        seat,
        g.parse_action("draw experience").unwrap(),
        &mut events,
    )
    .unwrap();
    for e in &events {
        let s = <TheBoss as Present>::describe(e, "en");
        assert!(!s.is_empty() && !s.contains("Seat"), "{s}");
    }
    assert!(events.iter().any(<TheBoss as Present>::starts_turn));
    assert_eq!(
        <TheBoss as Present>::describe_config(&Config::new(3), "en"),
        "The Boss, 3 players"
    );
}

/// Every rule a refusal of the game names (`§9.2`, `R-30`: the string literals of the rule
/// code) is explained by a section of the how-to-play fragment, which lists it, or the rule
/// it is part of, in `data-rules`: the page links refusals there.
#[test]
fn every_rule_a_refusal_names_has_a_how_to_play_section() {
    let files = <TheBoss as Present>::web_assets();
    let howto = files.iter().find(|f| f.name == "howto.html").unwrap().body;
    let listed: Vec<&str> = howto
        .split("data-rules=\"")
        .skip(1)
        .flat_map(|rest| rest.split('"').next().unwrap().split_whitespace())
        .collect();
    let sources = [
        include_str!("../../src/rules.rs"),
        include_str!("../../src/offer/mod.rs"),
        include_str!("../../src/offer/bundle.rs"),
        include_str!("../../src/offer/check.rs"),
        include_str!("../../src/offer/pending.rs"),
        include_str!("../../src/offer/deal.rs"),
        include_str!("../../src/meeting.rs"),
        include_str!("../../src/auction.rs"),
        include_str!("../../src/clock.rs"),
        include_str!("../../src/legality.rs"),
        include_str!("../../src/people.rs"),
        include_str!("../../src/json.rs"),
    ];
    let mut named = 0;
    for src in sources {
        for lit in src.split('"').skip(1).step_by(2) {
            let rule = lit.starts_with('§')
                && lit[2..].chars().all(|c| c.is_ascii_digit() || c == '.')
                || lit
                    .strip_prefix("R-")
                    .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            if !rule {
                continue;
            }
            named += 1;
            let mut r = lit;
            let found = loop {
                if listed.contains(&r) {
                    break true;
                }
                match r.rfind('.') {
                    Some(i) => r = &r[..i],
                    None => break false,
                }
            };
            assert!(found, "{lit} has no how-to-play section");
        }
    }
    assert!(named > 50, "{named} rules named");
}
