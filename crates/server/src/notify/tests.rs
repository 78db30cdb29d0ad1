//! The notifier's decisions, event by event, without sending anything.
use super::*;

fn task(away: Duration) -> Task {
    let settings = NotifySettings {
        away,
        attempts: 1,
        ..NotifySettings::default()
    };
    Task {
        sender: Arc::new(deliver::Sender::new(&settings).unwrap()),
        settings: Arc::new(settings),
        stats: Arc::new(Stats::default()),
        seats: HashMap::new(),
        last_sent: HashMap::new(),
        found: mpsc::channel(1).0.downgrade(),
    }
}

fn call() -> Call {
    Call {
        table: "t".into(),
        title: "Big Boss".into(),
        link: "/t/t?k=k".into(),
    }
}

fn turn(turn: usize) -> Event {
    Event::Turn {
        key: ("t".into(), 1),
        turn,
        call: call(),
        to: Addresses {
            email: None,
            webhook: Some("http://127.0.0.1:1/hook".into()),
            lang: None,
        },
    }
}

#[tokio::test]
async fn a_person_who_just_left_the_page_is_told_only_once_away_long_enough() {
    let mut t = task(Duration::from_secs(60));
    let key = ("t".to_string(), 1);
    t.event(Event::Presence {
        key: key.clone(),
        online: true,
    });
    t.event(Event::Presence { key, online: false });
    t.event(turn(7));
    let now = Instant::now();
    t.flush(now);
    assert_eq!(t.stats.held_on_page.load(Ordering::Relaxed), 1);
    assert!(t.last_sent.is_empty(), "nothing sent within the minute");
    // It wakes when the minute is over, and sends then, once.
    let wake = t.next_wake().expect("a wake-up");
    assert!(wake >= now + Duration::from_secs(59), "{:?}", wake - now);
    t.flush(wake);
    assert_eq!(t.last_sent.len(), 1);
    assert!(t.seats.values().all(|s| s.pending.is_none()));
    // The same turn again (a table rebuilt) is not told twice.
    t.event(turn(7));
    assert!(t.seats.values().all(|s| s.pending.is_none()));
    // The turn ended before the minute was over: nothing to send.
    t.event(turn(9));
    t.event(Event::Done {
        key: ("t".into(), 1),
    });
    assert!(t.next_wake().is_none());
}

#[tokio::test]
async fn addresses_found_after_their_turn_ended_are_not_told() {
    let mut t = task(Duration::from_secs(3600));
    let key: SeatKey = ("t".into(), 1);
    let call = call();
    let lookup = |turn| Event::Lookup {
        key: key.clone(),
        turn,
        call: call.clone(),
        lookup: Box::pin(async { Addresses::default() }),
    };
    let found = |turn| Event::Found {
        key: key.clone(),
        turn,
        call: call.clone(),
        to: Addresses {
            email: Some("q@example.org".into()),
            webhook: None,
            lang: None,
        },
    };
    // Found while the turn goes on: it waits to be told.
    t.event(lookup(3));
    t.event(found(3));
    assert!(t.seats[&key].pending.is_some());
    // The turn ended before its addresses were found: nothing waits.
    t.event(Event::Done { key: key.clone() });
    t.event(lookup(5));
    t.event(Event::Done { key: key.clone() });
    t.event(found(5));
    assert!(t.seats.get(&key).is_none_or(|s| s.pending.is_none()));
    // A later turn began meanwhile: what was found for the earlier one is not told.
    t.event(lookup(7));
    t.event(Event::Done { key: key.clone() });
    t.event(lookup(9));
    t.event(found(7));
    assert!(t.seats[&key].pending.is_none());
}

#[tokio::test]
async fn a_message_is_written_in_its_addresses_language_and_english_otherwise() {
    let mut t = task(Duration::from_secs(3600));
    let key: SeatKey = ("t".into(), 1);
    let to = |lang: Option<&str>| Addresses {
        email: Some("q@example.org".into()),
        webhook: None,
        lang: lang.map(str::to_string),
    };
    for (lang, subject) in [
        (Some("de"), "Du bist am Zug: Big Boss (Tisch t)"),
        (Some("tlh"), "Your turn at Big Boss (table t)"),
        (None, "Your turn at Big Boss (table t)"),
    ] {
        t.event(Event::Done { key: key.clone() });
        t.event(Event::Turn {
            key: key.clone(),
            turn: 1,
            call: call(),
            to: to(lang),
        });
        let pending = t.seats[&key].pending.as_ref().expect("a turn to tell");
        assert_eq!(pending.message.subject, subject, "{lang:?}");
        assert!(pending.message.text.starts_with(subject), "{lang:?}");
        assert!(pending.message.text.ends_with("/t/t?k=k"), "{lang:?}");
    }
}
