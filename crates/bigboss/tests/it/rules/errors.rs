//! Illegal actions: refused without any change, with a message naming the rule.

use super::*;

#[test]
fn illegal_actions_are_rejected_and_change_nothing() {
    // Out of turn.
    let mut g = Table::modern(3).hand(1, "20").game();
    let e = reject_by(&mut g, 1, "buy deck");
    assert_eq!(
        e,
        RuleError::NotYourTurn {
            seat: 1,
            current: 0
        }
    );
    assert!(
        e.to_string().contains("not Blue's turn (Red is to act)"),
        "{e}"
    );
    // Wrong step.
    let e = reject(&mut g, "share Regent");
    assert!(e.to_string().contains("start your turn"), "{e}");
    let e = reject(&mut g, "end");
    assert!(matches!(e, RuleError::WrongStep { .. }));
    reject(&mut g, "found 20");
    reject(&mut g, "hq Regent");
    // Every action of the universe, in every step of a turn.
    check_universe(&g);
    let mut g = merger_46_table().game();
    check_universe(&g);
    act(&mut g, "play 46");
    check_universe(&g);
    act(&mut g, "join Lunar");
    check_universe(&g);
    let mut g = Table::modern(2).hand(0, "21").game();
    act(&mut g, "play 21");
    check_universe(&g);
    act(&mut g, "found 20");
    check_universe(&g);
    act(&mut g, "double 20");
    check_universe(&g);
    let mut g = Table::modern(2)
        .run(REGENT, 7, 10, 3)
        .shares(0, REGENT, 2)
        .money(0, 0)
        .game();
    check_universe(&g);
    act(&mut g, "sell Regent");
    check_universe(&g);
    let g = Table::classic(2)
        .company(REGENT, 20, &[(10, 1), (11, 3)])
        .hand(0, "L2")
        .game();
    check_universe(&g);
}

#[test]
fn error_messages_name_the_rule() {
    let mut g = invest_table(MODERN).game();
    act(&mut g, "play 13");
    act(&mut g, "share Lunar");
    act(&mut g, "share Lunar");
    let msgs = [
        (
            reject(&mut g, "share Regent"),
            "at most 2 shares may be bought per turn",
        ),
        (reject(&mut g, "buy deck"), "that is not possible now"),
    ];
    for (e, phrase) in msgs {
        assert!(e.to_string().contains(phrase), "`{e}` lacks `{phrase}`");
    }
    let mut g = Table::modern(2)
        .run(REGENT, 5, 10, 3)
        .hand(0, "14 16")
        .game();
    let e = reject(&mut g, "play 14");
    assert_eq!(
        e.to_string(),
        "card 14 cannot be played: a new company needs at least 3 empty spaces between it and \
         every other company, on both sides"
    );
    let e = reject(&mut g, "pass");
    assert!(e
        .to_string()
        .contains("passing and selling are only for a player who can do neither"));
    act(&mut g, "play 16");
    let e = reject(&mut g, "found 14");
    assert!(
        e.to_string().starts_with("cannot found on spaces 14-16"),
        "{e}"
    );
}
