//! Events and offers in words, for logs and labels. Event sentences are written without the
//! data set (the engine's `Present::describe` has no game at hand), so cards are written by
//! their number, always as `Experience card #14`, `Executive card #3` or `Fate card #33` (the
//! browser view puts the cards' names in their place, from the names its data gives); where a
//! game is at hand, cards are named as players call them ([`crate::names`]).

use crate::action::{Bundle, Commitment, Deck, Deliverable, Lot, Offer, Promise, Vote};
use crate::data::Data;
use crate::event::Event;
use crate::names::{exec_name_in, exec_number_name_in, exp_name, kind_name};
use crate::state::Ending;
use crate::words::{list, t};
use boardroom_engine::{Holding, Seat};
use boardroom_i18n::Arg;

/// A vote as a word, in English (the terminal's and the notation's word).
pub fn vote_word(v: Vote) -> &'static str {
    match v {
        Vote::For => "for",
        Vote::Against => "against",
        Vote::Abstain => "abstain",
    }
}

/// A deck as a word, in English.
pub fn deck_word(d: Deck) -> &'static str {
    match d {
        Deck::Experience => "Experience",
        Deck::Fate => "Fate",
    }
}

/// A deck's id, as the messages choose their words by it.
pub(crate) fn deck_id(d: Deck) -> &'static str {
    match d {
        Deck::Experience => "experience",
        Deck::Fate => "fate",
    }
}

/// A card numbered from 0 as its message argument (numbered from 1).
fn number(card: u8) -> Arg {
    (card as u32 + 1).into()
}

/// Experience card `c` in `lang`: named with the data set, else by its number.
fn exp_words(data: Option<&Data>, c: u8, lang: &str) -> String {
    match data {
        Some(d) => exp_name(d, c),
        None => t(lang, "the-boss-experience-card", &[("number", number(c))]),
    }
}

/// Executive card `c` in `lang`: named with the data set, else by its number.
fn exec_words(data: Option<&Data>, c: u8, lang: &str) -> String {
    match data {
        Some(d) => exec_name_in(d, c, lang),
        None => t(lang, "the-boss-executive-card", &[("number", number(c))]),
    }
}

/// A lot in words; with the data set, cards are named with their kind.
pub fn lot_words(data: Option<&Data>, lot: Lot, lang: &str) -> String {
    match lot {
        Lot::Experience(c) => exp_words(data, c, lang),
        Lot::Executive(c) => exec_words(data, c, lang),
        Lot::Fate => t(lang, "the-boss-lot-fate", &[]),
        Lot::Shares(k) => t(lang, "the-boss-n-shares", &[("count", k.into())]),
    }
}

/// The items of a bundle and commitments, comma-separated (`nothing` when empty).
pub fn items(
    data: Option<&Data>,
    b: &Bundle,
    commitments: &[Commitment],
    name: &dyn Fn(Seat) -> String,
    lang: &str,
) -> String {
    let mut v = Vec::new();
    if b.cash > 0 {
        v.push(t(lang, "the-boss-money", &[("amount", b.cash.into())]));
    }
    if b.shares > 0 {
        v.push(t(lang, "the-boss-n-shares", &[("count", b.shares.into())]));
    }
    for &c in &b.experience {
        v.push(exp_words(data, c, lang));
    }
    for &c in &b.executive {
        v.push(exec_words(data, c, lang));
    }
    if b.fate {
        v.push(t(lang, "the-boss-item-fate", &[]));
    }
    for c in commitments {
        v.push(match *c {
            Commitment::Vote(x) => t(lang, "the-boss-item-vote", &[("vote", vote_word(x).into())]),
            Commitment::FireTarget(s) => t(lang, "the-boss-item-fire", &[("name", name(s).into())]),
            Commitment::NotFire(s) => {
                t(lang, "the-boss-item-not-fire", &[("name", name(s).into())])
            }
        });
    }
    list(lang, v)
}

/// What a long-term promise delivers, comma-separated (`nothing` when empty); with the data
/// set, cards are named.
pub fn deliverable(data: Option<&Data>, d: &Deliverable, lang: &str) -> String {
    let mut v = Vec::new();
    if d.cash > 0 {
        v.push(t(lang, "the-boss-money", &[("amount", d.cash.into())]));
    }
    if d.shares > 0 {
        v.push(t(lang, "the-boss-n-shares", &[("count", d.shares.into())]));
    }
    for &k in &d.experience {
        v.push(match data {
            Some(data) => t(
                lang,
                "the-boss-deliver-experience",
                &[("kind", kind_name(data, k).into())],
            ),
            None => t(
                lang,
                "the-boss-deliver-experience-kind",
                &[("kind", number(k))],
            ),
        });
    }
    for &n in &d.executive {
        v.push(match data {
            Some(data) => t(
                lang,
                "the-boss-deliver-executive",
                &[("card", exec_number_name_in(data, n, lang).into())],
            ),
            None => t(
                lang,
                "the-boss-deliver-executive-number",
                &[("number", n.into())],
            ),
        });
    }
    list(lang, v)
}

