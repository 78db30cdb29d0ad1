//! Big Shot for learning code ([`Encode`]): its own numeric observation, written straight from
//! the state, and the fixed action space of [`crate::action_space`].
//!
//! The encoding holds exactly what [`BigShot::observation`] holds for the viewer (the board
//! itself is the configuration's), in [`ENCODED_LEN`] = 421 values whatever the configuration
//! (seats beyond the table's, spaces and lots beyond the board's are 0). Counts are values,
//! seats, spaces, phases and colours one-hot, sets one bit per member; seats are `0–3`, colours
//! red, orange, ivory, purple:
//!
//! | values | what |
//! |---|---|
//! | 5 | the viewer: seat 0–3, spectator |
//! | 3 | players, hidden money (0/1), the round |
//! | 4 | the roller |
//! | 32 | the broker's auction space (1–32) |
//! | 6 | the last roll (1–6; none: all 0) |
//! | 6 + 4 + 4 | the phase (roll, loans, bidding, pay, place, over), the seat it waits for, the seats already asked in the loan window |
//! | 1 + 4 + 4 + 4 + 4 | the standing bid, the standing bidder, the seats that passed, the seats that loaned this round, loans per seat |
//! | 4 × 7 | per colour: its seat (none: neutral), whether its coins are visible, its coins (0 when not), its IOUs |
//! | 32 × 4 | per auction space: cubes per colour |
//! | 16 × 9 | per lot (in the board's order): cubes per colour, sold, owner colour |
//! | 4 + 4 | cubes won and not yet placed, cubes out of the game, per colour |
//! | 4 × 7 + 4 | once over, per seat: coins, lots' value, debt, financial status, lots, best lot, eligible; the winners |

use crate::action::Action;
use crate::action_space::ACTION_SPACE;
use crate::board::{MAX_LOTS, MAX_SPACES};
use crate::colour::{Colour, COLOURS};
use crate::state::{BigShot, Config, Phase};
use boardroom_engine::{Encode, Seat, Viewer};

/// Seats the encoding has room for.
const SEATS: usize = 4;
const COLOUR_NAMES: [&str; COLOURS] = ["red", "orange", "ivory", "purple"];
const PHASES: [&str; 6] = ["roll", "loans", "bidding", "pay", "place", "over"];

/// The number of values of the encoding.
pub const ENCODED_LEN: usize = 5
    + 3
    + SEATS
    + MAX_SPACES
    + 6
    + 6
    + 2 * SEATS
    + 1
    + 4 * SEATS
    + COLOURS * 7
    + MAX_SPACES * COLOURS
    + MAX_LOTS * (COLOURS + 1 + COLOURS)
    + 2 * COLOURS
    + SEATS * 7
    + SEATS;

/// Where the values go: a buffer (names off), or the names (values off).
struct Out<'a> {
    values: &'a mut [f32],
    names: Option<&'a mut Vec<String>>,
    at: usize,
}

impl Out<'_> {
    fn put(&mut self, v: f32, name: impl FnOnce() -> String) {
        if let Some(names) = self.names.as_deref_mut() {
            names.push(name());
        }
        if let Some(x) = self.values.get_mut(self.at) {
            *x = v;
        }
        self.at += 1;
    }

    /// `n` values, 1 at `which`.
    fn one_hot(&mut self, n: usize, which: Option<usize>, name: impl Fn(usize) -> String) {
        for k in 0..n {
            self.put(f32::from(which == Some(k)), || name(k));
        }
    }

    /// One bit per seat of the bit set `bits`.
    fn seats(&mut self, bits: u8, name: &str) {
        for s in 0..SEATS {
            self.put(f32::from(bits & (1 << s) != 0), || format!("{name}[{s}]"));
        }
    }

    fn cubes(&mut self, cubes: &[u8; COLOURS], name: &str) {
        for (c, &k) in cubes.iter().enumerate() {
            self.put(f32::from(k), || format!("{name}.{}", COLOUR_NAMES[c]));
        }
    }
}

