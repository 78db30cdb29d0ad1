//! What The Boss's browser view needs beside the observation
//! ([`boardroom_engine::Present::extra`]): the data set's tables, card names, net worths, the
//! running auction and meeting, the offers and deals, and for a seat what it may do now.

use super::step_words;
use crate::data::Level;
use crate::describe::{self, offer_words};
use crate::names::{exec_name_in, exp_name, fate_name_in, kind_name};
use crate::notation::{exec_card, exp_card};
use crate::state::TheBoss;
use crate::words::{self, seat_in};
use boardroom_engine::{Seat, Viewer};
use serde_json::{json, Value};

impl TheBoss {
    /// The data set's tables the view draws from (positions, Experience kinds, card names),
    /// the names of the visible cards, net worths, the lowest bid and the Bank's sale limit.
    pub(super) fn browser_extra(&self, viewer: Viewer, lang: &str) -> Value {
        let seat_name = |s: Seat| seat_in(s, lang);
        let d = &self.data;
        let positions: Vec<Value> = d
            .positions
            .iter()
            .map(|p| {
                json!({
                    "number": p.number,
                    "title": p.title,
                    "executive": p.level == Level::Executive,
                    "chairs": p.chairs,
                    "salary": p.salary,
                    "min_shares": p.min_shares,
                    "exec_points": p.exec_points,
                    "requirements": p.requirements.iter().map(|r| json!({
                        "kind": d.kinds[r.kind as usize].id,
                        "name": kind_name(d, r.kind),
                        "years": r.years,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let kinds: Vec<Value> = d
            .kinds
            .iter()
            .enumerate()
            .map(|(i, k)| json!({"id": k.id, "title": k.title, "name": kind_name(d, i as u8), "years": k.years_per_card}))
            .collect();
        let experience: Vec<String> = (0..d.exp_cards.len() as u8)
            .map(|c| exp_card(d, c))
            .collect();
        let executive: Vec<String> = (0..d.exec_cards.len() as u8)
            .map(|c| exec_card(d, c))
            .collect();
        // Every card's name by its number (the data set is public; which cards a viewer sees
        // is the observation's business): the view writes names where events give numbers.
        let names = json!({
            "experience": (0..d.exp_cards.len() as u8).map(|c| exp_name(d, c)).collect::<Vec<_>>(),
            "executive": (0..d.exec_cards.len() as u8).map(|c| exec_name_in(d, c, lang)).collect::<Vec<_>>(),
            "fate": (0..d.fate_cards.len() as u8).map(|c| fate_name_in(d, c, lang)).collect::<Vec<_>>(),
        });
        let fate = |c: u8| fate_name_in(d, c, lang);
        let players: Vec<Value> = (0..self.players.len())
            .map(|s| {
                let p = &self.players[s];
                json!({
                    "name": seat_name(s),
                    "net_worth": self.net_worth(s),
                    "voting_power": self.voting_power(s),
                    "executive_points": self.executive_points(s),
                    "fate": p.fate.as_ref().filter(|_| self.sees_fate(viewer, s)).map(|f| fate(f.card)),
                    "disaster": p.disaster.map(fate),
                    "able_to_deal": self.able_to_deal(s),
                })
            })
            .collect();
        let auction = self.auction.as_ref().map(|a| {
            json!({
                "lot": self.auction_lot_words(lang),
                "seller": a.seller,
                "min_bid": self.min_bid(),
                "high": a.high,
                "mandatory": a.mandatory,
                "caller": self.auction_caller(),
            })
        });
        let meeting = self.meeting.as_ref().map(|m| {
            // The standing as the tally would count it now: the caller's and the target's
            // automatic votes (§7 step 2) with every declaration.
            let (for_shares, against, abstain) = self.meeting_standing(m);
            json!({
                "for": for_shares,
                "against": against,
                "abstain": abstain,
                "card": fate(m.card),
                "undeclared": (0..self.players.len())
                    .filter(|&s| self.undeclared_voter(s))
                    .collect::<Vec<_>>(),
            })
        });
        let offers: Vec<Value> = self
            .offers
            .iter()
            .map(|o| {
                json!({
                    "id": o.id,
                    "from": o.from,
                    "to": o.offer.to,
                    "text": offer_words(Some(d), &o.offer, &seat_name, lang),
                })
            })
            .collect();
        let deals: Vec<Value> = self
            .deals
            .iter()
            .map(|x| {
                json!({
                    "id": x.id,
                    "promisor": x.promisor,
                    "promisee": x.promisee,
                    "due": x.due,
                    "overdue": x.due < self.round,
                    "text": match &x.promise {
                        crate::action::Promise::Deliver(del) => describe::deliverable(Some(d), del, lang),
                        crate::action::Promise::Favour(f) => words::t(lang, "the-boss-deal-favour", &[("favour", f.as_str().into())]),
                    },
                    "collateral": describe::items(Some(d), &x.collateral, &[], &seat_name, lang),
                })
            })
            .collect();
        let mut extra = json!({
            "positions": positions,
            "kinds": kinds,
            "cards": {
                "experience": experience,
                "executive": executive,
                "names": names,
                "fate_discards": self.fate_discards.iter().map(|&c| fate(c)).collect::<Vec<_>>(),
            },
            "share_price": d.economy().share_price,
            "win_shares_over": d.economy().win_shares_over,
            "bank_for_sale": self.bank_for_sale(),
            "players": players,
            "auction": auction,
            "meeting": meeting,
            "after_meeting": self.after_meeting.is_some(),
            "offers": offers,
            "deals": deals,
            "step": step_words(self.turn.step, lang),
            "floor": self.turn.floor,
            "active": self.turn.seat,
        });
        if let Some(seat) = viewer.seat().filter(|&s| s < self.players.len()) {
            extra["free_cash"] = json!(self.free_cash(seat));
            // Whether the offer builder is open to this seat: its deal window (§9.1) unless it
            // passed on the floor, or a running meeting's vote deals (§9.3): its caller, target
            // and voters, those who declared too (R-33; under revision 2 they only answered).
            let passed = seat != self.turn.seat && self.turn.idle & (1 << seat) != 0;
            let lobbying = self.meeting.as_ref().is_some_and(|m| {
                let voter = if self.revision_3() {
                    m.voters & (1 << seat) != 0
                } else {
                    self.undeclared_voter(seat)
                };
                self.able_to_deal(seat) && (seat == m.caller || seat == m.target || voter)
            });
            extra["may_offer"] = json!(
                self.ending.is_none() && ((self.in_deal_window(seat) && !passed) || lobbying)
            );
            // Whether the seat may auction something of its own now (also after passing on
            // the floor, §9.1): the view's auction form, whose reserve is the seat's choice.
            extra["may_auction"] = json!(self.may_auction(seat));
        }
        extra
    }
}
