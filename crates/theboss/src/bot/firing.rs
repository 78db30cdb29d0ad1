//! The chance that a firing happens (§7), as one seat can judge it from its observation: the
//! reference bots price every commitment about firing, and every vote, by it
//! ([`crate::bot::deal`]).
//!
//! * The firer must pay the severance: a Fire card the viewer has seen (or its own) has a
//!   known severance; an unseen one is any of the Fire cards hidden from the viewer (the Fate
//!   deck and the held cards it has not seen, a multiset that does not depend on the deck
//!   order), and the chance is the share of those the firer's free cash covers. A promise
//!   about firing is only legal from a usable Fire card, so the card itself is taken as given.
//! * An office holder is fired when the firer can pay. An executive is fired only by a
//!   Stockholders' Meeting: FOR must beat AGAINST at the tally. The caller's and the target's
//!   voting power and the declared votes are public; each voter who has not declared votes
//!   as its interest leads it (the vote [`TheBoss::preferred_vote`] would cast) with chance
//!   [`LEAN`] / [`SPLIT`] and each other way with chance 1 / [`SPLIT`] (its vote may still be
//!   bought), and the chance is summed over these outcomes. With two players there are no
//!   voters: the caller fires exactly when its own shares outvote the target's.
//! * A commitment to fire (FireTarget) is worth what it changes: the firing it commits to,
//!   with that chance (it is kept by calling the meeting, whatever its chance), against the
//!   firing the firer would choose without it, with that one's chance. A firer that would
//!   fire the same target anyway sells nothing; one that would fire the buyer spares it. A
//!   threat (what a promise not to fire, NotFire, buys off) is worth the chance only where the
//!   firer would try: the reference player calls a meeting only when it fires with at least
//!   [`CALL_PERCENT`] chance.
//! * A vote is worth the change it makes to that chance, times what the outcome is worth.

use crate::action::Vote;
use crate::data::{FateEffect, Level};
use crate::state::TheBoss;
use boardroom_engine::{Seat, Viewer};

/// The reference player calls a meeting when it fires with at least this chance, in percent
/// ([`TheBoss::meeting_chance`]); a threat of a meeting less likely than this is not carried
/// out, so it is worth nothing.
pub const CALL_PERCENT: i64 = 50;

/// Weight of an undeclared voter's own leaning, out of [`SPLIT`].
const LEAN: i64 = 4;
/// The weights of an undeclared voter's three outcomes sum to this.
const SPLIT: i64 = 6;

impl TheBoss {
    /// The severances the Fire card `firer` may use could carry, as `viewer` knows it: its
    /// card when `viewer` has seen it (or holds it), else each Fire card hidden from `viewer`.
    pub fn severances_seen(&self, viewer: Seat, firer: Seat) -> Vec<u32> {
        let severance = |c: u8| match self.data.fate_effect(c) {
            FateEffect::Fire { severance } => Some(severance),
            _ => None,
        };
        if let Some(f) = &self.players[firer].fate {
            if self.sees_fate(Viewer::Seat(viewer), firer) {
                return severance(f.card).into_iter().collect();
            }
        }
        let hidden = (0..self.players.len())
            .filter(|&s| s != viewer && !self.sees_fate(Viewer::Seat(viewer), s))
            .filter_map(|s| self.players[s].fate.as_ref().map(|f| f.card));
        self.fate_deck
            .iter()
            .copied()
            .chain(hidden)
            .filter_map(severance)
            .collect()
    }

    /// The chance, in percent, that `firer` can pay its Fire card's severance from its free
    /// cash now, as `viewer` knows the card.
    pub fn severance_chance(&self, viewer: Seat, firer: Seat) -> i64 {
        let cash = self.free_cash(firer);
        let s = self.severances_seen(viewer, firer);
        if s.is_empty() {
            return 0;
        }
        100 * s.iter().filter(|&&x| x <= cash).count() as i64 / s.len() as i64
    }

    /// The severance `viewer` expects `firer`'s Fire card to carry (the mean over what it may
    /// be).
    pub fn expected_severance(&self, viewer: Seat, firer: Seat) -> i64 {
        let s = self.severances_seen(viewer, firer);
        if s.is_empty() {
            return 0;
        }
        s.iter().map(|&x| x as i64).sum::<i64>() / s.len() as i64
    }

