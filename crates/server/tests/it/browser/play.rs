//! A game of Big Boss and one of Big Shot against a bot, played by clicking to the final scores.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_a_game_against_a_bot_by_clicking() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = common::start().await;

    // The lobby (built from `GET /api/games`): the first game's edition is a choice; two
    // players, Blue a bot.
    c.goto(&server.url()).await.unwrap();
    c.wait()
        .for_element(Locator::Css("#edition option[value='classic']"))
        .await
        .unwrap();
    let sit = create_in_lobby(
        &c,
        LobbyTable {
            players: 2,
            kinds: &[(1, "random")],
            ..LobbyTable::default()
        },
    )
    .await;
    // The new table is listed with a link to play it.
    c.wait()
        .for_element(Locator::XPath(
            "//ul[@id='table-list']//a[contains(., 'Play Red')]",
        ))
        .await
        .unwrap();
    shot(&c, "01-lobby.png").await;
    sit.click().await.unwrap();

    // The table: click legal choices until the final scores show.
    c.wait()
        .for_element(Locator::Css("#prompt.mine, #players .player"))
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut clicks = 0u64;
    let mut rng = 0x9e3779b97f4a7c15u64;
    let mut tried_illegal = false;
    let (mut away, mut clicks_back) = (false, 0u64);
    loop {
        assert!(
            Instant::now() < deadline,
            "the game did not finish ({clicks} clicks)"
        );
        if visible(&c, "#final.show #scores").await {
            break;
        }
        // The person leaves for the lobby and plays on from another device until the end is
        // near (few building pieces or cards left), then opens the same link again: the table
        // is where they left it, and they finish it here.
        if !away && tried_illegal && clicks >= 15 {
            let near_the_end = |s: &Value| {
                let o = &s["observation"];
                o["pieces"].as_u64().is_some_and(|p| p <= 10)
                    || o["deck_size"].as_u64().is_some_and(|d| d == 0)
            };
            let table = "#prompt.mine, #players .player";
            leave_and_come_back(&c, &server, &mut rng, near_the_end, table).await;
            away = true;
            clicks_back = clicks;
            continue;
        }
        // Once, click a card of the hand that cannot be played: the rule is shown.
        if !tried_illegal {
            let dead = c
                .find(Locator::Css("body:not(.pending) #hand .card[data-try]"))
                .await;
            if let Ok(dead) = dead {
                if dead.click().await.is_ok() {
                    let toast = c
                        .wait()
                        .at_most(Duration::from_secs(10))
                        .for_element(Locator::Css("#toast.show"))
                        .await;
                    if let Ok(toast) = toast {
                        let text = toast.text().await.unwrap();
                        assert!(text.contains("cannot be played"), "{text}");
                        shot(&c, "02-illegal-attempt.png").await;
                        tried_illegal = true;
                    }
                }
            }
        }
        // Buttons, and whatever the game's view marks as clickable.
        let options = c
            .find_all(Locator::Css("[data-act], [data-target].legal"))
            .await
            .unwrap_or_default();
        if options.is_empty() {
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        }
        let pick = &options[(xorshift(&mut rng) % options.len() as u64) as usize];
        if pick.click().await.is_ok() {
            clicks += 1;
            tokio::time::sleep(Duration::from_millis(15)).await;
        }
        if clicks == 12 {
            shot(&c, "03-table-desktop.png").await;
            c.set_window_size(390, 844).await.unwrap();
            shot(&c, "04-table-phone.png").await;
            c.set_window_size(1280, 900).await.unwrap();
        }
    }
    assert!(clicks > 10, "a whole game takes many clicks ({clicks})");
    // (A game where both players pass in a row ends early, sometimes before the person has
    // left: `away` is not asserted here; Big Shot's games always run their 18 rounds.)
    if away {
        eprintln!(
            "Big Boss in the browser: {clicks_back} clicks, then {} after coming back",
            clicks - clicks_back
        );
    } else {
        eprintln!("Big Boss in the browser: {clicks} clicks, the game over before leaving");
    }
    assert!(
        tried_illegal,
        "a card that cannot be played was offered at some point"
    );
    shot(&c, "05-final-scores.png").await;
    let rows = c.find_all(Locator::Css("#scores tbody tr")).await.unwrap();
    assert_eq!(rows.len(), 2);
    let title = c
        .find(Locator::Css("#final-title"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        title.contains("Big Boss") || title.contains("share the title"),
        "{title}"
    );
    // The log tells the game in words.
    let log = c
        .find(Locator::Css("#log"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(log.contains("Red"), "{log}");

    // A rematch moves the player to a new table in the same seat.
    let before = c.current_url().await.unwrap();
    c.find(Locator::Css("#rematch-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let moved = Instant::now() + Duration::from_secs(20);
    loop {
        let now = c.current_url().await.unwrap();
        if now.path() != before.path() {
            assert!(now.query().unwrap_or("").starts_with("k="));
            break;
        }
        assert!(Instant::now() < moved, "the rematch did not open");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    c.wait()
        .for_element(Locator::Css("#players .player"))
        .await
        .unwrap();
    shot(&c, "06-rematch.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_big_shot_against_a_bot_by_clicking() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = common::start().await;

    // The lobby: Big Shot, two players, Orange a bot.
    c.goto(&server.url()).await.unwrap();
    c.wait()
        .for_element(Locator::Css("#game option[value='big-shot']"))
        .await
        .unwrap();
    c.find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("big-shot")
        .await
        .unwrap();
    c.wait()
        .for_element(Locator::Css("#hidden-money"))
        .await
        .unwrap();
    assert!(visible(&c, "#hidden-money").await);
    assert!(
        !visible(&c, "#edition").await,
        "an option of the other game is gone"
    );
    assert!(!visible(&c, "#players [data-players='5']").await);
    let sit = create_in_lobby(
        &c,
        LobbyTable {
            players: 2,
            kinds: &[(1, "random")],
            ..LobbyTable::default()
        },
    )
    .await;
    shot(&c, "bs-01-lobby.png").await;
    sit.click().await.unwrap();

    // The table: the city with its 13 lots and the 18 auction spaces.
    c.wait()
        .for_element(Locator::Css("#bs-board .lot"))
        .await
        .unwrap();
    assert_eq!(
        c.find_all(Locator::Css("#bs-board .lot"))
            .await
            .unwrap()
            .len(),
        13
    );
    assert_eq!(
        c.find_all(Locator::Css("#bs-board .bs-space"))
            .await
            .unwrap()
            .len(),
        18
    );
    assert_eq!(
        c.find_all(Locator::Css("#bs-board .lot.park"))
            .await
            .unwrap()
            .len(),
        2
    );
    let deadline = Instant::now() + Duration::from_secs(240);
    let (mut clicks, mut placed) = (0u64, 0u64);
    let mut rng = 0x2545f4914f6cdd1du64;
    let mut tried_illegal = false;
    let mut shots_taken = false;
    let (mut away, mut clicks_back) = (false, 0u64);
    loop {
        assert!(
            Instant::now() < deadline,
            "the game did not finish ({clicks} clicks)"
        );
        if visible(&c, "#final.show #scores").await {
            break;
        }
        // The person plays the middle rounds from another device, then comes back to the same
        // link for the last ones (see the Big Boss game above).
        if !away && tried_illegal && shots_taken && clicks >= 12 {
            let last_rounds =
                |s: &Value| s["observation"]["round"].as_u64().is_some_and(|r| r >= 17);
            leave_and_come_back(&c, &server, &mut rng, last_rounds, "#bs-board .lot").await;
            away = true;
            clicks_back = clicks;
            continue;
        }
        // Once, bid more than we have: the rule is shown.
        if !tried_illegal && visible(&c, "body:not(.pending) #bid-input").await {
            let input = c.find(Locator::Css("#bid-input")).await.unwrap();
            input.clear().await.unwrap();
            input.send_keys("999").await.unwrap();
            c.find(Locator::Css("#bid-btn"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            let toast = c
                .wait()
                .at_most(Duration::from_secs(10))
                .for_element(Locator::Css("#toast.show"))
                .await
                .unwrap();
            let text = toast.text().await.unwrap();
            assert!(text.contains("999"), "{text}");
            shot(&c, "bs-02-illegal-bid.png").await;
            tried_illegal = true;
            continue;
        }
        // Placing: click a highlighted lot.
        let lots = c
            .find_all(Locator::Css("body:not(.pending) .lot.legal"))
            .await
            .unwrap_or_default();
        if !lots.is_empty() {
            if !shots_taken && placed == 2 {
                shot(&c, "bs-03-place-desktop.png").await;
                c.set_window_size(390, 844).await.unwrap();
                shot(&c, "bs-04-place-phone.png").await;
                c.set_window_size(1280, 900).await.unwrap();
                shots_taken = true;
            }
            if lots[(xorshift(&mut rng) % lots.len() as u64) as usize]
                .click()
                .await
                .is_ok()
            {
                clicks += 1;
                placed += 1;
                tokio::time::sleep(Duration::from_millis(15)).await;
            }
            continue;
        }
        let options = c
            .find_all(Locator::Css("body:not(.pending) [data-act]"))
            .await
            .unwrap_or_default();
        if options.is_empty() {
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        }
        let pick = &options[(xorshift(&mut rng) % options.len() as u64) as usize];
        if pick.click().await.is_ok() {
            clicks += 1;
            tokio::time::sleep(Duration::from_millis(15)).await;
        }
    }
    assert!(tried_illegal, "a bid was offered at some point");
    assert!(placed > 0, "cubes were placed by clicking lots");
    assert!(away, "the person left the table and came back to it");
    eprintln!(
        "Big Shot in the browser: {clicks_back} clicks, then {} after coming back",
        clicks - clicks_back
    );
    shot(&c, "bs-05-final-scores.png").await;
    c.set_window_size(390, 844).await.unwrap();
    shot(&c, "bs-06-final-phone.png").await;
    c.set_window_size(1280, 900).await.unwrap();
    let rows = c.find_all(Locator::Css("#scores tbody tr")).await.unwrap();
    assert_eq!(rows.len(), 2);
    c.find(Locator::Css("#final-close"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    shot(&c, "bs-07-final-city.png").await;
    assert!(visible(&c, "#bs-board .lot.sold").await, "lots were sold");
    let log = c
        .find(Locator::Css("#log"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(log.contains("rolls"), "{log}");
    c.close().await.unwrap();
}
