//! Stockholders' Meetings (§7): calling, lobbying, votes and the tally.

use crate::action::Vote;
use crate::data::Level;
use crate::error::{ensure, fail, RuleError};
use crate::event::Event;
use crate::present::seat_name;
use crate::state::{AfterMeeting, Meeting, TheBoss};
use boardroom_engine::Seat;

impl TheBoss {
    /// Whether `seat` may name executive `x` in a meeting now (card and cash aside).
    pub(crate) fn meeting_target_ok(
        &self,
        seat: Seat,
        x: Seat,
        named: u8,
    ) -> Result<(), RuleError> {
        if self.meeting_target_legal(seat, x, named) {
            return Ok(());
        }
        ensure(x < self.players.len() && x != seat, "§7", || {
            format!("{} cannot be named by you", seat_name(x))
        })?;
        ensure(self.is_executive(seat), "§7", || {
            "only an executive may call a Stockholders' Meeting".into()
        })?;
        ensure(self.level(x) == Some(Level::Executive), "§7", || {
            format!(
                "{} is not an executive (office holders are fired with `fire`)",
                seat_name(x)
            )
        })?;
        ensure(named & (1 << x) == 0, "R-21", || {
            format!("{} was already named with this Fire card", seat_name(x))
        })?;
        ensure(self.turn.not_fire & (1 << x) == 0, "§9.3", || {
            format!(
                "you promised not to fire {} this turn (NotFire)",
                seat_name(x)
            )
        })?;
        if let Some(m) = self.turn.must_fire {
            ensure(m == x, "§9.3", || {
                format!("you promised to fire {} (FireTarget)", seat_name(m))
            })?;
        }
        Ok(())
    }

    /// [`TheBoss::meeting_target_ok`] as a yes or no, with no error built.
    pub(crate) fn meeting_target_legal(&self, seat: Seat, x: Seat, named: u8) -> bool {
        x < self.players.len()
            && x != seat
            && self.is_executive(seat)
            && self.level(x) == Some(Level::Executive)
            && named & (1 << x) == 0
            && self.turn.not_fire & (1 << x) == 0
            && self.turn.must_fire.is_none_or(|m| m == x)
    }

    /// Calls a meeting on `x`: with the usable Fire card in BT, or again after a failed one.
    pub(crate) fn call_meeting(
        &mut self,
        seat: Seat,
        x: Seat,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (card, severance, named) = match &self.after_meeting {
            Some(am) => {
                let crate::data::FateEffect::Fire { severance } = self.data.fate_effect(am.card)
                else {
                    unreachable!("meetings are called with Fire cards")
                };
                (am.card, severance, am.named)
            }
            None => match self.usable_fire(seat) {
                Some((c, s)) => (c, s, 0),
                None => return fail("§7", "you hold no Fire card you may use now"),
            },
        };
        self.meeting_target_ok(seat, x, named)?;
        ensure(self.players[seat].cash >= severance, "§7", || {
            format!(
                "the severance is ${severance} and you have ${}",
                self.players[seat].cash
            )
        })?;
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
        Ok(())
    }

    /// Whether `seat` is a voter of the running meeting who has not declared.
    pub fn undeclared_voter(&self, seat: Seat) -> bool {
        self.meeting
            .as_ref()
            .is_some_and(|m| m.voters & (1 << seat) != 0 && m.votes[seat].is_none())
    }

    pub(crate) fn vote(
        &mut self,
        seat: Seat,
        vote: Vote,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let m = self.meeting.as_ref().expect("a meeting runs");
        if self.players[seat].fired.is_some() {
            return fail("§7", "a fired player may not vote");
        }
        ensure(m.voters & (1 << seat) != 0, "§7", || {
            "caller and target vote automatically; you are not a voter".into()
        })?;
        ensure(m.votes[seat].is_none(), "R-18", || {
            "your declaration is final".into()
        })?;
        self.declare(seat, vote, ev);
        Ok(())
    }

    /// Records a declaration (public and final).
    pub(crate) fn declare(&mut self, seat: Seat, vote: Vote, ev: &mut Vec<Event>) {
        let shares = self.voting_power(seat);
        let m = self.meeting.as_mut().expect("a meeting runs");
        m.votes[seat] = Some(vote);
        ev.push(Event::Voted { seat, vote, shares });
    }

    pub(crate) fn lobby_pass(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let m = self.meeting.as_mut().expect("a meeting runs");
        let bit = if seat == m.caller {
            1
        } else if seat == m.target {
            2
        } else {
            return fail(
                "§7",
                "only the caller and the target pass in the lobbying; voters declare",
            );
        };
        ensure(m.passes & bit == 0, "R-31", || {
            "your pass stands until another meeting action (a declaration, an offer or an answer): passing again is not an action".into()
        })?;
        m.passes |= bit;
        ev.push(Event::LobbyPass { seat });
        Ok(())
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
            self.meeting_target_ok(m.caller, x, after.named).is_ok()
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