    /// Whether `firer` may name `target` at all: both in a job, the target not fired, and the
    /// firer an executive or in a higher office (§7).
    pub fn may_fire(&self, firer: Seat, target: Seat) -> bool {
        let (Some(tj), Some(fj)) = (self.players[target].job, self.players[firer].job) else {
            return false;
        };
        target != firer
            && self.players[target].fired.is_none()
            && (self.data.position(fj).level == Level::Executive || fj > tj)
    }

    /// The chance, in percent, that a Stockholders' Meeting `caller` calls on `target` fires
    /// it, the caller's cash aside: the running meeting with its declarations if it is that
    /// one, else one about to be called. `fixed` sets one voter's vote.
    pub fn meeting_chance(&self, caller: Seat, target: Seat, fixed: Option<(Seat, Vote)>) -> i64 {
        let running = self
            .meeting
            .as_ref()
            .filter(|m| m.caller == caller && m.target == target);
        let mut for_ = self.voting_power(caller) as i64;
        let mut against = self.voting_power(target) as i64;
        // Undeclared voters: power and weights of FOR, AGAINST, ABSTAIN.
        let mut open: Vec<(i64, [i64; 3])> = Vec::new();
        for s in 0..self.players.len() {
            if s == caller || s == target {
                continue;
            }
            let voter = match running {
                Some(m) => m.voters & (1 << s) != 0,
                None => self.players[s].fired.is_none(),
            };
            if !voter {
                continue;
            }
            let declared = running.and_then(|m| m.votes[s]);
            let vote = match fixed {
                Some((v, x)) if v == s => Some(x),
                _ => declared,
            };
            let power = self.voting_power(s) as i64;
            match vote {
                Some(Vote::For) => for_ += power,
                Some(Vote::Against) => against += power,
                Some(Vote::Abstain) => {}
                None => {
                    let lean = self.firing_value(s, caller, target).signum();
                    let mut w = [(SPLIT - LEAN) / 2; 3];
                    w[match lean {
                        1 => 0,
                        -1 => 1,
                        _ => 2,
                    }] = LEAN;
                    open.push((power, w));
                }
            }
        }
        // Sum over the 3^k outcomes of the open voters (k ≤ 2 at four players).
        let mut total = 0i64;
        let mut win = 0i64;
        let outcomes = 3usize.pow(open.len() as u32);
        for mut code in 0..outcomes {
            let (mut f, mut a, mut w) = (for_, against, 1i64);
            for &(power, weights) in &open {
                let k = code % 3;
                code /= 3;
                w *= weights[k];
                match k {
                    0 => f += power,
                    1 => a += power,
                    _ => {}
                }
            }
            total += w;
            if f > a {
                win += w;
            }
        }
        100 * win / total
    }

    /// The chance, in percent, that `firer` fires `target` if it tries with the Fire card it
    /// may use, as `viewer` judges it: the severance must be paid, and an executive must
    /// lose a meeting (§7).
    pub fn fire_chance(&self, viewer: Seat, firer: Seat, target: Seat) -> i64 {
        if !self.may_fire(firer, target) {
            return 0;
        }
        let pay = self.severance_chance(viewer, firer);
        if self.level(target) == Some(Level::Executive) {
            pay * self.meeting_chance(firer, target, None) / 100
        } else {
            pay
        }
    }

    /// The chance, in percent, that `firer` fires `target` if left free to choose: as
    /// [`TheBoss::fire_chance`], but nothing for a meeting the reference player would not
    /// call (less likely than [`CALL_PERCENT`] to fire). A threat is worth this chance.
    pub fn threat_chance(&self, viewer: Seat, firer: Seat, target: Seat) -> i64 {
        if self.level(target) == Some(Level::Executive)
            && self.meeting_chance(firer, target, None) < CALL_PERCENT
        {
            return 0;
        }
        self.fire_chance(viewer, firer, target)
    }

    /// The target `firer` would fire with its usable Fire card if left free to choose, as the
    /// reference player chooses (the richest office holder it may fire, else the richest
    /// executive a meeting fires with at least [`CALL_PERCENT`] chance), and the chance, in
    /// percent, that it is fired ([`TheBoss::fire_chance`]), as `viewer` judges it. Seats
    /// spared this turn and those in the bit set `skip` are passed over.
    pub fn likely_firing(&self, viewer: Seat, firer: Seat, skip: u8) -> Option<(Seat, i64)> {
        let x = self
            .richest_target(firer, skip, false)
            .or_else(|| self.richest_target(firer, skip, true))?;
        Some((x, self.fire_chance(viewer, firer, x)))
    }

