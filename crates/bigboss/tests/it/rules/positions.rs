//! Positions: real ones import, impossible ones are refused naming the field at fault.

use super::*;

fn import_err(pos: &Position) -> PositionError {
    match BigBoss::from_position(pos) {
        Ok(_) => panic!("an impossible position was accepted"),
        Err(e) => e,
    }
}

#[test]
fn positions_edited_from_a_real_game_import() {
    let g = BigBoss::new(&Config::new(MODERN, 4), 7).unwrap();
    let mut pos = g.position();
    assert_eq!(BigBoss::from_position(&pos).unwrap(), g);
    // Move the top card of the deck into the current player's hand.
    let card = pos.deck.remove(0);
    pos.players[pos.current].hand.push(card);
    pos.players[pos.current].money = 0;
    let mut h = BigBoss::from_position(&pos).unwrap();
    assert!(h.player(h.current()).hand.contains(card));
    assert_eq!(h.deck_len(), g.deck_len() - 1);
    // Empty board: any industry card founds.
    act(&mut h, &format!("play {card}"));
    assert!(matches!(h.phase(), Phase::ChooseTriple { .. }));
}

/// Regression: a headquarters space past 72 (73-255) made the import panic with an index out
/// of bounds instead of naming the field.
#[test]
fn headquarters_off_the_board_is_rejected_naming_the_field() {
    let base = Table::modern(3)
        .company(REGENT, 9, &[(10, 1), (11, 2), (12, 1)])
        .position();
    BigBoss::from_position(&base).unwrap();
    for hq in [0, 73, 100, 255] {
        let mut p = base.clone();
        let i = p.companies.iter().position(|c| c.name == REGENT).unwrap();
        p.companies[i].hq = Some(hq);
        let e = import_err(&p);
        assert_eq!(e.field, format!("companies[{i}].hq"), "hq {hq}: {e}");
        assert!(e.reason.contains("1-72"), "{}", e.reason);
    }
}

#[test]
fn impossible_positions_are_rejected_naming_the_field() {
    let base = Table::modern(3)
        .company(REGENT, 9, &[(10, 1), (11, 2), (12, 1)])
        .run(LUNAR, 5, 30, 3)
        .shares(0, REGENT, 2)
        .hand(0, "1 2 3")
        .position();
    BigBoss::from_position(&base).unwrap();

    // A 93rd piece.
    let e = import_err(&Table::modern(2).pieces(93).position());
    assert_eq!(e.field, "pieces");
    let mut p = base.clone();
    p.pieces += 1;
    let e = import_err(&p);
    assert_eq!(e.field, "pieces");
    assert!(e.reason.contains("92"), "{}", e.reason);
    let mut p = base.clone();
    p.board[0].height += 1;
    assert_eq!(import_err(&p).field, "pieces");

    // A duplicated card.
    let mut p = base.clone();
    p.discard.push(Card::Industry(2));
    let e = import_err(&p);
    assert_eq!(e.field, format!("discard[{}]", p.discard.len() - 1));
    assert!(
        e.reason.contains("industry card 2 appears twice"),
        "{}",
        e.reason
    );
    // A missing card.
    let mut p = base.clone();
    p.players[0].hand.retain(|&c| c != Card::Industry(2));
    let e = import_err(&p);
    assert_eq!(e.field, "cards");
    assert!(e.reason.contains("missing 2"), "{}", e.reason);
    // A 19th level card.
    let mut p = base.clone();
    p.level_stack += 1;
    assert_eq!(import_err(&p).field, "cards");

    // A price of 51.
    let mut p = base.clone();
    p.companies[0].price = 51;
    let e = import_err(&p);
    assert_eq!(e.field, "companies[0].price");

    // A broken company run.
    let mut p = base.clone();
    p.board.retain(|e| e.space != 11);
    p.pieces += 2;
    let e = import_err(&p);
    assert_eq!(e.field, "board");
    assert!(e.reason.contains("unbroken run"), "{}", e.reason);

    // Shares over the supply.
    let mut p = base.clone();
    p.players[1].shares.insert(REGENT, 11);
    let e = import_err(&p);
    assert_eq!(e.field, "companies");
    assert!(e.reason.contains("shares held"), "{}", e.reason);
    let mut p = base.clone();
    p.companies[1].supply = 13;
    assert_eq!(import_err(&p).field, "companies[1].supply");

    // Headquarters off the company's buildings.
    let mut p = base.clone();
    p.companies[0].hq = Some(30);
    assert_eq!(import_err(&p).field, "companies");

    // A short row while the deck still has cards.
    let mut p = base.clone();
    let c = p.row.pop().unwrap();
    p.discard.push(c);
    assert_eq!(import_err(&p).field, "row");

    // Shares of a company not on the board.
    let mut p = base.clone();
    p.players[2].shares.insert(EAGLE, 1);
    assert_eq!(import_err(&p).field, "players[2].shares");

    // A Modern level card in a Classic game.
    let mut p = Table::classic(2).position();
    p.players[0].hand.push(Card::Level(0));
    assert_eq!(import_err(&p).field, "players[0].hand[0]");

    // Every player has passed but the game goes on.
    let mut p = base.clone();
    p.passes = 3;
    assert_eq!(import_err(&p).field, "passes");

    // An unknown field.
    let mut json = serde_json::to_value(&base).unwrap();
    json.as_object_mut()
        .unwrap()
        .insert("bonus".into(), serde_json::json!(5));
    let e = serde_json::from_value::<Position>(json).unwrap_err();
    assert!(e.to_string().contains("unknown field `bonus`"), "{e}");
    let mut json = serde_json::to_value(&base).unwrap();
    json["players"][0]
        .as_object_mut()
        .unwrap()
        .insert("debt".into(), serde_json::json!(1));
    let e = serde_json::from_value::<Position>(json).unwrap_err();
    assert!(e.to_string().contains("unknown field `debt`"), "{e}");
}

#[test]
fn position_with_two_companies_touching_is_rejected() {
    // Regent on 10-12 and Lunar on 13-15 touch: in play, the piece on 13 would have joined
    // Regent and Lunar in a merger (and founding keeps 3 empty spaces between companies).
    let p = Table::modern(2)
        .run(REGENT, 5, 10, 3)
        .run(LUNAR, 5, 13, 3)
        .position();
    let e = import_err(&p);
    assert_eq!(e.field, "board");
}
