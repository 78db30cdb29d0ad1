//! The engine's conformance kit on The Boss, 2 to 4 players, the shipped data set given as a
//! data file, and the two-player share cap: invariants along random games, exactly the listed
//! actions accepted, round trips, mangled positions, hidden information, no seed leaks,
//! determinism, and the fuzzers of the notation and of JSON actions. The allocation-free check
//! does not apply: the state holds its hands, decks, offers and deals in vectors, so a clone
//! allocates.

use crate::common;

use boardroom_engine::testing::Conformance;
use boardroom_engine::{Configure, Game, OptionValue, Options, Seat};
use boardroom_theboss::data::DEFAULT_DATA_TOML;
use boardroom_theboss::{Action, Bundle, Commitment, Config, Deck, Lot, Offer, TheBoss, Vote};

/// 2 to 4 players; the shipped data as a file; two players with the share cap.
fn configs() -> Vec<Config> {
    let mut v: Vec<Config> = (2..=4).map(Config::new).collect();
    let mut custom = Config::new(3);
    custom.data = Some(DEFAULT_DATA_TOML.to_string());
    v.push(custom);
    let cap = Options::new().with("two_player_share_cap", OptionValue::Flag(true));
    v.push(TheBoss::make_config(2, None, &cap).unwrap());
    v
}

/// The actions whose legality the candidates must follow exactly: every step, move, Fate card
/// use, firing, meeting, vote, pass, the lowest bid (except on an Experience card of a kind the
/// bidder holds up to its cap already: the candidates pass on a card that would only be surplus),
/// answers to open offers and acts on open deals.
fn enumerable(g: &TheBoss) -> Vec<Action> {
    let n = g.num_players();
    let mut all = vec![
        Action::Collect,
        Action::TakeCard,
        Action::Open,
        Action::Use,
        Action::Stop,
        Action::Pass,
        Action::Pay,
        Action::Lose,
        Action::Discard,
        Action::End,
        Action::Draw(Deck::Experience),
        Action::Draw(Deck::Fate),
        Action::Vote(Vote::For),
        Action::Vote(Vote::Against),
        Action::Vote(Vote::Abstain),
    ];
    all.extend((1..=8).map(Action::Move));
    for s in 0..n {
        all.push(Action::Fire(s));
        all.push(Action::Meeting(s));
    }
    if let (Some(b), Some(a), Some(caller)) = (g.min_bid(), g.auction(), g.auction_caller()) {
        let d = g.data();
        let surplus = match a.lot {
            Lot::Experience(c) => {
                let kind = d.exp_cards[c as usize];
                let have = g
                    .player(caller)
                    .experience
                    .iter()
                    .filter(|&&x| d.exp_cards[x as usize] == kind)
                    .count() as u32;
                have >= d.caps[kind as usize]
            }
            _ => false,
        };
        if !surplus {
            all.push(Action::Bid(b));
        }
    }
    for o in g.offers() {
        all.push(Action::Accept(o.id));
        all.push(Action::Reject(o.id));
    }
    for d in g.deals() {
        all.push(Action::Settle(d.id));
        all.push(Action::Default(d.id));
    }
    all
}

/// The enumerable actions and what any seat may do besides on the floor or in a meeting:
/// show, withdraw, act on deals, auction a lot of each kind, a gift and vote deals to each seat
/// (for `to_act_exact`; The Boss lists a bounded set of offers and auctions, so the kit's
/// `listed_iff_accepted` is made seat by seat below).
fn universe(g: &TheBoss) -> Vec<Action> {
    let mut all = enumerable(g);
    let n = g.num_players();
    for o in g.offers() {
        all.push(Action::Withdraw(o.id));
    }
    for d in g.deals() {
        all.extend([Action::Release(d.id), Action::WalkAway(d.id)]);
    }
    all.extend([
        Action::Auction(Lot::Shares(10), 220),
        Action::Auction(Lot::Fate, 100),
    ]);
    for s in 0..n {
        let p = g.player(s);
        all.extend(
            p.experience
                .first()
                .map(|&c| Action::Auction(Lot::Experience(c), 100)),
        );
        all.extend(
            p.executive
                .first()
                .map(|&c| Action::Auction(Lot::Executive(c), 800)),
        );
        all.push(Action::Show(s));
        let gift = Offer {
            to: s,
            give: Bundle {
                cash: 10,
                ..Bundle::default()
            },
            ..Offer::default()
        };
        let ask = Offer {
            to: s,
            take_commitments: vec![Commitment::Vote(Vote::For)],
            ..Offer::default()
        };
        let sell = Offer {
            to: s,
            give_commitments: vec![Commitment::Vote(Vote::Against)],
            ..Offer::default()
        };
        all.extend([gift, ask, sell].map(|o| Action::Offer(Box::new(o))));
    }
    all
}

