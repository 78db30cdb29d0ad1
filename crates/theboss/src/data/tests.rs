//! The data set: the shipped file matches the rules file; every bad field is named.

use super::*;

#[test]
fn default_data_matches_the_rules_file() {
    let d = Data::default_data();
    assert_eq!(d.exp_cards.len(), 48);
    assert_eq!(d.fate_cards.len(), 56);
    assert_eq!(d.exec_cards.len(), 20);
    let idx = |id: &str| d.kind_index(id).unwrap() as usize;
    assert_eq!(d.caps[idx("HS")], 1);
    assert_eq!(d.caps[idx("COL")], 2);
    assert_eq!(d.caps[idx("HC")], 1);
    assert_eq!(d.position(8).exec_points, 1800);
    let count = |f: fn(&FateEffect) -> bool| (0..56u8).filter(|&c| f(&d.fate_effect(c))).count();
    assert_eq!(count(|e| matches!(e, FateEffect::JobAvailable { .. })), 15);
    assert_eq!(count(|e| matches!(e, FateEffect::Bonus { .. })), 10);
    assert_eq!(count(|e| matches!(e, FateEffect::StockOption { .. })), 8);
    assert_eq!(count(|e| matches!(e, FateEffect::Fire { .. })), 11);
    assert_eq!(count(|e| matches!(e, FateEffect::Disaster { .. })), 12);
}

fn edited(from: &str, to: &str) -> Result<Data, DataError> {
    assert!(DEFAULT_DATA_TOML.contains(from), "{from}");
    Data::from_toml(&DEFAULT_DATA_TOML.replacen(from, to, 1))
}

fn field_of(r: Result<Data, DataError>) -> String {
    match r {
        Err(DataError::Invalid { field, .. }) => field,
        other => panic!("expected an invalid field, got {other:?}"),
    }
}

#[test]
fn validation_names_the_field() {
    assert_eq!(
        field_of(edited(
            "chairs = 2\nsalary = 600",
            "chairs = 0\nsalary = 600"
        )),
        "positions[4].chairs"
    );
    assert_eq!(
        field_of(edited("{ COL = 4, DM = 2 }", "{ COL = 4, XX = 2 }")),
        "positions[4].requirements.XX"
    );
    assert_eq!(
        field_of(edited("start_cash = 500", "start_cash = 505")),
        "economy.start_cash"
    );
    assert_eq!(
        field_of(edited("total_shares = 1500", "total_shares = 1505")),
        "economy.total_shares"
    );
    assert_eq!(
        field_of(edited("salary = 200", "salary = 205")),
        "positions[0].salary"
    );
    assert_eq!(
        field_of(edited("min_shares = 100", "min_shares = 105")),
        "positions[4].min_shares"
    );
    assert_eq!(
        field_of(edited("shares = 50\nprice = 10", "shares = 55\nprice = 10")),
        "fate_cards[8].shares"
    );
    assert_eq!(
        field_of(edited("position = 5", "position = 3")),
        "fate_cards[0].position"
    );
    assert_eq!(
        field_of(edited("id = \"OB\"", "id = \"HS\"")),
        "experience_kinds[2].id"
    );
    assert_eq!(
        field_of(edited("turns = 3", "turns = 0")),
        "fate_cards[20].turns"
    );
    assert_eq!(
        field_of(edited("exec_cards = 4", "exec_cards = 0")),
        "positions[6].exec_cards"
    );
}

/// Values up to about 2^32 were accepted, and games then showed wrapped money.
#[test]
fn every_value_is_bounded_naming_the_field_and_the_range() {
    let cases = [
        (
            "start_cash = 500",
            "start_cash = 4294967290",
            "economy.start_cash",
            "0 to 1000000",
        ),
        (
            "share_price = 20",
            "share_price = 4294967295",
            "economy.share_price",
            "1 to 10000",
        ),
        (
            "cash_step = 10",
            "cash_step = 4294967290",
            "economy.cash_step",
            "1 to 1000000",
        ),
        (
            "salary = 200",
            "salary = 4294967290",
            "positions[0].salary",
            "1 to 1000000",
        ),
        (
            "exec_points = 800",
            "exec_points = 4000000000",
            "positions[4].exec_points",
            "0 to 1000000",
        ),
        (
            "{ COL = 4, DM = 2 }",
            "{ COL = 4000, DM = 2 }",
            "positions[4].requirements.COL",
            "1 to 1000",
        ),
        (
            "shares = 50\nprice = 10",
            "shares = 50\nprice = 429496730",
            "fate_cards[8].price",
            "1 to 10000",
        ),
        (
            "shares = 50\nprice = 10",
            "shares = 429496730\nprice = 10",
            "fate_cards[8].shares",
            "1 to 100000",
        ),
        (
            "bt_seconds = 300",
            "bt_seconds = 4294967295",
            "limits.bt_seconds",
            "0 to 86400",
        ),
        (
            "bid_seconds = 30",
            "bid_seconds = 86401",
            "limits.bid_seconds",
            "0 to 86400",
        ),
        (
            "max_open_offers_per_player = 3",
            "max_open_offers_per_player = 21",
            "limits.max_open_offers_per_player",
            "1 to 20",
        ),
        (
            "note_max_chars = 200",
            "note_max_chars = 201",
            "limits.note_max_chars",
            "0 to 200",
        ),
        (
            "meeting_max_offers = 20",
            "meeting_max_offers = 1001",
            "limits.meeting_max_offers",
            "1 to 1000",
        ),
    ];
    for (from, to, field, range) in cases {
        match edited(from, to) {
            Err(DataError::Invalid { field: f, reason }) => {
                assert_eq!(f, field, "{to}");
                assert!(reason.contains(range), "{to}: {reason}");
            }
            other => panic!("{to}: expected {field} out of range, got {other:?}"),
        }
    }
    // Every Fate card amount, and the bots' constants.
    assert_eq!(
        field_of(edited("amount = 200", "amount = 1000010")),
        "fate_cards[4].amount"
    );
    assert_eq!(
        field_of(edited(
            "expected_salary_turns = 4",
            "expected_salary_turns = 4000000000"
        )),
        "bots.expected_salary_turns"
    );
    // The largest values are accepted.
    for (from, to) in [
        ("start_cash = 500", "start_cash = 1000000"),
        ("share_price = 20", "share_price = 10000"),
        (
            "max_open_offers_per_player = 3",
            "max_open_offers_per_player = 20",
        ),
        ("bt_seconds = 300", "bt_seconds = 86400"),
    ] {
        assert!(edited(from, to).is_ok(), "{to}");
    }
}

#[test]
fn malformed_files_are_errors() {
    for bad in ["", "[economy", "economy = 3", "[economy]\nstart_cash = -1"] {
        assert!(
            matches!(Data::from_toml(bad), Err(DataError::Malformed(_))),
            "{bad}"
        );
    }
    assert!(matches!(
        edited("[variants]", "[variants]\nunknown = 1"),
        Err(DataError::Malformed(_))
    ));
}