/// An offer in words from its maker's side: what is given, what is taken, the promise.
pub fn offer_words(
    data: Option<&Data>,
    o: &Offer,
    name: &dyn Fn(Seat) -> String,
    lang: &str,
) -> String {
    let mut s = t(
        lang,
        "the-boss-offer-gives",
        &[
            (
                "give",
                items(data, &o.give, &o.give_commitments, name, lang).into(),
            ),
            (
                "take",
                items(data, &o.take, &o.take_commitments, name, lang).into(),
            ),
        ],
    );
    if let Some(lt) = &o.long_term {
        let what = match &lt.promise {
            Promise::Deliver(d) => t(
                lang,
                "the-boss-promise-deliver",
                &[("what", deliverable(data, d, lang).into())],
            ),
            Promise::Favour(f) => t(
                lang,
                "the-boss-promise-favour",
                &[("favour", f.as_str().into())],
            ),
        };
        s.push_str(&t(
            lang,
            "the-boss-offer-promise",
            &[
                ("promisor", name(lt.promisor).into()),
                ("what", what.into()),
                ("round", lt.due.into()),
            ],
        ));
        if !lt.collateral.is_empty() {
            s.push_str(&t(
                lang,
                "the-boss-offer-pledge",
                &[(
                    "collateral",
                    items(data, &lt.collateral, &[], name, lang).into(),
                )],
            ));
        }
    }
    if let Some(d) = o.cancel {
        s.push_str(&t(lang, "the-boss-offer-cancels", &[("deal", d.into())]));
    }
    if !o.note.is_empty() {
        s.push_str(&t(
            lang,
            "the-boss-offer-note",
            &[("note", o.note.as_str().into())],
        ));
    }
    s
}

/// How the game ended, in words.
pub fn ending_words(e: &Ending, name: &dyn Fn(Seat) -> String, lang: &str) -> String {
    match *e {
        Ending::CompleteSet { seat } => {
            t(lang, "the-boss-ending-set", &[("name", name(seat).into())])
        }
        Ending::Shares { seat } => t(
            lang,
            "the-boss-ending-shares",
            &[("name", name(seat).into())],
        ),
        Ending::DeckEnd => t(lang, "the-boss-ending-deck", &[]),
    }
}

