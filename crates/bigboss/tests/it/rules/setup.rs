//! The board (a loop of 72 spaces), the components of each edition, the players and the first
//! player; what of them is secret.

use super::*;

#[test]
fn space_72_is_adjacent_to_space_1() {
    // Extending across the wrap, both ways.
    let mut g = Table::modern(2)
        .run(REGENT, 5, 1, 3)
        .hand(0, "72")
        .run(LUNAR, 5, 60, 3)
        .hand(1, "63")
        .game();
    act(&mut g, "play 72");
    assert_eq!(owner(&g, 72), Some(REGENT));
    assert_eq!(g.company(REGENT).price, 6);
    // A merger across the wrap.
    let mut g = Table::modern(2)
        .run(REGENT, 9, 69, 4)
        .run(LUNAR, 5, 2, 3)
        .hand(0, "1")
        .game();
    act(&mut g, "play 1");
    assert_eq!(
        g.phase(),
        Phase::ChooseJoin {
            space: 1,
            left: REGENT,
            right: LUNAR
        }
    );
    act(&mut g, "join Regent");
    assert_eq!(g.company(REGENT).price, 10 + 5);
    for s in [69, 70, 71, 72, 1, 2, 3, 4] {
        assert_eq!(owner(&g, s), Some(REGENT));
    }
    // Nothing else is adjacent: a space two away from a company founds, it does not extend.
    let g = Table::modern(2).run(REGENT, 5, 10, 3).hand(0, "14").game();
    assert_eq!(
        boardroom_bigboss::words::text("en", &g.card_playable(Card::Industry(14)).unwrap_err()),
        "a new company needs at least 3 empty spaces between it and every other company, on both sides"
    );
}

#[test]
fn components_modern_set_up() {
    let g = BigBoss::new(&Config::new(MODERN, 4), 11).unwrap();
    for s in 0..4 {
        assert_eq!(g.player(s).money, 40);
        assert_eq!(g.player(s).hand.len(), 10);
        assert_eq!(g.player(s).hand.level_count(), 0);
        assert_eq!(g.player(s).towers_placed, 0);
    }
    assert_eq!(g.row().len(), 6);
    assert_eq!(g.level_stack(), 18);
    assert_eq!(g.deck_len(), 72 - 6 - 40);
    assert_eq!(g.pieces(), 92);
    assert_eq!(g.phase(), Phase::Turn);
    assert_eq!(g.turn(), 1);
    assert!(CompanyId::all().all(|c| g.company(c).status == Status::Unfounded));
    let pos = g.position();
    assert!(pos.deck.iter().all(|c| !c.is_level()));
    // Six players still get full hands: 6 + 60 = 66 of 72 cards.
    let g = BigBoss::new(&Config::new(MODERN, 6), 11).unwrap();
    assert_eq!(g.deck_len(), 6);
}

#[test]
fn components_classic_set_up() {
    let g = BigBoss::new(&Config::new(CLASSIC, 4), 11).unwrap();
    for s in 0..4 {
        assert_eq!(g.player(s).money, 30);
        assert_eq!(g.player(s).hand.len(), 12);
    }
    assert!(g.row().is_empty());
    assert_eq!(g.level_stack(), 0);
    assert_eq!(g.deck_len(), 90 - 48);
    // 18 storey cards, 6/5/4/3 of storeys 2/3/4/5, shuffled into the deck.
    let pos = g.position();
    let all: Vec<Card> = pos
        .deck
        .iter()
        .chain(pos.players.iter().flat_map(|p| &p.hand))
        .copied()
        .collect();
    assert_eq!(all.len(), 90);
    for (k, n) in [(2u8, 6usize), (3, 5), (4, 4), (5, 3)] {
        assert_eq!(all.iter().filter(|&&c| c == Card::Level(k)).count(), n);
    }
    assert_eq!(all.iter().filter(|c| !c.is_level()).count(), 72);
}

#[test]
fn components_player_count_and_names() {
    for ed in [MODERN, CLASSIC] {
        assert!(BigBoss::new(&Config::new(ed, 1), 0).is_err());
        assert!(BigBoss::new(&Config::new(ed, 7), 0).is_err());
        for n in 2..=6 {
            assert!(BigBoss::new(&Config::new(ed, n), 0).is_ok());
        }
    }
    let names: Vec<&str> = CompanyId::all().map(|c| c.name()).collect();
    assert_eq!(
        names,
        ["Regent", "Lunar", "Eagle", "Kingdom", "Lion", "Atlas", "Comet", "Summit"]
    );
    assert_eq!(MODERN.rules().shares_per_company, 12);
    assert_eq!(CLASSIC.rules().shares_per_company, 7);
}

#[test]
fn first_player_is_drawn_from_the_seed_unless_set() {
    let mut firsts = BTreeSet::new();
    for seed in 0..60 {
        let a = BigBoss::new(&Config::new(MODERN, 4), seed).unwrap();
        let b = BigBoss::new(&Config::new(MODERN, 4), seed).unwrap();
        assert_eq!(a.current(), b.current(), "same seed, same first player");
        firsts.insert(a.current());
    }
    assert_eq!(firsts.len(), 4, "every seat starts under some seed");
    for ed in [MODERN, CLASSIC] {
        for seed in 0..20 {
            let cfg = Config {
                edition: ed,
                players: 5,
                first_player: Some(3),
            };
            assert_eq!(BigBoss::new(&cfg, seed).unwrap().current(), 3);
        }
        let bad = Config {
            edition: ed,
            players: 3,
            first_player: Some(3),
        };
        assert!(BigBoss::new(&bad, 0).is_err());
    }
}

#[test]
fn hands_and_deck_are_secret_counts_are_public() {
    for ed in [MODERN, CLASSIC] {
        let lvl = if ed == MODERN { "L" } else { "L2" };
        let g = Table::new(ed, 2)
            .hand(0, &format!("5 6 {lvl}"))
            .hand(1, "7")
            .game();
        let mine = g.observe(Viewer::Seat(0));
        assert_eq!(mine.hand, Some(cards(&format!("5 6 {lvl}"))));
        let theirs = g.observe(Viewer::Seat(1));
        assert_eq!(theirs.hand, Some(cards("7")));
        assert_eq!(theirs.players[0].hand_size, 3);
        let spectator = g.observe(Viewer::Spectator);
        assert_eq!(spectator.hand, None);
        assert_eq!(spectator.deck_size, g.deck_len());
        // Modern level cards are bought face up; Classic storey cards come from the deck.
        let levels = if ed == MODERN { Some(1) } else { None };
        assert_eq!(theirs.players[0].level_cards, levels);
        // The deck's order is not in any observation.
        let json = serde_json::to_value(&spectator).unwrap();
        assert!(json.get("deck").is_none());
    }
}
