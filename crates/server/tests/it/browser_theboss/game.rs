//! The whole test: two people deal, hold a meeting and finish the game by clicking.

use super::steps::{fate_face_down, measure_meeting, offer_by_clicking};
use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_deal_hold_a_meeting_and_finish_the_boss_by_clicking() {
    // Both people on phones: the offer builder and the meeting panel are measured there.
    let Some((_b0, c0)) = open_browser(390, 844).await else {
        return;
    };
    let Some((_b1, c1)) = open_browser(390, 844).await else {
        return;
    };
    let started = Instant::now();
    let server = start_server().await;
    let mut links = new_table(&server).await;
    let mut people = [
        Person {
            c: c0,
            seat: 0,
            link: links[0].clone(),
        },
        Person {
            c: c1,
            seat: 1,
            link: links[1].clone(),
        },
    ];
    for p in &people {
        p.open(&server, &p.link, "the table", AT_TABLE).await;
    }

    // "How to play" in the status line is a button for the shell's panel (the table page's
    // own "How to play"; see `browser_theboss_table`), and the fragment is served as HTML.
    let button = people[0]
        .c
        .execute(
            "return !!document.querySelector('button.tb-howto') && !document.querySelector('a.tb-howto')",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(button, json!(true));
    let r = reqwest::get(format!("{}/assets/games/the-boss/howto.html", server.url()))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(r
        .text()
        .await
        .unwrap()
        .contains("<h2>How to play The Boss</h2>"));

    let deadline = Instant::now() + Duration::from_secs(150 * MAX_TABLES);
    let (mut offered, mut met, mut fate_checked, mut meeting_measured) =
        (false, false, false, false);
    let mut tables = 1;
    let mut clicks = 0u64;
    // Actions the people played over the protocol (0: still at the browser).
    let mut away = 0u64;
    loop {
        assert!(
            Instant::now() < deadline,
            "the games did not finish (offer {offered}, meeting {met}, {clicks} clicks)"
        );
        let sums = [people[0].summary().await, people[1].summary().await];
        if sums.iter().all(|s| s["over"] == true) {
            shot(&people[0].c, "tb-07-final-phone.png").await;
            if met && offered && meeting_measured {
                break;
            }
            // No meeting with a person in it came up this game: a new table.
            assert!(
                tables < MAX_TABLES,
                "{MAX_TABLES} games without a meeting with a person in it"
            );
            tables += 1;
            links = new_table(&server).await;
            for (p, link) in people.iter_mut().zip(&links) {
                p.link = link.clone();
                p.open(&server, link, "the new table", AT_TABLE).await;
            }
            continue;
        }
        if !fate_checked {
            fate_checked = fate_face_down(&server, &people, &links).await;
        }
        if offered && met && fate_checked && meeting_measured && away == 0 {
            // What the pages had to show has been seen: the people leave for the lobby and
            // play on from another device, then open their seat links again for the end.
            for p in &people {
                p.c.goto(&server.url()).await.unwrap();
            }
            away = finish_away(&server, &links).await.max(1);
            for p in &people {
                let final_shown = "return !!document.querySelector('#final.show')";
                p.open(
                    &server,
                    &p.link,
                    "the final scores after coming back",
                    final_shown,
                )
                .await;
            }
            continue;
        }
        let mut acted = false;
        for k in 0..2 {
            let s = &sums[k];
            if s["pending"] == true || s["over"] == true || s["ready"] != true {
                continue;
            }
            let a = acts(s);
            if !offered && s["builder"] == true && a.iter().any(|x| x == "end") {
                offer_by_clicking(&people, k).await;
                offered = true;
                acted = true;
                break;
            }
            if !meeting_measured {
                meeting_measured = measure_meeting(&people[k], s).await;
            }
            // Before the offer is made, the first person in business waits for it.
            if !offered && a.iter().any(|x| x == "end") {
                continue;
            }
            let Some(pick) = policy(s) else { continue };
            let css = format!("[data-act='{pick}']:not([disabled])");
            if people[k].click(&css).await {
                clicks += 1;
                acted = true;
                people[k].settle().await;
                let t = people[k].summary().await;
                if !meeting_measured {
                    meeting_measured = measure_meeting(&people[k], &t).await;
                }
                if pick == "vote for" || pick.starts_with("meeting ") {
                    met = true;
                    shot(&people[k].c, "tb-06-meeting.png").await;
                }
                if let Some(toast) = t["toast"].as_str() {
                    // A click on a state the table had just left may be refused as stale.
                    assert!(
                        !toast.contains('§')
                            && (!toast.contains("(rule") || toast.contains("rule 9.2")),
                        "unexpected refusal after `{pick}`: {toast}"
                    );
                }
            }
        }
        if !acted {
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
    }
    assert!(offered, "an offer was made and accepted by clicking");
    assert!(met, "a person called or voted in a meeting by clicking");
    assert!(
        meeting_measured,
        "the meeting panel was measured at phone size"
    );
    assert!(
        fate_checked,
        "a face-down Fate card was checked in the other's page"
    );
    // The final scores, and the table at desktop size.
    let rows = people[0]
        .c
        .find_all(Locator::Css("#scores tbody tr"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 4);
    people[1].c.set_window_size(1280, 900).await.unwrap();
    shot(&people[1].c, "tb-08-final-desktop.png").await;
    eprintln!(
        "The Boss in the browser: {tables} table(s), {clicks} clicks, {away} actions away, {:.0?}",
        started.elapsed()
    );
    for p in people {
        p.c.close().await.unwrap();
    }
}