/// An event as a sentence in `lang`, naming seats with `name`.
pub fn describe(e: &Event, name: &dyn Fn(Seat) -> String, lang: &str) -> String {
    let n = |s: Seat| -> Arg { name(s).into() };
    let m = |id: &str, args: &[(&str, Arg)]| t(lang, id, args);
    match e {
        Event::TurnStarted { seat, round } => m(
            "the-boss-ev-turn",
            &[("round", (*round).into()), ("name", n(*seat))],
        ),
        Event::TurnSkipped { seat, reason } => {
            let reason = match reason.as_str() {
                "fired" => m("the-boss-skip-fired", &[]),
                "fired: missing 2nd turn" => m("the-boss-skip-fired-second", &[]),
                "losing turns" => m("the-boss-skip-losing", &[]),
                other => other.to_string(),
            };
            m(
                "the-boss-ev-skipped",
                &[("name", n(*seat)), ("reason", reason.into())],
            )
        }
        Event::DisasterOver { seat, .. } => m("the-boss-ev-disaster-over", &[("name", n(*seat))]),
        Event::Salary { seat, amount } => m(
            "the-boss-ev-salary",
            &[("name", n(*seat)), ("amount", (*amount).into())],
        ),
        Event::ExecutiveCard { seat, card } => m(
            "the-boss-ev-executive-card",
            &[("name", n(*seat)), ("number", number(*card))],
        ),
        Event::Bought { seat, shares, cost } => m(
            "the-boss-ev-bought",
            &[
                ("name", n(*seat)),
                ("shares", (*shares).into()),
                ("cost", (*cost).into()),
            ],
        ),
        Event::FloorOpened { seat } => m("the-boss-ev-floor", &[("name", n(*seat))]),
        Event::Moved { seat, from, to } => match from {
            Some(f) => m(
                "the-boss-ev-moved",
                &[
                    ("name", n(*seat)),
                    ("from", (*f).into()),
                    ("to", (*to).into()),
                ],
            ),
            None => m(
                "the-boss-ev-took-position",
                &[("name", n(*seat)), ("to", (*to).into())],
            ),
        },
        Event::Used { seat, card } => m(
            "the-boss-ev-used",
            &[("name", n(*seat)), ("number", number(*card))],
        ),
        Event::Fired {
            by,
            seat,
            severance,
        } => {
            if *severance > 0 {
                m(
                    "the-boss-ev-fired-severance",
                    &[
                        ("by", n(*by)),
                        ("name", n(*seat)),
                        ("severance", (*severance).into()),
                    ],
                )
            } else {
                m("the-boss-ev-fired", &[("by", n(*by)), ("name", n(*seat))])
            }
        }
        Event::MeetingCalled { caller, target, .. } => m(
            "the-boss-ev-meeting",
            &[("caller", n(*caller)), ("target", n(*target))],
        ),
        Event::Voted { seat, vote, shares } => m(
            "the-boss-ev-voted",
            &[
                ("name", n(*seat)),
                ("vote", vote_word(*vote).into()),
                ("shares", (*shares).into()),
            ],
        ),
        Event::LobbyPass { seat } => m("the-boss-ev-lobby-pass", &[("name", n(*seat))]),
        Event::Tally {
            for_shares,
            against,
            fired,
        } => m(
            if *fired {
                "the-boss-ev-tally-fired"
            } else {
                "the-boss-ev-tally-stays"
            },
            &[
                ("for", (*for_shares).into()),
                ("against", (*against).into()),
            ],
        ),
        Event::Discarded { seat, deck, card } => match seat {
            Some(s) => m(
                "the-boss-ev-discards",
                &[
                    ("name", n(*s)),
                    ("deck", deck_id(*deck).into()),
                    ("number", number(*card)),
                ],
            ),
            None => m(
                "the-boss-ev-discarded",
                &[("deck", deck_id(*deck).into()), ("number", number(*card))],
            ),
        },
        Event::Drew {
            seat, deck, card, ..
        } => match card {
            Some(c) => m(
                "the-boss-ev-drew-card",
                &[
                    ("name", n(*seat)),
                    ("deck", deck_id(*deck).into()),
                    ("number", number(*c)),
                ],
            ),
            None => m(
                "the-boss-ev-drew",
                &[("name", n(*seat)), ("deck", deck_id(*deck).into())],
            ),
        },
        Event::PaidDisaster { seat, amount } => m(
            "the-boss-ev-paid-disaster",
            &[("name", n(*seat)), ("amount", (*amount).into())],
        ),
        Event::LosingTurns { seat, turns } => m(
            "the-boss-ev-losing-turns",
            &[("name", n(*seat)), ("count", (*turns).into())],
        ),
        Event::Offered {
            id,
            from,
            counters,
            offer,
        } => {
            let text = offer_words(None, offer, name, lang);
            match counters {
                Some(c) => m(
                    "the-boss-ev-countered",
                    &[
                        ("id", (*id).into()),
                        ("counters", (*c).into()),
                        ("from", n(*from)),
                        ("to", n(offer.to)),
                        ("offer", text.into()),
                    ],
                ),
                None => m(
                    "the-boss-ev-offered",
                    &[
                        ("id", (*id).into()),
                        ("from", n(*from)),
                        ("to", n(offer.to)),
                        ("offer", text.into()),
                    ],
                ),
            }
        }
        Event::Accepted { id, deal } => match deal {
            Some(d) => m(
                "the-boss-ev-accepted-deal",
                &[("id", (*id).into()), ("deal", (*d).into())],
            ),
            None => m("the-boss-ev-accepted", &[("id", (*id).into())]),
        },
        Event::Voided { id, reason } => m(
            "the-boss-ev-voided",
            &[("id", (*id).into()), ("reason", reason.message().into())],
        ),
        Event::Rejected { id } => m("the-boss-ev-rejected", &[("id", (*id).into())]),
        Event::Withdrawn { id } => m("the-boss-ev-withdrawn", &[("id", (*id).into())]),
        Event::Expired { ids } => m(
            "the-boss-ev-expired",
            &[
                ("count", ids.len().into()),
                (
                    "ids",
                    ids.iter()
                        .map(|i| i.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                        .into(),
                ),
            ],
        ),
        Event::Shown { seat, to, card } => match card {
            Some(c) => m(
                "the-boss-ev-shown-card",
                &[("name", n(*seat)), ("number", number(*c)), ("to", n(*to))],
            ),
            None => m("the-boss-ev-shown", &[("name", n(*seat)), ("to", n(*to))]),
        },
        Event::AuctionOpened {
            seller,
            lot,
            opening,
            mandatory,
            ..
        } => m(
            if *mandatory {
                "the-boss-ev-auction-mandatory"
            } else {
                "the-boss-ev-auction"
            },
            &[
                ("name", n(*seller)),
                ("lot", lot_words(None, *lot, lang).into()),
                ("opening", (*opening).into()),
            ],
        ),
        Event::Bid { seat, amount } => m(
            "the-boss-ev-bid",
            &[("name", n(*seat)), ("amount", (*amount).into())],
        ),
        Event::Passed { seat } => m("the-boss-ev-passed", &[("name", n(*seat))]),
        Event::AuctionClosed { sold, lot } => match sold {
            Some((s, p)) => m(
                "the-boss-ev-auction-sold",
                &[
                    ("name", n(*s)),
                    ("lot", lot_words(None, *lot, lang).into()),
                    ("price", (*p).into()),
                ],
            ),
            None => m(
                "the-boss-ev-auction-unsold",
                &[("lot", lot_words(None, *lot, lang).into())],
            ),
        },
        Event::Settled { id } => m("the-boss-ev-settled", &[("id", (*id).into())]),
        Event::Released { id } => m("the-boss-ev-released", &[("id", (*id).into())]),
        Event::Broke { id, walked_away } => m(
            if *walked_away {
                "the-boss-ev-broke-walked"
            } else {
                "the-boss-ev-broke-default"
            },
            &[("id", (*id).into())],
        ),
        Event::Cancelled { id } => m("the-boss-ev-cancelled", &[("id", (*id).into())]),
        Event::DealsClosed {
            defaulted,
            returned,
        } => m(
            "the-boss-ev-deals-closed",
            &[
                ("defaulted", defaulted.len().into()),
                ("returned", returned.len().into()),
            ],
        ),
        Event::TimeUp { what } => match what {
            crate::action::Timeout::Offer(id) => {
                m("the-boss-ev-time-offer", &[("id", (*id).into())])
            }
            crate::action::Timeout::Bid => m("the-boss-ev-time-bid", &[]),
            crate::action::Timeout::Lobbying => m("the-boss-ev-time-lobbying", &[]),
            crate::action::Timeout::Business => m("the-boss-ev-time-business", &[]),
        },
        Event::CommitmentLapsed { target } => {
            m("the-boss-ev-commitment-lapsed", &[("name", n(*target))])
        }
        Event::GameOver { ending } => m(
            "the-boss-ev-game-over",
            &[("ending", ending_words(ending, name, lang).into())],
        ),
    }
}

/// What each seat holds as `viewer` may know it, in words of `lang` (see
/// `Present::holdings_in`): where the player stands (the position by title, the Fired track,
/// unemployed), cash, shares, the cards in hand by name, the Fate card (named when the viewer
/// may know it) and turns still to lose.
pub fn holdings(
    g: &crate::TheBoss,
    viewer: boardroom_engine::Viewer,
    lang: &str,
) -> Vec<Vec<Holding>> {
    let data = g.data();
    let obs = g.observation(viewer);
    let number = |n: u32| boardroom_i18n::number(lang, f64::from(n));
    // Cards by name: their titles as the data set writes them, listed as the language does.
    let cards = |names: Vec<String>| {
        if names.is_empty() {
            t(lang, "the-boss-nothing", &[])
        } else {
            t(
                lang,
                "the-boss-held-cards",
                &[("names", list(lang, names).into())],
            )
        }
    };
    obs.players
        .iter()
        .map(|p| {
            let place = match (p.job, p.fired) {
                (Some(n), _) => data.positions.iter().find(|x| x.number == n).map_or_else(
                    || {
                        t(
                            lang,
                            "the-boss-held-position-number",
                            &[("number", n.into())],
                        )
                    },
                    |x| {
                        t(
                            lang,
                            "the-boss-held-title",
                            &[("title", x.title.as_str().into())],
                        )
                    },
                ),
                (None, Some(missed)) => t(
                    lang,
                    "the-boss-held-fired",
                    &[("missing", u32::from(missed.min(2)).into())],
                ),
                (None, None) => t(lang, "the-boss-held-unemployed", &[]),
            };
            let fate = match &p.fate {
                None => t(lang, "the-boss-nothing", &[]),
                Some(f) => f.card.map_or_else(
                    || t(lang, "the-boss-held-fate-face-down", &[]),
                    |c| crate::names::fate_name_in(data, c, lang),
                ),
            };
            let what = |id: &str| t(lang, id, &[]);
            vec![
                Holding::new(what("the-boss-held-position"), place),
                Holding::new(
                    what("the-boss-held-cash"),
                    t(lang, "the-boss-money", &[("amount", p.cash.into())]),
                ),
                Holding::new(what("the-boss-held-shares"), number(p.shares)),
                Holding::new(
                    what("the-boss-held-experience"),
                    cards(p.experience.iter().map(|&c| exp_name(data, c)).collect()),
                ),
                Holding::new(
                    what("the-boss-held-executive"),
                    cards(
                        p.executive
                            .iter()
                            .map(|&c| exec_name_in(data, c, lang))
                            .collect(),
                    ),
                ),
                Holding::new(what("the-boss-held-fate"), fate),
                Holding::new(
                    what("the-boss-held-turns-to-lose"),
                    number(u32::from(p.lost_turns)),
                ),
            ]
        })
        .collect()
}
