//! Hidden information: what a player receives depends only on what that player may know, and
//! the seed never leaves the server.

use crate::common;

use boardroom_bigboss::{Action, BigBoss, Config, Edition};
use boardroom_engine::{Bot, Game, RandomBot, Viewer};
use boardroom_server::view::{self, Step};
use rand::SeedableRng;

/// Positions from random games of both editions.
fn positions() -> Vec<(BigBoss, usize)> {
    let mut out = Vec::new();
    for (i, edition) in [Edition::Modern, Edition::Classic].into_iter().enumerate() {
        for players in 2..=5 {
            let seed = 100 + i as u64 * 10 + players as u64;
            let mut game = BigBoss::new(&Config::new(edition, players), seed).unwrap();
            let mut bot = RandomBot::new(seed);
            let mut version = 0;
            for step in 0..400 {
                if game.is_over() {
                    break;
                }
                if step % 37 == 0 {
                    out.push((game.clone(), version));
                }
                let seat = game.to_act().first().unwrap();
                let a = bot.choose(&game, seat);
                game.play(seat, a).unwrap();
                version += 1;
            }
            out.push((game, version));
        }
    }
    out
}

fn state_text(game: &BigBoss, viewer: Viewer, version: usize) -> String {
    serde_json::to_string(&view::state_msg(game, viewer, version, None)).unwrap()
}

