//! The game's words in each connection's language: the page's `lang` cookie (else its
//! `Accept-Language`) decides the language of the prompt, the action labels, the log and the
//! refusals a connection is sent, each connection its own, at one table.

use crate::common::{self, Client};
use serde_json::Value;

/// The texts of the events of the last log entry of `state`.
fn last_events(state: &Value) -> Vec<String> {
    state["last"]["events"]
        .as_array()
        .map(|events| {
            events
                .iter()
                .map(|e| e["text"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn labels(state: &Value) -> Vec<String> {
    state["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["label"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn each_connection_reads_the_game_in_its_own_language() {
    let server = common::start().await;
    let t = server
        .create_with(serde_json::json!({"game": "big-boss", "seats": ["human", "human"]}))
        .await;
    let url = server.url();
    let link = |s: usize| t.seats[s].link.clone().unwrap();
    let mut german = [
        Client::connect_with(&url, &link(0), &[("cookie", "theme=dark; lang=de")]).await,
        Client::connect_with(&url, &link(1), &[("accept-language", "de-AT,de;q=0.9")]).await,
    ];
    let mut english = [
        Client::connect_with(&url, &link(0), &[("accept-language", "en-GB,en")]).await,
        Client::connect_with(&url, &link(1), &[]).await,
    ];
    // The cookie wins over the browser's languages.
    let mut spectator = Client::connect_with(
        &url,
        &t.spectator,
        &[("accept-language", "de"), ("cookie", "lang=en")],
    )
    .await;
    for c in german.iter_mut().chain(english.iter_mut()) {
        c.until("state").await;
    }
    spectator.until("state").await;
    let state = german[0].state.clone().unwrap();
    let seat = state["to_act"][0].as_u64().unwrap() as usize;

    let de = german[seat].state.clone().unwrap();
    let en = english[seat].state.clone().unwrap();
    assert_eq!(
        de["prompt"], "Kaufe eine Karte oder spiele eine aus",
        "{de}"
    );
    assert_eq!(en["prompt"], "Buy a card or play a card", "{en}");
    assert!(
        labels(&de).contains(&"Vom Stapel kaufen".to_string()),
        "{de}"
    );
    assert!(
        labels(&en).contains(&"Buy from the deck".to_string()),
        "{en}"
    );
    // The machine words are the same in every language.
    assert_eq!(de["actions"][0]["notation"], en["actions"][0]["notation"]);
    assert_eq!(de["actions"][0]["kind"], en["actions"][0]["kind"]);

    // A refusal, in the language of the connection that made the move.
    german[seat].act("tower").await;
    let refused = german[seat].until("error").await;
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.starts_with("das geht jetzt nicht: beginne deinen Zug"),
        "{message}"
    );
    english[seat].act("tower").await;
    let refused = english[seat].until("error").await;
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.starts_with("that is not possible now: start your turn"),
        "{message}"
    );

    // The log: the buyer's German sentence names the card, the other seat's (and a
    // spectator's) does not; each in its own language.
    let version = german[seat].version();
    german[seat].play("buy deck").await;
    let mover = last_events(&german[seat].until_version(version + 1).await);
    let other = 1 - seat;
    let other_de = last_events(&german[other].until_version(version + 1).await);
    let other_en = last_events(&english[other].until_version(version + 1).await);
    let watcher = last_events(&spectator.until_version(version + 1).await);
    let name = |de: bool| match (seat, de) {
        (0, true) => "Rot",
        (0, false) => "Red",
        (_, true) => "Blau",
        (_, false) => "Blue",
    };
    assert!(
        mover[0].starts_with(&format!("{} kauft Karte ", name(true)))
            && mover[0].ends_with(" vom Stapel"),
        "{mover:?}"
    );
    assert_eq!(
        other_de[0],
        format!("{} kauft eine Karte vom Stapel", name(true))
    );
    assert_eq!(
        other_en[0],
        format!("{} buys a card from the deck", name(false))
    );
    assert_eq!(watcher[0], other_en[0], "the cookie chose English");
}

/// The Boss refuses a move in the language of the connection that made it, naming the rule in
/// that language too.
#[tokio::test]
async fn the_boss_refuses_in_each_connections_language() {
    let server = common::start().await;
    let t = server
        .create_with(serde_json::json!({"game": "the-boss", "seats": ["human", "human"]}))
        .await;
    let url = server.url();
    let link = |s: usize| t.seats[s].link.clone().unwrap();
    let mut probe = Client::connect_with(&url, &link(0), &[]).await;
    probe.until("state").await;
    let state = probe.state.clone().unwrap();
    let seat = state["to_act"][0].as_u64().unwrap() as usize;
    let mut german = Client::connect_with(&url, &link(seat), &[("cookie", "lang=de")]).await;
    let mut english = Client::connect_with(&url, &link(seat), &[("accept-language", "en")]).await;
    german.until("state").await;
    english.until("state").await;
    // Drawing before Business Transactions end skips the step the draw must follow.
    german.act("draw fate").await;
    let refused = german.until("error").await;
    assert_eq!(
        refused["message"],
        "beende erst die Geschäfte: Das Ziehen ist der letzte Schritt \
         (Regel 5.2: die Schritte eines Zuges)",
        "{refused}"
    );
    english.act("draw fate").await;
    let refused = english.until("error").await;
    assert_eq!(
        refused["message"],
        "end business first: the draw is the last step (rule 5.2: the steps of a turn)",
        "{refused}"
    );
}

/// The server's own refusals a person reads come in the reader's language, their `code`
/// unchanged: at a WebSocket connection (its `lang` cookie or `Accept-Language`) and in an HTTP
/// answer (the request's).
#[tokio::test]
async fn the_servers_refusals_are_in_the_readers_language() {
    let server = common::start().await;
    let t = server
        .create_with(serde_json::json!({"game": "big-boss", "seats": ["human", "human"]}))
        .await;
    let url = server.url();
    let mut german = Client::connect_with(&url, &t.spectator, &[("cookie", "lang=de")]).await;
    let mut english =
        Client::connect_with(&url, &t.spectator, &[("accept-language", "en-GB")]).await;
    let mut said = Vec::new();
    for c in [&mut german, &mut english] {
        c.until("state").await;
        c.send(serde_json::json!({ "type": "rematch" })).await;
        let e = c.until("error").await;
        assert_eq!(e["code"], "illegal", "{e}");
        c.send(serde_json::json!({ "type": "notify", "email": "a@example.org" }))
            .await;
        let f = c.until("error").await;
        assert_eq!(f["code"], "spectator", "{f}");
        said.push((e["message"].clone(), f["message"].clone()));
    }
    assert_eq!(
        said[0].0, "Zuschauer können keine Revanche starten",
        "{said:?}"
    );
    assert!(
        said[0]
            .1
            .as_str()
            .unwrap()
            .starts_with("Zuschauer haben keinen Platz"),
        "{said:?}"
    );
    assert_eq!(said[1].0, "spectators cannot start a rematch");
    assert!(said[1]
        .1
        .as_str()
        .unwrap()
        .starts_with("spectators hold no seat"));

    // HTTP: a table not in play here, and a claim at a table that does not exist.
    let http = reqwest::Client::new();
    for (lang, summary, claim) in [
        (
            "de-DE,de;q=0.9",
            "hier wird kein solcher Tisch gespielt",
            "diesen Tisch gibt es nicht",
        ),
        ("en-US,en", "no such table in play here", "no such table"),
    ] {
        let r = http
            .get(format!("{url}/api/tables/nosuchtable"))
            .header("accept-language", lang)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 404);
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["error"], summary, "{lang}");
        let r = http
            .post(format!("{url}/api/tables/nosuchtable/claim"))
            .header("accept-language", lang)
            .json(&serde_json::json!({ "seat": 1 }))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 404);
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["error"], claim, "{lang}");
    }
}