fn kit() -> Conformance<TheBoss> {
    Conformance::new(configs())
        .universe(universe)
        .invariants(|g: &TheBoss, _| common::invariants(g))
        .secrets(|g: &TheBoss, viewer, rng| Some(g.sample_hidden(viewer, rng)))
        .max_steps(50_000)
}

#[test]
fn random_games_keep_every_invariant() {
    kit().seeds(0..6).random_games();
}

/// The kit's `listed_iff_accepted` needs one universe for whichever seat acts; The Boss lists a
/// bounded set of offers, auctions and purchases per seat (another seat may accept one it does
/// not list), so the same check is made here seat by seat: the enumerable actions are accepted
/// exactly when listed, every listed action reads back from its notation and is applied, and
/// seats that may not act list nothing and are refused.
#[test]
fn exactly_the_listed_actions_are_accepted() {
    use rand::{Rng, SeedableRng};
    for config in configs() {
        for seed in 0..2u64 {
            let mut g = TheBoss::new(&config, seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut step = 0;
            while !g.is_over() && step < 50_000 {
                let to_act: Vec<Seat> = g.to_act().iter().collect();
                if step % 9 == 0 {
                    let all = enumerable(&g);
                    for seat in 0..=g.num_players() {
                        let mut legal = Vec::new();
                        g.legal_actions(seat, &mut legal);
                        if !to_act.contains(&seat) {
                            assert!(
                                legal.is_empty(),
                                "seat {seat} may not act but lists {legal:?}"
                            );
                            for a in &all {
                                assert!(
                                    g.check(seat, a.clone()).is_err(),
                                    "seat {seat} may not act but may play {a:?}"
                                );
                            }
                            continue;
                        }
                        for (i, a) in legal.iter().enumerate() {
                            assert!(!legal[..i].contains(a), "{a:?} listed twice");
                            let text = g.format_action(a.clone());
                            assert_eq!(
                                g.parse_action(&text).as_ref(),
                                Ok(a),
                                "`{text}` reads back"
                            );
                            let mut h = g.clone();
                            h.apply(seat, a.clone(), &mut Vec::new())
                                .unwrap_or_else(|e| panic!("listed `{text}` refused: {e}"));
                        }
                        for a in &all {
                            assert_eq!(
                                g.check(seat, a.clone()).is_ok(),
                                legal.contains(a),
                                "{config:?} seed {seed} step {step} seat {seat}: {}",
                                g.format_action(a.clone())
                            );
                        }
                    }
                }
                let seat = to_act[rng.gen_range(0..to_act.len())];
                let mut legal = Vec::new();
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.gen_range(0..legal.len())].clone();
                g.apply(seat, a, &mut Vec::new()).unwrap();
                step += 1;
            }
        }
    }
}

#[test]
fn to_act_is_exactly_the_seats_with_a_legal_action() {
    kit().seeds(0..3).every(9).to_act_exact();
}

#[test]
fn positions_round_trip() {
    kit().seeds(0..3).every(20).position_round_trip();
}

#[test]
fn mangled_positions_are_refused_or_playable() {
    kit()
        .seeds(0..1)
        .every(300)
        .mutants(6, 1)
        .mangled_positions();
}

/// The candidates are a bounded set (offers with any bundle are legal too), so the fuzzers ask
/// only that every listed action is accepted.
#[test]
fn fuzzed_notation_never_panics_and_reads_only_consistent_actions() {
    kit().candidates_only().every(5).fuzz_notation();
}

#[test]
fn fuzzed_json_never_panics_and_reads_only_consistent_actions() {
    kit().candidates_only().every(40).fuzz_json();
}

#[test]
fn observations_ignore_what_the_viewer_may_not_know() {
    kit().seeds(0..3).every(20).hidden_information();
}

#[test]
fn samples_keep_the_observation() {
    kit().seeds(0..2).every(40).sample_hidden();
}

#[test]
fn the_seed_never_reaches_a_viewer() {
    kit().seeds(0..2).no_leaks();
}

#[test]
fn games_are_deterministic() {
    kit().seeds(0..2).determinism();
}

#[test]
fn take_backs_replay_to_the_same_state() {
    kit().seeds(0..2).take_backs();
}
