//! The lobby over HTTP: the games listed with their options and views, tables created or
//! refused (nothing stored for a refused one).

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_are_listed_with_their_options_and_views() {
    let server = start().await;
    let http = reqwest::Client::new();
    let games: Value = http
        .get(format!("{}/api/games", server.url()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let games = games.as_array().unwrap();
    let ids: Vec<&str> = games.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, boardroom_registry::IDS);
    for g in games {
        let info = boardroom_registry::info(g["id"].as_str().unwrap()).unwrap();
        assert_eq!(g["title"], info.title);
        assert_eq!(g["min_players"], info.min_players);
        assert_eq!(g["max_players"], info.max_players);
        assert_eq!(g["options"].as_array().unwrap().len(), info.options.len());
        assert_eq!(g["seat_names"].as_array().unwrap().len(), info.max_players);
        assert!(g["bots"].as_array().unwrap().contains(&json!("normal")));
        // Each level's measured one-line note, for the lobby's bot list.
        for (level, note) in &info.bot_notes {
            assert_eq!(g["bot_notes"][level], json!(note));
        }
        // The game's view module and style sheet are served where the listing says.
        let view = g["view"].as_str().unwrap();
        assert_eq!(view, format!("/assets/games/{}/view.js", info.id));
        let r = http
            .get(format!("{}{view}", server.url()))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        assert!(r.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript"));
        assert!(r.text().await.unwrap().contains("export default"));
        let css = http
            .get(format!(
                "{}/assets/games/{}/view.css",
                server.url(),
                info.id
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(css.status(), 200);
    }
    let big_boss = &games[0];
    let edition = &big_boss["options"][0];
    assert_eq!(edition["name"], "edition");
    assert_eq!(edition["kind"]["type"], "choice");
    assert_eq!(edition["kind"]["choices"], json!(["modern", "classic"]));
    assert_eq!(edition["lobby"], true);
    assert_eq!(edition["players"], Value::Null);
    // The bot without dealing, and a clock, only for the game with dealing and timers.
    for g in games {
        let deals = g["id"] == "the-boss";
        let bots = g["bots"].as_array().unwrap();
        assert_eq!(bots.contains(&json!("heuristic-nodeal")), deals, "{g}");
        assert_eq!(g["timers"], deals, "{g}");
    }
    let the_boss = games.iter().find(|g| g["id"] == "the-boss").unwrap();
    let cap = the_boss["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "two_player_share_cap")
        .unwrap();
    assert_eq!(cap["players"], json!([2, 2]));
    let big_shot = &games[1];
    assert_eq!(big_shot["options"][0]["kind"]["type"], "flag");
    assert_eq!(big_shot["options"][1]["name"], "board");
    assert_eq!(big_shot["options"][1]["lobby"], false);
    for missing in [
        "/assets/games/chess/view.js",
        "/assets/games/big-boss/secret.js",
        "/assets/nothing.js",
    ] {
        let r = http
            .get(format!("{}{missing}", server.url()))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 404, "{missing}");
    }
    // Each table page loads the shell and its own game's style sheet, titled by the game.
    for (body, title, css) in [
        (
            json!({"game": "big-boss", "seats": ["human", "random"]}),
            "Big Boss",
            "/assets/games/big-boss/view.css",
        ),
        (
            json!({"game": "big-shot", "seats": ["human", "random"]}),
            "Big Shot",
            "/assets/games/big-shot/view.css",
        ),
    ] {
        let t = server.create_with(body).await;
        let page = http
            .get(format!("{}{}", server.url(), t.spectator))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            page.contains(&format!("<title>Boardroom — {title}</title>")),
            "{page}"
        );
        assert!(
            page.contains(css) && page.contains("/assets/shell/main.js"),
            "{page}"
        );
        assert!(!page.contains("{{"), "{page}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_refuses_what_the_registry_does_not_accept() {
    let server = start().await;
    let http = reqwest::Client::new();
    server
        .create_with(json!({"game": "big-shot", "seats": ["human", "human"]}))
        .await;
    let before = table_count(&server).await;
    for (body, says) in [
        (
            json!({"game": "chess", "seats": ["human", "human"]}),
            vec!["chess", "big-boss, big-shot"],
        ),
        (
            json!({"game": "big-boss", "colour": "red", "seats": ["human", "human"]}),
            vec!["colour", "edition"],
        ),
        (
            json!({"game": "big-shot", "edition": "modern", "seats": ["human", "human"]}),
            vec!["edition", "hidden_money"],
        ),
        (
            json!({"game": "big-shot", "board": "{\"name\": \"x\"}", "seats": ["human", "human"]}),
            vec![
                "option `board` cannot be set from the lobby",
                "hidden_money",
            ],
        ),
        (
            json!({"game": "big-boss", "edition": "future", "seats": ["human", "human"]}),
            vec!["future", "modern, classic"],
        ),
        (
            json!({"game": "big-shot", "seats": vec!["human"; 5]}),
            vec!["2 to 4 players", "not 5"],
        ),
        (
            json!({"game": "big-shot", "seats": ["human", "wizard"]}),
            vec!["wizard", "human, random"],
        ),
        // The bot without dealing sits only at games with dealing.
        (
            json!({"game": "big-boss", "seats": ["human", "heuristic-nodeal"]}),
            vec![
                "bot `heuristic-nodeal` is for games with dealing, and Big Boss has none",
                "random, heuristic, easy, normal, hard",
            ],
        ),
        (
            json!({"game": "big-shot", "seats": ["heuristic-nodeal", "human"]}),
            vec!["`heuristic-nodeal`", "Big Shot has none"],
        ),
        // An option for other player counts.
        (
            json!({"game": "the-boss", "two_player_share_cap": true,
                   "seats": ["human", "random", "random"]}),
            vec!["option `two_player_share_cap` is for 2 players, not 3"],
        ),
    ] {
        let r = http
            .post(format!("{}/api/tables", server.url()))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400, "{body}");
        let v: Value = r.json().await.unwrap();
        let error = v["error"].as_str().unwrap();
        for s in says {
            assert!(error.contains(s), "{body}: `{error}` should say `{s}`");
        }
    }
    assert_eq!(table_count(&server).await, before, "nothing was created");
    let stored: i64 = rusqlite::Connection::open(&server.db)
        .unwrap()
        .query_row("SELECT COUNT(*) FROM tables", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored as u64, before, "nothing was stored");
    // What the lobby offers The Boss: the bot without dealing, the share cap at two players,
    // a clock speed.
    let t = server
        .create_with(json!({"game": "the-boss", "two_player_share_cap": true,
                            "timer_percent": 200, "seats": ["human", "heuristic-nodeal"]}))
        .await;
    assert_eq!(t.seats[1].kind.to_string(), "heuristic-nodeal");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storage_failure_on_create_is_a_server_error_and_creates_nothing() {
    let server = start().await;
    server.create("modern", &["human", "random"]).await;
    let before = table_count(&server).await;
    // Break the database under the running server: its next insert fails.
    rusqlite::Connection::open(&server.db)
        .unwrap()
        .execute_batch("PRAGMA foreign_keys = OFF; DROP TABLE seats;")
        .unwrap();
    let r = reqwest::Client::new()
        .post(format!("{}/api/tables", server.url()))
        .json(&json!({"game": "big-boss", "seats": ["human", "random"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 500);
    let v: Value = r.json().await.unwrap();
    let error = v["error"].as_str().unwrap();
    assert!(error.contains("could not be saved"), "{error}");
    assert!(
        !error.contains("seats"),
        "the cause stays in the server's log: {error}"
    );
    assert_eq!(table_count(&server).await, before, "nothing was created");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_a_table_checks_the_request() {
    let server = start().await;
    let http = reqwest::Client::new();
    for body in [
        json!({"seats": ["human"]}),
        json!({"seats": ["human", "wizard"]}),
        json!({"game": "chess", "seats": ["human", "human"]}),
        json!({"seats": ["human", "human"], "edition": "future"}),
        json!({"seats": vec!["human"; 7]}),
        json!({"game": "big-shot", "seats": vec!["human"; 5]}),
        json!({"game": "big-shot", "seats": ["human"]}),
        json!({"game": "big-shot", "edition": "modern", "seats": ["human", "human"]}),
        json!({"game": "big-shot", "hidden_money": "yes", "seats": ["human", "human"]}),
        json!({"hidden_money": true, "seats": ["human", "human"]}),
    ] {
        let r = http
            .post(format!("{}/api/tables", server.url()))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400, "{body}");
        let v: Value = r.json().await.unwrap();
        assert!(v["error"].as_str().is_some(), "{body}");
    }
    let listed: Value = http
        .get(format!("{}/api/tables", server.url()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(listed.as_array().unwrap().is_empty());
    let t = server
        .create("modern", &["human", "normal", "random"])
        .await;
    let listed: Value = http
        .get(format!("{}/api/tables", server.url()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(listed[0]["id"], json!(t.id));
    assert_eq!(listed[0]["seats"][1]["kind"], "normal");
    // A flood of creations is refused with 429 and a reason, and the server stays healthy. The
    // bucket refills while a busy machine works through a wave, so waves go on (a bounded
    // number) until one is refused.
    let mut refused = Vec::new();
    let mut sent = 0;
    for _ in 0..20 {
        let wave = futures_util::future::join_all((0..150).map(|_| {
            http.post(format!("{}/api/tables", server.url()))
                .json(&json!({"seats": ["human", "human"]}))
                .send()
        }))
        .await;
        sent += wave.len();
        refused.extend(
            wave.into_iter()
                .map(Result::unwrap)
                .filter(|r| r.status() == 429),
        );
        if !refused.is_empty() {
            break;
        }
    }
    assert!(
        !refused.is_empty() && refused.len() < sent,
        "{} of {sent} refused",
        refused.len()
    );
    for r in refused {
        let v: Value = r.json().await.unwrap();
        assert!(v["error"].as_str().unwrap().contains("too many tables"));
    }
    // Once the bucket has refilled a little, creating works again.
    let mut created = false;
    for _ in 0..100 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let r = http
            .post(format!("{}/api/tables", server.url()))
            .json(&json!({"edition": "classic", "seats": ["human", "random"]}))
            .send()
            .await
            .unwrap();
        if r.status() == 429 {
            continue;
        }
        assert!(r.status().is_success(), "{}", r.status());
        created = true;
        break;
    }
    assert!(created, "creating stayed refused after the flood");
    let page = http
        .get(format!("{}/t/nosuchtable", server.url()))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 404);
}
