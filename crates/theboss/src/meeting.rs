//! Stockholders' Meetings (§7): calling, lobbying, votes and the tally.

use crate::action::Vote;
use crate::data::{FateEffect, Level};
use crate::error::{why, Illegal, Verdict};
use crate::event::Event;
use crate::state::{AfterMeeting, Meeting, TheBoss};
use crate::words;
use boardroom_engine::Seat;

impl TheBoss {
    /// Whether `seat` may name executive `x` in a meeting now (card and cash aside); `named`
    /// holds the executives already named with this Fire card.
    pub(crate) fn check_meeting_target<V: Verdict>(
        &self,
        seat: Seat,
        x: Seat,
        named: u8,
    ) -> Result<(), V> {
        V::ensure(x < self.players.len() && x != seat, "§7", || {
            why("the-boss-err-cannot-name").arg("name", words::seat(x))
        })?;
        V::ensure(self.is_executive(seat), "§7", || {
            why("the-boss-err-only-executive-calls")
        })?;
        V::ensure(self.level(x) == Some(Level::Executive), "§7", || {
            why("the-boss-err-not-executive").arg("name", words::seat(x))
        })?;
        V::ensure(named & (1 << x) == 0, "R-21", || {
            why("the-boss-err-named-already").arg("name", words::seat(x))
        })?;
        self.check_promises_about(x)
    }

    /// The Fire card a meeting is called with, its severance and the executives it has
    /// named: the card of the failed meeting, or the active player's usable one in BT.
    fn meeting_card(&self) -> Option<(u8, u32, u8)> {
        match &self.after_meeting {
            Some(am) => match self.data.fate_effect(am.card) {
                FateEffect::Fire { severance } => Some((am.card, severance, am.named)),
                _ => None,
            },
            None => self.bt_fire().map(|(c, s)| (c, s, 0)),
        }
    }

    /// Calling a meeting on `x`: with the usable Fire card in BT, or again after a failed one.
    pub(crate) fn check_call_meeting<V: Verdict>(&self, seat: Seat, x: Seat) -> Result<(), V> {
        let Some((_, severance, named)) = self.meeting_card() else {
            return V::fail("§7", || why("the-boss-err-no-fire-card"));
        };
        self.check_meeting_target(seat, x, named)?;
        self.check_severance(seat, severance)
    }

    /// Calls a meeting on `x` (checked).
    pub(crate) fn call_meeting(&mut self, seat: Seat, x: Seat, ev: &mut Vec<Event>) {
        let Some((card, severance, named)) = self.meeting_card() else {
            debug_assert!(false, "a meeting is called with a usable Fire card");
            return;
        };
        if self.after_meeting.take().is_none() {
            self.players[seat].fate = None;
        }
        if self.turn.must_fire == Some(x) {
            self.turn.must_fire = None;
        }
        self.open_floor(ev);
        let n = self.players.len();
        let voters = (0..n)
            .filter(|&s| s != seat && s != x && self.players[s].fired.is_none())
            .fold(0u8, |m, s| m | (1 << s));
        ev.push(Event::MeetingCalled {
            caller: seat,
            target: x,
            card,
        });
        self.meeting = Some(Meeting {
            caller: seat,
            target: x,
            card,
            severance,
            votes: vec![None; n],
            voters,
            passes: 0,
            offers: 0,
            named: named | (1 << x),
        });
        self.maybe_close_meeting(ev);
    }

    /// Whether `seat` is a voter of the running meeting who has not declared.
    pub fn undeclared_voter(&self, seat: Seat) -> bool {
        self.meeting
            .as_ref()
            .is_some_and(|m| m.voters & (1 << seat) != 0 && m.votes[seat].is_none())
    }

    /// A declaration of `seat` in the running meeting.
    pub(crate) fn check_vote<V: Verdict>(&self, seat: Seat) -> Result<(), V> {
        let Some(m) = self.meeting.as_ref() else {
            return V::fail("§7", || why("the-boss-err-no-meeting"));
        };
        V::ensure(self.players[seat].fired.is_none(), "§7", || {
            why("the-boss-err-fired-no-vote")
        })?;
        V::ensure(m.voters & (1 << seat) != 0, "§7", || {
            why("the-boss-err-not-voter")
        })?;
        V::ensure(m.votes[seat].is_none(), "R-18", || {
            why("the-boss-err-declared")
        })
    }