    /// The richest seat `firer` may fire among the office holders (`exec` false) or among
    /// the executives a meeting fires with at least [`CALL_PERCENT`] chance (`exec` true),
    /// passing over the seats spared this turn and those in the bit set `skip`.
    fn richest_target(&self, firer: Seat, skip: u8, exec: bool) -> Option<Seat> {
        let spared = self.turn.not_fire | skip;
        (0..self.players.len())
            .filter(|&x| {
                self.may_fire(firer, x)
                    && spared & (1 << x) == 0
                    && (self.level(x) == Some(Level::Executive)) == exec
                    && (!exec || self.meeting_chance(firer, x, None) >= CALL_PERCENT)
            })
            .max_by_key(|&x| (self.net_worth(x), std::cmp::Reverse(x)))
    }

    /// The value to `seat` of `by` committing to fire `target` (FireTarget), as `viewer`
    /// judges it: what the commitment changes against what `by` would do without it. With
    /// it, `target` is fired with its chance ([`TheBoss::fire_chance`]: the commitment is
    /// kept by calling the meeting, whatever its chance), and after a failed meeting `by` may
    /// still call one on another executive; without it, `by` fires its own choice
    /// ([`TheBoss::likely_firing`]) with that firing's chance. A firing is worth to a
    /// bystander what [`TheBoss::firing_value`] says, and to the firer the share of the
    /// target's job a bystander gains (it gains on the target as the others do) less the
    /// severance. A seat's own firing that the commitment avoids is not counted: the
    /// commitment does not bind `by` to spare it (a failed meeting leaves the card in play,
    /// and sparing is what NotFire sells), and a firer that would otherwise fire the buyer
    /// sells it its protection for a price anyway. Nothing where `by` would fire `target`
    /// anyway; never more than the whole job for `target` itself.
    pub fn fire_target_value(&self, viewer: Seat, seat: Seat, by: Seat, target: Seat) -> i64 {
        if seat == target && seat != by {
            // Never priced below the whole job: a bot does not sell its own firing cheaply.
            return -self.job_value(seat);
        }
        let alt = self.likely_firing(viewer, by, 0);
        if alt.is_some_and(|(x, _)| x == target) {
            return 0;
        }
        let severance = self.expected_severance(viewer, by);
        let worth = |x: Seat| {
            if seat == by {
                // Another seat's firing is worth the leader's share to a bystander.
                self.firing_value(seat, x, x) - severance
            } else if seat == x {
                0
            } else {
                self.firing_value(seat, by, x)
            }
        };
        let p = self.fire_chance(viewer, by, target);
        let without = alt.map_or(0, |(x, q)| q * worth(x));
        // A failed meeting leaves the card to call another on any other executive (§7).
        let after_failed = if self.level(target) == Some(Level::Executive) {
            self.richest_target(by, 1 << target, true).map_or(0, |x| {
                (100 - p) * self.fire_chance(viewer, by, x) / 100 * worth(x)
            })
        } else {
            0
        };
        (p * worth(target) + after_failed - without) / 100
    }

    /// The value to `seat` of voter `by` declaring `vote` in the running meeting: the change
    /// it makes to the chance the meeting fires, times what the firing is worth to `seat`.
    /// For the voter itself, giving up its preferred vote costs at least the `[bots]` margin.
    pub fn vote_deal_value(&self, seat: Seat, by: Seat, vote: Vote) -> i64 {
        let Some(m) = &self.meeting else {
            return 0;
        };
        let (caller, target) = (m.caller, m.target);
        let stake = self.firing_value(seat, caller, target);
        if by == seat {
            let pref = self.preferred_vote(seat);
            if vote == pref {
                return 0;
            }
            let now = self.meeting_chance(caller, target, Some((seat, pref)));
            let then = self.meeting_chance(caller, target, Some((seat, vote)));
            let cost = (stake * (then - now) / 100).min(0);
            return cost.min(-(self.data.file.bots.accept_margin_min as i64));
        }
        if !self.undeclared_voter(by) {
            return 0;
        }
        let now = self.meeting_chance(caller, target, None);
        let then = self.meeting_chance(caller, target, Some((by, vote)));
        stake * (then - now) / 100
    }
}
