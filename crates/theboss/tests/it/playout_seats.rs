//! Who random playouts let act (`Game::playout_seats`): a player who passed on the open floor
//! and has only optional actions left (an auction, showing a Fate card, buying a vote) is not
//! drawn, yet may still take those actions; random games keep their length.

use boardroom_engine::playout::{random_playout, Scratch};
use boardroom_engine::rng::FastRng;
use boardroom_engine::Game;
use boardroom_theboss::{Action, Commitment, Config, Offer, TheBoss};
use rand::Rng;

/// Random 4-player games, each actor drawn among all the seats that may act: the states where
/// some seat may act but is left out of the playouts' draw.
#[test]
fn a_player_left_out_of_playouts_may_still_auction_and_answers_nothing() {
    let (mut left_out, mut auctions) = (0, 0);
    let mut legal = Vec::new();
    for seed in 0..6u64 {
        let mut g = TheBoss::new(&Config::new(4), seed).unwrap();
        let mut rng = FastRng::new(seed);
        while let Some(seat) = g.to_act().choose(&mut rng) {
            let (may, playout) = (g.to_act(), Game::playout_seats(&g));
            for p in may.iter().filter(|&p| !playout.contains(p)) {
                left_out += 1;
                assert!(!g.must_act().contains(p), "the game waits for seat {p}");
                g.legal_actions(p, &mut legal);
                // Nothing waits on them: no offer to answer or withdraw, no deal to act on;
                // what is left is an auction, a show, or buying a vote in a meeting.
                for a in &legal {
                    let vote = |o: &Offer| {
                        o.take_commitments
                            .iter()
                            .any(|c| matches!(c, Commitment::Vote(_)))
                    };
                    assert!(
                        match a {
                            Action::Auction(..) | Action::Show(_) => true,
                            Action::Offer(o) => vote(o),
                            _ => false,
                        },
                        "seat {p} is left out of playouts but may `{}`",
                        g.format_action(a.clone())
                    );
                }
                // The rules are unchanged: the auction is still theirs to start.
                if let Some(a) = legal.iter().find(|a| matches!(a, Action::Auction(..))) {
                    let mut twin = g.clone();
                    twin.apply(p, a.clone(), &mut Vec::new()).unwrap();
                    auctions += 1;
                }
            }
            g.legal_actions(seat, &mut legal);
            let a = legal[rng.gen_range(0..legal.len())].clone();
            g.apply(seat, a, &mut Vec::new()).unwrap();
        }
    }
    assert!(left_out > 100, "{left_out} seats left out of playouts");
    assert!(auctions > 50, "{auctions} auctions by seats left out");
}

/// Random playouts are as long as they were before players who passed kept their optional
/// actions (about 740 decisions at 4 players), and still hold auctions.
#[test]
fn random_playouts_keep_their_length_and_their_auctions() {
    let (mut decisions, mut auctions) = (0u64, 0u64);
    let mut scratch = Scratch::default();
    let games = 40u64;
    for seed in 0..games {
        let mut g = TheBoss::new(&Config::new(4), seed).unwrap();
        let mut rng = FastRng::new(seed);
        decisions += random_playout(&mut g, &mut rng, &mut scratch).decisions;
        assert!(g.is_over());
        let mut again = TheBoss::new(&Config::new(4), seed).unwrap();
        let mut rng = FastRng::new(seed);
        let (mut actions, mut events) = (Vec::new(), Vec::new());
        while let Some(seat) = Game::playout_seats(&again).choose(&mut rng) {
            events.clear();
            again.apply_random_with(seat, &mut rng, &mut actions, &mut events, |_, a| {
                auctions += u64::from(matches!(a, Action::Auction(..)));
            });
        }
        assert_eq!(again, g, "seed {seed}: a playout is its seed");
    }
    let per_game = decisions / games;
    assert!(per_game < 950, "{per_game} decisions a game");
    assert!(auctions >= games, "{auctions} auctions in {games} games");
}
