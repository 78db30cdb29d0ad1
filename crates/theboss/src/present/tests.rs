//! The browser view's files, and the forms and figures it relies on.

use super::*;
use crate::action::{Action, Lot};
use boardroom_engine::{Configure, Options};
use serde_json::json;

#[test]
fn the_browser_view_is_a_module_with_its_style_sheet() {
    let files = <TheBoss as Present>::web_assets();
    let view = files.iter().find(|f| f.name == "view.js").unwrap();
    assert!(view.content_type.starts_with("text/javascript"));
    assert!(view.body.contains("export default"));
    assert!(view.body.contains("data-target"));
    let css = files.iter().find(|f| f.name == "view.css").unwrap();
    assert!(css.content_type.starts_with("text/css"));
    // The how-to-play fragment: HTML with headings from <h2> down, no page, no script.
    let howto = files.iter().find(|f| f.name == "howto.html").unwrap();
    assert!(howto.content_type.starts_with("text/html"));
    assert!(howto.body.trim_start().starts_with("<h2>"));
    for banned in ["<html", "<body", "<script", "<h1", "style="] {
        assert!(!howto.body.contains(banned), "{banned} in the fragment");
    }
    for part in [
        "goal",
        "turn",
        "offer",
        "Long-term",
        "Auctions",
        "Meetings",
        "worked example",
    ] {
        assert!(howto.body.contains(part), "the fragment covers {part}");
    }
}

/// The JSON forms the browser view's offer builder and auction form write (`web/view.js`:
/// `draftAction`, `auctionForm`) read as the actions meant, and back from their notation.
#[test]
fn the_forms_the_browser_view_writes_are_actions() {
    use crate::action::{Commitment, Deliverable, LongTerm, Promise, Vote};
    let g = TheBoss::new(&Config::new(3), 5).unwrap();
    let read = |j: Value| g.action_from_json(&j.to_string()).unwrap();
    let offer = read(json!({"action": "offer", "args": {
        "to": 1, "give": {"cash": 300, "experience": [2, 14]}, "take": {"fate": true},
        "give_commitments": [{"kind": "not_fire", "value": 1}],
        "take_commitments": [{"kind": "vote", "value": "for"}],
        "note": "deal?",
        "long_term": {"promisor": 0, "due": 4, "collateral": {"shares": 20},
                      "promise": {"deliver": {"cash": 100, "shares": 0, "experience": [1], "executive": []}}}}}));
    let Action::Offer(o) = offer else {
        panic!("an offer: {offer:?}")
    };
    assert_eq!(o.give.experience, vec![2, 14]);
    assert!(o.take.fate);
    assert_eq!(o.give_commitments, vec![Commitment::NotFire(1)]);
    assert_eq!(o.take_commitments, vec![Commitment::Vote(Vote::For)]);
    assert_eq!(
        o.long_term,
        Some(LongTerm {
            promisor: 0,
            promise: Promise::Deliver(Deliverable {
                cash: 100,
                experience: vec![1],
                ..Default::default()
            }),
            collateral: crate::action::Bundle {
                shares: 20,
                ..Default::default()
            },
            due: 4,
        })
    );
    // A counter names an open offer, which the notation checks: read as JSON only.
    let counter: Action = serde_json::from_value(
        json!({"action": "counter", "args": [7, {"to": 2, "take": {"cash": 50},
        "give_commitments": [], "take_commitments": [], "note": "",
        "long_term": {"promisor": 2, "due": 3, "collateral": {}, "promise": {"favour": "a vote"}}}]}),
    )
    .unwrap();
    assert!(
        matches!(&counter, Action::Counter(7, o) if o.to == 2 && o.take.cash == 50
            && matches!(&o.long_term, Some(LongTerm { promise: Promise::Favour(f), .. }) if f == "a vote")),
        "{counter:?}"
    );
    assert_eq!(
        read(json!({"action": "auction", "args": [{"kind": "fate"}, 10]})),
        Action::Auction(Lot::Fate, 10)
    );
    assert_eq!(
        read(json!({"action": "auction", "args": [{"kind": "shares", "id": 50}, 30]})),
        Action::Auction(Lot::Shares(50), 30)
    );
}

/// The meeting's tally in the view's data counts the caller's and the target's automatic
/// votes (§7 step 2) with every declaration, as the tally at the close does: 320 shares
/// for and 450 against before anyone declares, then a voter's 100 for.
#[test]
fn the_meeting_tally_shows_the_true_standing() {
    use crate::action::Vote;
    use crate::state::Meeting;
    let mut g = TheBoss::new(&Config::new(4), 5).unwrap();
    for (s, shares) in [(0, 320), (1, 450), (2, 100), (3, 60)] {
        g.players[s].shares = shares;
    }
    g.meeting = Some(Meeting {
        caller: 0,
        target: 1,
        card: 0,
        severance: 200,
        votes: vec![None; 4],
        voters: 0b1100,
        passes: 0,
        offers: 0,
        named: 0b10,
    });
    let tally = |g: &TheBoss| {
        let x = &g.extra(Viewer::Spectator, "en").unwrap()["meeting"];
        (x["for"].clone(), x["against"].clone(), x["abstain"].clone())
    };
    assert_eq!(tally(&g), (json!(320), json!(450), json!(0)));
    g.meeting.as_mut().unwrap().votes[2] = Some(Vote::For);
    assert_eq!(tally(&g), (json!(420), json!(450), json!(0)));
    g.meeting.as_mut().unwrap().votes[3] = Some(Vote::Abstain);
    assert_eq!(tally(&g), (json!(420), json!(450), json!(60)));
    let m = g.meeting.clone().unwrap();
    assert_eq!(g.meeting_standing(&m), (420, 450, 60));
}

#[test]
fn the_offer_builder_is_open_to_a_seat_in_its_deal_window_only() {
    let g = TheBoss::new(&Config::new(3), 5).unwrap();
    let active = g.turn.seat;
    let extra = |s: Seat| g.extra(Viewer::Seat(s), "en").unwrap();
    assert_eq!(extra(active)["may_offer"], true);
    let other = (active + 1) % 3;
    assert_eq!(extra(other)["may_offer"], false, "the floor is closed");
    assert!(g
        .extra(Viewer::Spectator, "en")
        .unwrap()
        .get("may_offer")
        .is_none());
}

#[test]
fn the_share_cap_is_for_two_players_and_bad_data_names_the_field() {
    let on = Options::new().with(
        "two_player_share_cap",
        boardroom_engine::OptionValue::Flag(true),
    );
    let c = TheBoss::make_config(2, None, &on).unwrap();
    let g = TheBoss::new(&c, 1).unwrap();
    assert_eq!(g.variant(), "share-cap");
    assert!(g.bank_for_sale() < g.bank_shares());
    let e = TheBoss::make_config(3, None, &on).unwrap_err().to_string();
    assert!(e.contains("2 players"), "{e}");
    let bad = crate::data::DEFAULT_DATA_TOML.replace("chairs = 3", "chairs = 0");
    let o = Options::new().with("data", boardroom_engine::OptionValue::Text(bad));
    let e = TheBoss::make_config(3, None, &o).unwrap_err().to_string();
    assert!(e.contains("chairs"), "{e}");
    let o = Options::new().with(
        "data",
        boardroom_engine::OptionValue::Text("not toml [".into()),
    );
    assert!(TheBoss::make_config(3, None, &o).is_err());
}
