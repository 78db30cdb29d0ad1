//! What a position of The Boss is worth to each seat, for the bots ([`Evaluate`]), built on
//! the valuation of [`crate::bot::value`]; and the reference bot's choice
//! ([`Evaluate::reference_action`], see [`crate::bot::policy`]).

use crate::data::{COMPLETE_SET, FIRST_EXEC};
use crate::state::{Step, TheBoss};
use boardroom_engine::evaluate::{Evaluate, Style};
use boardroom_engine::Seat;
use rand::RngCore;

impl TheBoss {
    /// Progress toward the immediate wins (§8), as a value: the square of the better of the
    /// set fraction and the share fraction, times the `[bots]` win progress value.
    pub fn win_progress(&self, seat: Seat) -> f64 {
        let mut have = 0u32;
        for i in 0..4u8 {
            have += self
                .owned_of_number(seat, FIRST_EXEC + i)
                .min(COMPLETE_SET[i as usize]) as u32;
        }
        let set = have as f64 / COMPLETE_SET.iter().map(|&c| c as u32).sum::<u32>() as f64;
        let e = self.data.economy();
        let win = (e.win_shares_over + e.lot) as f64;
        let shares = (self.owned_shares(seat) as f64 / win).min(1.0);
        let f = set.max(shares);
        f * f * self.data.file.bots.win_progress_value as f64
    }

    /// The salary the job is expected to pay from here: salary × the `[bots]` expected turns,
    /// fewer near the end of the Fate deck.
    pub fn expected_salary(&self, seat: Seat) -> f64 {
        let p = &self.players[seat];
        let Some(j) = p.job else { return 0.0 };
        if p.fired.is_some() {
            return 0.0;
        }
        let turns_left = self.fate_deck.len() as f64 / self.players.len() as f64;
        let turns = (self.data.file.bots.expected_salary_turns as f64).min(turns_left);
        self.data.position(j).salary as f64 * turns
    }
}

impl Evaluate for TheBoss {
    /// Offers and lobbying, which the reference player makes only when its style deals.
    const DEALS: bool = true;

    /// The levels improve the reference player by rollouts: with random rollouts a tree search
    /// lost to it (`easy` won 9% against `heuristic` in 2-player games), see docs/strength.md.
    const ROLLOUT_SEARCH: bool = true;

    /// The dealing bot's own measure ([`TheBoss::own_worth`]: the whole holding, which counts
    /// net worth, Experience and progress toward the immediate wins; the Fate card; open
    /// deals) + the job's expected salary.
    fn worth(&self, seat: Seat) -> f64 {
        self.own_worth(seat) as f64 + self.expected_salary(seat)
    }

    /// A quarter of the mean net worth, at least $1,000.
    fn worth_scale(&self) -> f64 {
        let n = self.players.len() as f64;
        let mean = (0..self.players.len())
            .map(|s| self.net_worth(s) as f64)
            .sum::<f64>()
            / n;
        (mean / 4.0).max(1000.0)
    }

    /// Between the steps of a turn: no auction, meeting, pending disaster or offer, and no open
    /// floor in Business Transactions.
    fn is_quiet(&self) -> bool {
        self.auction.is_none()
            && self.meeting.is_none()
            && self.after_meeting.is_none()
            && self.disaster.is_none()
            && self.offers.is_empty()
            && !(self.turn.floor && self.turn.step == Step::Business)
    }

    /// Dealing (§9): offers, answers, counters, shows, auctions of one's own lots and the
    /// long-term deals' settle, release, default and walk away.
    fn is_negotiation(&self, action: &Self::Action) -> bool {
        action.is_dealing()
    }

    /// The model fitted to the reference player's games ([`TheBoss::race_chances`]): its
    /// held-out log-loss is lower than the worth softmax's (2 players 0.431 against 0.453, 4
    /// players 0.759 against 0.787).
    fn estimated_chances(&self, out: &mut [f64]) {
        self.race_chances(out)
    }

    /// Other purchase sizes and bids, and the other answer to an offer
    /// ([`TheBoss::wider_alternatives`]).
    fn wider_actions(&self, seat: Seat, reference: &Self::Action, out: &mut Vec<Self::Action>) {
        self.wider_alternatives(seat, reference, out)
    }

    /// Plain lines of play for the bots' gauntlet ([`crate::scripts`]).
    /// From the ladder, the dealing table and the gauntlet of The Boss in `docs/strength.md`.
    const LEVEL_NOTES: &'static [(&'static str, &'static str)] = &[
        ("random", "any legal move, at random"),
        (
            "heuristic",
            "deals, bids and votes by its valuation; won 400 of 400 against three random",
        ),
        (
            "heuristic-nodeal",
            "heuristic that never deals; two dealers beat two of it about 6 games in 10",
        ),
        ("easy", "beats heuristic about 6 games in 10"),
        ("normal", "wins a little over half its games against easy"),
        ("hard", "wins a little over half its games against normal"),
    ];

    const SCRIPTS: &'static [&'static str] = crate::scripts::SCRIPTS;

    fn scripted_action(
        &self,
        script: &str,
        seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<Self::Action> {
        crate::scripts::scripted_action(self, script, seat, rng)
    }

    fn reference_action(
        &self,
        seat: Seat,
        style: &Style,
        rng: &mut dyn RngCore,
    ) -> Option<Self::Action> {
        self.policy_action(seat, style, rng)
    }

    fn optional_reference_action(
        &self,
        seat: Seat,
        style: &Style,
        rng: &mut dyn RngCore,
    ) -> Option<Self::Action> {
        self.policy_optional_action(seat, style, rng)
    }
}