    /// Records a declaration (public and final).
    pub(crate) fn declare(&mut self, seat: Seat, vote: Vote, ev: &mut Vec<Event>) {
        let shares = self.voting_power(seat);
        let m = self.meeting.as_mut().expect("a meeting runs");
        m.votes[seat] = Some(vote);
        ev.push(Event::Voted { seat, vote, shares });
    }

    /// Which pass bit `seat` holds in the lobbying: 1 the caller's, 2 the target's.
    fn pass_bit(&self, seat: Seat) -> u8 {
        match &self.meeting {
            Some(m) if seat == m.caller => 1,
            Some(m) if seat == m.target => 2,
            _ => 0,
        }
    }

    /// A pass of the caller or the target in the lobbying.
    pub(crate) fn check_lobby_pass<V: Verdict>(&self, seat: Seat) -> Result<(), V> {
        let bit = self.pass_bit(seat);
        V::ensure(bit != 0, "§7", || why("the-boss-err-voters-declare"))?;
        let passes = self.meeting.as_ref().map_or(0, |m| m.passes);
        V::ensure(passes & bit == 0, "R-31", || {
            why("the-boss-err-pass-stands")
        })
    }

    /// The caller or the target passes (checked).
    pub(crate) fn lobby_pass(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let bit = self.pass_bit(seat);
        if let Some(m) = self.meeting.as_mut() {
            m.passes |= bit;
        }
        ev.push(Event::LobbyPass { seat });
    }

    /// Closes the lobbying when its time has come (§7 step 4) and tallies.
    pub(crate) fn maybe_close_meeting(&mut self, ev: &mut Vec<Event>) {
        let Some(m) = self.meeting.as_ref() else {
            return;
        };
        let pending = self.offers.iter().any(|o| self.offer_has_vote(&o.offer));
        let all_declared =
            (0..self.players.len()).all(|s| m.voters & (1 << s) == 0 || m.votes[s].is_some());
        let limit = m.offers >= self.data.limits().meeting_max_offers;
        if all_declared || (!pending && (m.passes == 3 || limit)) {
            self.tally(ev);
        }
    }

    /// The shares for, against and abstaining in meeting `m` as its tally would count them
    /// now: the caller's voting power for and the target's against (automatic, §7 step 2),
    /// then every declaration.
    pub fn meeting_standing(&self, m: &Meeting) -> (u32, u32, u32) {
        let mut standing = (self.voting_power(m.caller), self.voting_power(m.target), 0);
        for s in 0..self.players.len() {
            if s == m.caller || s == m.target {
                continue;
            }
            match m.votes.get(s).copied().flatten() {
                Some(Vote::For) => standing.0 += self.voting_power(s),
                Some(Vote::Against) => standing.1 += self.voting_power(s),
                Some(Vote::Abstain) => standing.2 += self.voting_power(s),
                None => {}
            }
        }
        standing
    }

    pub(crate) fn tally(&mut self, ev: &mut Vec<Event>) {
        let m = self.meeting.take().expect("a meeting runs");
        let (for_shares, against, _) = self.meeting_standing(&m);
        // Offers of the lobbying can no longer be carried out.
        let stale: Vec<u32> = self
            .offers
            .iter()
            .filter(|o| self.offer_has_vote(&o.offer))
            .map(|o| o.id)
            .collect();
        if !stale.is_empty() {
            self.offers.retain(|o| !stale.contains(&o.id));
            ev.push(Event::Expired { ids: stale });
        }
        let fired = for_shares > against && self.free_cash(m.caller) >= m.severance;
        ev.push(Event::Tally {
            for_shares,
            against,
            fired,
        });
        if fired {
            self.players[m.caller].cash -= m.severance;
            self.players[m.target].cash += m.severance;
            self.fire_player(m.caller, m.target, m.severance, ev);
            self.discard_fate(Some(m.caller), m.card, ev);
            return;
        }
        let after = AfterMeeting {
            card: m.card,
            named: m.named,
        };
        let again = (0..self.players.len()).any(|x| {
            self.check_meeting_target::<Illegal>(m.caller, x, after.named)
                .is_ok()
                && self.players[m.caller].cash >= m.severance
        });
        if again {
            self.after_meeting = Some(after);
        } else {
            self.discard_fate(Some(m.caller), m.card, ev);
        }
    }

    /// The caller stops after a failed meeting: the card is discarded.
    pub(crate) fn stop_meetings(&mut self, ev: &mut Vec<Event>) {
        let am = self.after_meeting.take().expect("checked");
        self.discard_fate(Some(self.turn.seat), am.card, ev);
    }
}