#[test]
fn a_players_messages_do_not_change_when_only_others_secrets_change() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let (mut checked, mut different_worlds) = (0, 0);
    for (game, version) in positions() {
        for viewer in (0..game.num_players())
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
        {
            let mine = state_text(&game, viewer, version);
            for _ in 0..3 {
                // The same public state and the same own hand; other hands and the deck
                // re-dealt.
                let other = game.sample_hidden(viewer, &mut rng);
                if other != game {
                    different_worlds += 1;
                }
                assert_eq!(mine, state_text(&other, viewer, version));
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
    assert!(
        different_worlds > checked / 2,
        "the secrets really differed ({different_worlds} of {checked})"
    );
}

#[test]
fn a_card_bought_from_the_deck_is_shown_to_its_buyer_only() {
    let mut game = BigBoss::new(&Config::new(Edition::Modern, 3), 4).unwrap();
    let seat = game.to_act().first().unwrap();
    let events = game.play(seat, Action::BuyDeck).unwrap();
    let step: Step<BigBoss> = Step {
        index: 0,
        seat,
        action: "buy deck".into(),
        turn: 1,
        undone: false,
        by: boardroom_engine::By::Player,
        events,
    };
    let own = serde_json::to_string(&view::log_entry(&step, Viewer::Seat(seat), "en")).unwrap();
    assert!(own.contains("\"card\""), "{own}");
    for viewer in (0..3)
        .filter(|&s| s != seat)
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
    {
        let entry = view::log_entry(&step, viewer, "en");
        let text = serde_json::to_string(&entry).unwrap();
        assert!(!text.contains("\"card\""), "{text}");
        assert!(entry.events[0].text.contains("buys a card from the deck"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seed_and_other_seats_tokens_never_leave_the_server() {
    let server = common::start().await;
    let table = server
        .create("classic", &["human", "human", "random"])
        .await;
    let links: Vec<String> = table.seats[..2]
        .iter()
        .map(|s| s.link.clone().unwrap())
        .collect();
    let tokens: Vec<String> = links
        .iter()
        .map(|l| l.split("k=").nth(1).unwrap().to_string())
        .collect();
    let mut clients = [
        server.connect(&links[0]).await,
        server.connect(&links[1]).await,
    ];
    let mut watcher = server.connect(&table.spectator).await;
    for c in clients.iter_mut() {
        c.until("state").await;
    }
    // Play to the end: humans pick the first legal action, the bot plays itself.
    loop {
        let over = clients[0].state.as_ref().unwrap()["to_act"]
            .as_array()
            .unwrap()
            .is_empty();
        if over {
            break;
        }
        match clients.iter().position(|c| !c.legal().is_empty()) {
            Some(i) => {
                let a = clients[i].legal()[0].clone();
                clients[i].play(&a).await;
            }
            None => {
                for c in clients.iter_mut() {
                    c.pump(20).await;
                }
            }
        }
    }
    let end = clients[0].version();
    clients[1].until_version(end).await;
    watcher.until_version(end).await;
    let seed = server.stored_seed(&table.id);
    let seed_forms = [
        seed.to_string(),
        (seed as i64).to_string(),
        format!("{seed:x}"),
        format!("{seed:016x}"),
    ];
    for (i, c) in clients.iter().chain([&watcher]).enumerate() {
        assert!(c.received.len() > 10);
        for text in &c.received {
            for s in &seed_forms {
                assert!(
                    !text.contains(s.as_str()),
                    "seed in a message to client {i}"
                );
            }
            for (s, t) in tokens.iter().enumerate() {
                if s != i {
                    assert!(
                        !text.contains(t.as_str()),
                        "seat {s}'s token sent to client {i}"
                    );
                }
            }
        }
    }
}

/// Big Shot, hidden-money variant: a player's state messages are the same whatever coins the
/// other players hold.
#[test]
fn big_shot_hidden_coins_of_others_do_not_reach_a_player() {
    use boardroom_bigshot::BigShot;
    let (mut checked, mut differed) = (0, 0);
    for players in 2..=4 {
        let mut config = boardroom_bigshot::Config::new(players);
        config.hidden_money = true;
        let seed = 40 + players as u64;
        let mut game = BigShot::new(&config, seed).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut version = 0;
        while !game.is_over() {
            if version % 13 == 0 {
                let pos = game.to_position();
                for seat in 0..players {
                    let viewer = Viewer::Seat(seat);
                    let mine = game.colours_of(seat);
                    for (i, entry) in pos.colours.iter().enumerate() {
                        if mine.contains(&entry.colour) {
                            continue;
                        }
                        let mut other = pos.clone();
                        other.colours[i].coins = entry.coins.saturating_sub(1).max(1) + 1;
                        if other.colours[i].coins == entry.coins {
                            other.colours[i].coins += 1;
                        }
                        let Ok(world) = BigShot::from_position(&other) else {
                            continue;
                        };
                        differed += 1;
                        assert_eq!(
                            serde_json::to_string(&view::state_msg(&game, viewer, version, None))
                                .unwrap(),
                            serde_json::to_string(&view::state_msg(&world, viewer, version, None))
                                .unwrap(),
                            "seat {seat} learns colour {:?}'s coins",
                            entry.colour
                        );
                        checked += 1;
                    }
                }
            }
            let seat = game.to_act().first().unwrap();
            let a = bot.choose(&game, seat);
            game.play(seat, a).unwrap();
            version += 1;
        }
    }
    assert!(checked > 50 && differed == checked, "{checked} checks");
}

/// Actions and prompts go only to the seat that is to act: every other seat and spectators get
/// an empty list and no prompt, in both games.
#[test]
fn actions_and_prompts_go_only_to_the_seat_to_act() {
    let mut checked = 0;
    for (game, version) in positions() {
        for viewer in (0..game.num_players())
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
        {
            let msg = serde_json::to_value(view::state_msg(&game, viewer, version, None)).unwrap();
            let acting = viewer.seat().is_some_and(|s| game.to_act().contains(s));
            assert_eq!(msg["actions"].as_array().unwrap().is_empty(), !acting);
            assert_eq!(msg["prompt"].is_null(), !acting);
            checked += 1;
        }
    }
    let mut config = boardroom_bigshot::Config::new(3);
    config.hidden_money = true;
    let mut game = boardroom_bigshot::BigShot::new(&config, 7).unwrap();
    let mut bot = RandomBot::new(7);
    while !game.is_over() {
        for viewer in (0..3).map(Viewer::Seat).chain([Viewer::Spectator]) {
            let msg = serde_json::to_value(view::state_msg(&game, viewer, 0, None)).unwrap();
            let acting = viewer.seat().is_some_and(|s| game.to_act().contains(s));
            assert_eq!(msg["actions"].as_array().unwrap().is_empty(), !acting);
            assert_eq!(msg["prompt"].is_null(), !acting);
            checked += 1;
        }
        let seat = game.to_act().first().unwrap();
        let a = bot.choose(&game, seat);
        game.play(seat, a).unwrap();
    }
    assert!(checked > 500, "{checked}");
}
