//! The parts of the game the pages are checked on: the meeting panel at phone size, an offer
//! built and accepted by clicking, another player's Fate card kept face down.

use super::*;

/// Checks the meeting panel's buttons in a page summary (read in one moment): at phone size,
/// each at least 40×40 CSS px, nothing scrolling sideways. Returns whether there were any.
pub(super) async fn measure_meeting(p: &Person, s: &Value) -> bool {
    let mb = &s["meeting_buttons"];
    if mb["n"].as_u64().unwrap_or(0) == 0 {
        return false;
    }
    assert!(
        mb["w"].as_f64().unwrap() >= 40.0 && mb["h"].as_f64().unwrap() >= 40.0,
        "the meeting panel's touch targets at least 40×40: {mb}"
    );
    assert!(mb["vw"].as_f64().unwrap() <= 390.0, "{mb}");
    assert!(
        mb["sw"].as_f64().unwrap() <= mb["vw"].as_f64().unwrap() + 1.0,
        "the page does not scroll sideways: {mb}"
    );
    let _ = p
        .c
        .execute(
            "const m = document.querySelector('#tb-meeting'); if (m) m.scrollIntoView(); return true",
            vec![],
        )
        .await;
    shot(&p.c, "tb-05-meeting-phone.png").await;
    true
}