impl BigShot {
    fn write_encoding(&self, viewer: Viewer, o: &mut Out<'_>) {
        let seat_name = |what: &'static str| move |s: usize| format!("{what}=seat {s}");
        let viewer_slot = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => Some(SEATS),
        };
        o.one_hot(SEATS + 1, viewer_slot, |k| {
            if k < SEATS {
                format!("viewer=seat {k}")
            } else {
                "viewer=spectator".into()
            }
        });
        o.put(f32::from(self.n), || "players".into());
        o.put(f32::from(self.config.hidden_money), || {
            "hidden_money".into()
        });
        o.put(f32::from(self.round), || "round".into());
        o.one_hot(SEATS, Some(self.roller as usize), seat_name("roller"));
        o.one_hot(MAX_SPACES, Some(self.broker as usize), |k| {
            format!("broker=space {}", k + 1)
        });
        o.one_hot(6, self.die.map(|d| d as usize - 1), |k| {
            format!("die={}", k + 1)
        });
        let (phase, waits, asked) = match self.phase {
            Phase::Roll => (0, None, 0),
            Phase::Loans { seat, asked } => (1, Some(seat), asked),
            Phase::Bidding { seat } => (2, Some(seat), 0),
            Phase::Pay { seat } => (3, Some(seat), 0),
            Phase::Place { seat } => (4, Some(seat), 0),
            Phase::Over => (5, None, 0),
        };
        o.one_hot(PHASES.len(), Some(phase), |k| {
            format!("phase={}", PHASES[k])
        });
        o.one_hot(SEATS, waits, seat_name("phase.seat"));
        o.seats(asked, "phase.asked");
        o.put(self.bid as f32, || "bid".into());
        o.one_hot(SEATS, self.bidder.map(usize::from), seat_name("bidder"));
        o.seats(self.passed, "passed");
        o.seats(self.loaned, "loaned");
        for s in 0..SEATS {
            let loans = self.loans.get(s).copied().unwrap_or(0);
            let loans = if s < self.n as usize { loans } else { 0 };
            o.put(f32::from(loans), || format!("loans[{s}]"));
        }
        for c in Colour::all() {
            let name = COLOUR_NAMES[c.idx()];
            o.one_hot(SEATS, self.seat_of(c), |s| {
                format!("colours.{name}.seat={s}")
            });
            let visible = self.sees_coins(viewer, c);
            o.put(f32::from(visible), || format!("colours.{name}.coins?"));
            let coins = if visible { self.coins[c.idx()] } else { 0 };
            o.put(coins as f32, || format!("colours.{name}.coins"));
            o.put(f32::from(self.ious[c.idx()]), || {
                format!("colours.{name}.ious")
            });
        }
        let spaces = self.board.num_spaces();
        for (k, cubes) in self.spaces.iter().enumerate().take(MAX_SPACES) {
            let cubes = if k < spaces { *cubes } else { [0; COLOURS] };
            o.cubes(&cubes, &format!("spaces[{}]", k + 1));
        }
        let lots = self.board.num_lots();
        for l in 0..MAX_LOTS {
            let here = l < lots;
            let cubes = if here { self.lots[l] } else { [0; COLOURS] };
            o.cubes(&cubes, &format!("lots[{l}]"));
            o.put(f32::from(here && self.is_sold(l)), || {
                format!("lots[{l}].sold")
            });
            let owner = self.owner[l].filter(|_| here).map(|c| c.idx());
            o.one_hot(COLOURS, owner, |c| {
                format!("lots[{l}].owner={}", COLOUR_NAMES[c])
            });
        }
        o.cubes(&self.hand, "hand");
        o.cubes(&self.removed, "removed");
        let over = matches!(self.phase, Phase::Over);
        let ranking = over.then(|| self.ranking());
        for s in 0..SEATS {
            let line = (over && s < self.n as usize).then(|| self.score(s));
            let v = |f: fn(&crate::score::ScoreLine) -> f32| line.as_ref().map_or(0.0, f);
            o.put(v(|l| l.coins as f32), || format!("scores[{s}].coins"));
            o.put(v(|l| l.lots_value as f32), || {
                format!("scores[{s}].lots_value")
            });
            o.put(v(|l| l.debt as f32), || format!("scores[{s}].debt"));
            o.put(v(|l| l.status as f32), || format!("scores[{s}].status"));
            o.put(v(|l| l.lots as f32), || format!("scores[{s}].lots"));
            o.put(v(|l| l.best_lot as f32), || format!("scores[{s}].best_lot"));
            o.put(v(|l| f32::from(l.eligible)), || {
                format!("scores[{s}].eligible")
            });
        }
        for s in 0..SEATS {
            let won = ranking
                .as_ref()
                .is_some_and(|r| r.winners.contains(s as Seat));
            o.put(f32::from(won), || format!("winners[{s}]"));
        }
    }
}

