//! The engine's conformance kit on The Boss, 2 to 4 players, the shipped data set given as a
//! data file, and the two-player share cap: invariants along random games, exactly the listed
//! actions accepted, round trips, what reveals something, mangled positions, hidden information, no seed leaks,
//! determinism, and the fuzzers of the notation and of JSON actions. The allocation-free check
//! does not apply: the state holds its hands, decks, offers and deals in vectors, so a clone
//! allocates.

use crate::common;

use boardroom_engine::testing::Conformance;
use boardroom_engine::{Configure, Game, OptionValue, Options};
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
/// (for `to_act_exact` and `listed_iff_accepted`).
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

/// The Boss lists a bounded set of offers, auctions and purchases per seat (another seat may
/// accept one it does not list): the enumerable actions are accepted exactly when listed, every
/// listed action reads back and is applied, the rest of the universe is applied exactly when
/// `check` accepts it, and seats that may not act list nothing and are refused.
#[test]
fn exactly_the_listed_actions_are_accepted() {
    kit()
        .candidates_only()
        .exact(enumerable)
        .seeds(0..2)
        .every(9)
        .listed_iff_accepted();
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
fn what_reveals_something_cannot_be_taken_back() {
    kit().seeds(0..2).every(3).reveals();
}

#[test]
fn games_are_deterministic() {
    kit().seeds(0..2).determinism();
}

#[test]
fn take_backs_replay_to_the_same_state() {
    kit().seeds(0..2).take_backs();
}