/// Person `x` offers $1,000 and a note to person `y` with the offer builder; `y` sees the
/// offer with its running timer and accepts it; `x` sends the same offer again, now beyond its
/// cash, and the page shows the rule.
pub(super) async fn offer_by_clicking(people: &[Person; 2], x: usize) {
    let (px, py) = (&people[x], &people[1 - x]);
    shot(&px.c, "tb-01-builder-phone.png").await;
    let n = px
        .touch_targets("#tb-builder button, #tb-builder select, #tb-builder input:not([type=checkbox]), #tb-builder .tb-check")
        .await;
    assert!(n >= 5, "the builder's controls were measured ({n})");
    assert!(
        px.click(&format!("#tb-builder [data-partner='{}']", py.seat))
            .await
    );
    px.wait_for(
        "the partner chosen",
        &format!(
            "return !!document.querySelector(\"#tb-builder [data-partner='{}'].on\")",
            py.seat
        ),
        10,
    )
    .await;
    let cash = px.c.find(Locator::Css("#tb-give-cash")).await.unwrap();
    cash.clear().await.unwrap();
    cash.send_keys("1000").await.unwrap();
    let note = px.c.find(Locator::Css("#tb-note")).await.unwrap();
    note.send_keys("a start-up loan").await.unwrap();
    assert!(px.click("#tb-send-offer").await);
    px.settle().await;
    // The other person sees it at once, waiting for an answer, with its clock running.
    py.wait_for(
        "the offer to answer",
        "return !!document.querySelector('.tb-offer.to-me [data-act^=\"accept \"]')",
        30,
    )
    .await;
    py.wait_for(
        "the offer's timer",
        "const t = document.querySelector('#tb-timers .tb-timer.mine'); \
         if (!t) return false; window.__tbFirst = window.__tbFirst || t.textContent; \
         return t.textContent !== window.__tbFirst",
        15,
    )
    .await;
    shot(&py.c, "tb-02-offer-to-answer.png").await;
    let text =
        py.c.find(Locator::Css(".tb-offer.to-me"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
    assert!(text.contains("$1,000") || text.contains("$1000"), "{text}");
    assert!(text.contains("start-up loan"), "{text}");
    assert!(py.click(".tb-offer.to-me [data-act^='accept ']").await);
    py.settle().await;
    // Accepted: the cash moved, in both pages.
    for p in people {
        p.wait_for(
            "the cash to move",
            &format!(
                "const c = document.querySelector(\".tb-player[data-seat='{}'] .cash\"); \
                 return !!c && c.textContent === '$500'",
                px.seat
            ),
            20,
        )
        .await;
    }
    // Both pages followed the table through patches: the offer and its answer came as such.
    for p in people {
        p.wait_for(
            "the page to apply patches",
            "return Number(document.body.dataset.patches || 0) > 0",
            20,
        )
        .await;
    }
    // The same offer again (the builder was cleared once the first was made): the $1,000
    // has left the maker's hands. Refused, naming the rule.
    px.wait_for(
        "the builder again, cleared",
        "const c = document.querySelector('#tb-give-cash'); return !!c && c.value === '0'          && !!document.querySelector('#tb-send-offer')",
        20,
    )
    .await;
    let cash = px.c.find(Locator::Css("#tb-give-cash")).await.unwrap();
    cash.clear().await.unwrap();
    cash.send_keys("1000").await.unwrap();
    assert!(px.click("#tb-send-offer").await);
    px.wait_for(
        "the refusal",
        "const t = document.querySelector('#toast.show'); \
         return !!t && t.textContent.includes('(rule 9.2: offers)') && t.textContent.includes('free cash')",
        20,
    )
    .await;
    shot(&px.c, "tb-03-refused.png").await;
    let cash =
        px.c.find(Locator::Css(".tb-player.you .cash"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
    assert_eq!(cash, "$500", "nothing changed");

    // A long-term promise: the other person promises $100 within three rounds and puts $100 in
    // escrow; accepted, the deal and its escrow show in both pages.
    py.wait_for(
        "the builder",
        "return !!document.querySelector('#tb-builder') && !document.querySelector('#tb-auction')",
        30,
    )
    .await;
    assert!(
        py.click(&format!("#tb-builder [data-partner='{}']", px.seat))
            .await
    );
    py.wait_for(
        "the partner chosen",
        &format!(
            "return !!document.querySelector(\"#tb-builder [data-partner='{}'].on\")",
            px.seat
        ),
        10,
    )
    .await;
    assert!(py.click("#tb-lt-on").await);
    py.wait_for(
        "the promise's fields",
        "return !!document.querySelector('#tb-lt-cash')",
        10,
    )
    .await;
    for (css, value) in [("#tb-lt-cash", "100"), ("#tb-lt-ccash", "100")] {
        let input = py.c.find(Locator::Css(css)).await.unwrap();
        input.clear().await.unwrap();
        input.send_keys(value).await.unwrap();
    }
    assert!(py.click("#tb-send-offer").await);
    py.settle().await;
    px.wait_for(
        "the promise to answer",
        "return !!document.querySelector('.tb-offer.to-me [data-act^=\"accept \"]')",
        30,
    )
    .await;
    assert!(px.click(".tb-offer.to-me [data-act^='accept ']").await);
    px.settle().await;
    let holder = ["Red", "Blue"][px.seat];
    for p in people {
        p.wait_for(
            "the deal and its escrow",
            &format!(
                "const d = document.querySelector('#tb-deals'); \
                 return !!d && d.textContent.includes('escrow held by {holder}: $100')"
            ),
            20,
        )
        .await;
    }
    shot(&px.c, "tb-03b-deal-escrow.png").await;
}

/// When one person holds a Fate card the other may not know (and no auction shows a Fate card),
/// the other's page and the other's state message keep it face down. Returns whether it checked.
pub(super) async fn fate_face_down(
    server: &common::TestServer,
    people: &[Person; 2],
    links: &[String; 2],
) -> bool {
    for a in 0..2 {
        let (pa, pb) = (&people[a], &people[1 - a]);
        let mine =
            pa.c.execute(
                &format!(
                    "const f = document.querySelector(\"[data-fate-of='{}'].known\"); \
                     return f && !document.querySelector('#tb-auction') ? f.textContent : null",
                    pa.seat
                ),
                vec![],
            )
            .await
            .unwrap_or(Value::Null);
        let Some(known) = mine.as_str().and_then(|t| t.strip_prefix("Fate: ")) else {
            continue;
        };
        let known = known.to_string();
        // Over the wire: the holder's state names the card, the other person's does not.
        let mut wa = server.connect(&links[a]).await;
        let mut wb = server.connect(&links[1 - a]).await;
        let sa = wa.until("state").await;
        let sb = wb.until("state").await;
        let s = pa.seat;
        if sa["observation"]["players"][s]["fate"]["card"].is_null() {
            continue; // the card left meanwhile
        }
        assert_eq!(sa["extra"]["players"][s]["fate"], json!(known), "{sa}");
        assert!(
            sb["observation"]["players"][s]["fate"].is_object(),
            "the other sees that one is held"
        );
        assert!(
            sb["observation"]["players"][s]["fate"]["card"].is_null(),
            "{sb}"
        );
        assert!(sb["extra"]["players"][s]["fate"].is_null(), "{sb}");
        // In the other person's page: face down, its name nowhere on the table.
        let (chip, table) = {
            let r = pb
                .c
                .execute(
                    &format!(
                        "const f = document.querySelector(\"[data-fate-of='{s}']\"); \
                         return [f ? f.outerHTML : null, document.querySelector('#tb-table').innerHTML]"
                    ),
                    vec![],
                )
                .await
                .unwrap();
            (
                r[0].as_str().map(str::to_string),
                r[1].as_str().unwrap_or("").to_string(),
            )
        };
        let Some(chip) = chip else {
            continue; // the card left meanwhile
        };
        assert!(chip.contains("face down"), "{chip}");
        assert!(!chip.contains(&known), "{chip} hides {known}");
        assert!(
            !table.contains(&known),
            "the other's table does not name {known}"
        );
        shot(&pb.c, "tb-04-fate-face-down.png").await;
        return true;
    }
    false
}