impl Encode for BigShot {
    fn encoded_len(_config: &Config) -> Option<usize> {
        Some(ENCODED_LEN)
    }

    fn encoded_names(config: &Config) -> Vec<String> {
        let mut names = Vec::with_capacity(ENCODED_LEN);
        if let Ok(game) = BigShot::new_game(config, 0) {
            let mut o = Out {
                values: &mut [],
                names: Some(&mut names),
                at: 0,
            };
            game.write_encoding(Viewer::Spectator, &mut o);
        }
        names
    }

    fn encode(&self, viewer: Viewer, out: &mut [f32]) -> bool {
        out.fill(0.0);
        if out.len() != ENCODED_LEN {
            return false;
        }
        let mut o = Out {
            values: out,
            names: None,
            at: 0,
        };
        self.write_encoding(viewer, &mut o);
        debug_assert_eq!(o.at, ENCODED_LEN);
        true
    }

    fn action_space_size(_config: &Config) -> Option<usize> {
        Some(ACTION_SPACE)
    }

    fn action_index(&self, _seat: Seat, action: &Action) -> Option<usize> {
        action.space_index()
    }

    fn action_from_index(&self, _seat: Seat, index: usize) -> Option<Action> {
        Action::from_space_index(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardroom_engine::{rng, Game};
    use std::collections::HashMap;

    /// Along random games of every size and both money variants: the names are as many as the
    /// values, and equal encodings come only from equal observations (nothing is lost).
    #[test]
    fn the_encoding_determines_the_observation() {
        assert_eq!(ENCODED_LEN, 421);
        for (players, hidden) in [(2, false), (3, true), (4, false), (4, true)] {
            let mut config = Config::new(players);
            config.hidden_money = hidden;
            assert_eq!(BigShot::encoded_names(&config).len(), ENCODED_LEN);
            let mut seen: HashMap<Vec<u32>, String> = HashMap::new();
            let mut buf = vec![0.0; ENCODED_LEN];
            for seed in 0..4 {
                let mut game = BigShot::new(&config, seed).unwrap();
                let mut r = rng::from_seed(seed);
                let mut legal = Vec::new();
                let mut events = Vec::new();
                for t in 0..400 {
                    let v = if t % 3 == 0 {
                        Viewer::Spectator
                    } else {
                        Viewer::Seat(t % players)
                    };
                    assert!(game.encode(v, &mut buf));
                    let key = buf.iter().map(|x| x.to_bits()).collect();
                    let obs = serde_json::to_string(&game.observe(v)).unwrap();
                    assert_eq!(seen.entry(key).or_insert_with(|| obs.clone()), &obs);
                    let Some(seat) = game.to_act().first() else {
                        break;
                    };
                    if !Game::apply_random(&mut game, seat, &mut r, &mut legal, &mut events) {
                        break;
                    }
                }
            }
            assert!(seen.len() > 500, "{}", seen.len());
        }
    }
}
