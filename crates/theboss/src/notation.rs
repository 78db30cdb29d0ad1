//! The notation: every action as a line of text a person can read and write, offers included
//! (`docs/the-boss-notation.md`). Reading needs the data set (card kinds) and the round (the
//! default due round of a promise).
//!
//! Cards are written with their kind and number: Experience `COL#14`, Executive `E8#17` (the
//! number after `#` is the card's id + 1), the held Fate card `fate`.

use crate::action::{
    Action, Bundle, Commitment, Deck, Deliverable, LongTerm, Lot, Offer, Promise, Timeout, Vote,
};
use crate::data::Data;
use boardroom_engine::NotationError;

/// What the notation writes for the kind of a card id the data set does not have: not a kind,
/// so the text never reads back as another card.
const UNKNOWN_KIND: &str = "?";

/// Writes an Experience card, e.g. `COL#14`. Writing is total: an id the data set does not have
/// (never read, but an action may be built by hand) is written `?#57`, which no reader accepts.
pub fn exp_card(data: &Data, c: u8) -> String {
    let kind = data
        .exp_cards
        .get(c as usize)
        .and_then(|&k| data.kinds.get(k as usize))
        .map_or(UNKNOWN_KIND, |k| k.id.as_str());
    format!("{kind}#{}", c as u32 + 1)
}

/// Writes an Executive card, e.g. `E8#17`; an id the data set does not have is written `E?#21`
/// (see [`exp_card`]).
pub fn exec_card(data: &Data, c: u8) -> String {
    match data.exec_cards.get(c as usize) {
        Some(n) => format!("E{n}#{}", c as u32 + 1),
        None => format!("E{UNKNOWN_KIND}#{}", c as u32 + 1),
    }
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        if ch == '"' || ch == '\\' {
            out.push('\\');
        }
        out.push(ch);
    }
    out.push('"');
    out
}

fn vote_word(v: Vote) -> &'static str {
    match v {
        Vote::For => "for",
        Vote::Against => "against",
        Vote::Abstain => "abstain",
    }
}

fn bundle_items(data: &Data, b: &Bundle, commitments: &[Commitment]) -> Vec<String> {
    let mut v = Vec::new();
    if b.cash > 0 {
        v.push(format!("${}", b.cash));
    }
    if b.shares > 0 {
        v.push(format!("{}sh", b.shares));
    }
    v.extend(b.experience.iter().map(|&c| exp_card(data, c)));
    v.extend(b.executive.iter().map(|&c| exec_card(data, c)));
    if b.fate {
        v.push("fate".into());
    }
    for c in commitments {
        v.push(match c {
            Commitment::Vote(x) => format!("vote:{}", vote_word(*x)),
            Commitment::FireTarget(s) => format!("fire:{s}"),
            Commitment::NotFire(s) => format!("nofire:{s}"),
        });
    }
    v
}

fn offer_body(data: &Data, o: &Offer) -> String {
    let mut parts = Vec::new();
    let give = bundle_items(data, &o.give, &o.give_commitments);
    if !give.is_empty() {
        parts.push(format!("give {}", give.join(" ")));
    }
    let take = bundle_items(data, &o.take, &o.take_commitments);
    if !take.is_empty() {
        parts.push(format!("take {}", take.join(" ")));
    }
    if let Some(lt) = &o.long_term {
        match &lt.promise {
            Promise::Deliver(d) => {
                let mut items = Vec::new();
                if d.cash > 0 {
                    items.push(format!("${}", d.cash));
                }
                if d.shares > 0 {
                    items.push(format!("{}sh", d.shares));
                }
                // A kind index the data set does not have is written `?3` (read by nobody).
                items.extend(
                    d.experience
                        .iter()
                        .map(|&k| match data.kinds.get(k as usize) {
                            Some(kind) => kind.id.clone(),
                            None => format!("{UNKNOWN_KIND}{k}"),
                        }),
                );
                items.extend(d.executive.iter().map(|&n| format!("E{n}")));
                parts.push(format!(
                    "promise {} deliver {}",
                    lt.promisor,
                    items.join(" ")
                ));
            }
            Promise::Favour(t) => {
                parts.push(format!("promise {} favour {}", lt.promisor, quote(t)))
            }
        }
        let pledge = bundle_items(data, &lt.collateral, &[]);
        if !pledge.is_empty() {
            parts.push(format!("pledge {}", pledge.join(" ")));
        }
        parts.push(format!("due {}", lt.due));
    }
    if let Some(d) = o.cancel {
        parts.push(format!("cancel {d}"));
    }
    if !o.note.is_empty() {
        parts.push(format!("note {}", quote(&o.note)));
    }
    parts.join(" ")
}

/// Writes an action in notation.
pub fn write(data: &Data, a: &Action) -> String {
    match a {
        Action::Collect => "collect".into(),
        Action::TakeCard => "card".into(),
        Action::Buy(k) => format!("buy {k}"),
        Action::Open => "open".into(),
        Action::Move(j) => format!("move {j}"),
        Action::Use => "use".into(),
        Action::Fire(s) => format!("fire {s}"),
        Action::Meeting(s) => format!("meeting {s}"),
        Action::Stop => "stop".into(),
        Action::Vote(v) => format!("vote {}", vote_word(*v)),
        Action::Pass => "pass".into(),
        Action::Bid(x) => format!("bid {x}"),
        Action::Pay => "pay".into(),
        Action::Lose => "lose".into(),
        Action::Draw(Deck::Experience) => "draw experience".into(),
        Action::Draw(Deck::Fate) => "draw fate".into(),
        Action::Discard => "discard".into(),
        Action::End => "end".into(),
        Action::Offer(o) => format!("offer {} {}", o.to, offer_body(data, o)),
        Action::Counter(id, o) => format!("counter {id} {}", offer_body(data, o)),
        Action::Accept(id) => format!("accept {id}"),
        Action::Reject(id) => format!("reject {id}"),
        Action::Withdraw(id) => format!("withdraw {id}"),
        Action::Show(s) => format!("show {s}"),
        Action::Auction(lot, reserve) => {
            let l = match lot {
                Lot::Experience(c) => exp_card(data, *c),
                Lot::Executive(c) => exec_card(data, *c),
                Lot::Fate => "fate".into(),
                Lot::Shares(k) => format!("{k}sh"),
            };
            format!("auction {l} {reserve}")
        }
        Action::Settle(id) => format!("settle {id}"),
        Action::Release(id) => format!("release {id}"),
        Action::Default(id) => format!("default {id}"),
        Action::WalkAway(id) => format!("walkaway {id}"),
        Action::Timeout(t) => match t {
            Timeout::Offer(id) => format!("timeout offer {id}"),
            Timeout::Bid => "timeout bid".into(),
            Timeout::Lobbying => "timeout lobbying".into(),
            Timeout::Business => "timeout business".into(),
        },
    }
}

/// A word or a quoted string.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Word(String),
    Text(String),
}

fn tokenize(text: &str) -> Result<Vec<Tok>, String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            let mut s = String::new();
            loop {
                match chars.next() {
                    None => return Err("a quoted text is not closed with `\"`".into()),
                    Some('"') => break,
                    Some('\\') => match chars.next() {
                        Some(x) => s.push(x),
                        None => return Err("a quoted text ends with `\\`".into()),
                    },
                    Some(x) => s.push(x),
                }
            }
            out.push(Tok::Text(s));
        } else {
            let mut s = String::new();
            while let Some(&x) = chars.peek() {
                if x.is_whitespace() || x == '"' {
                    break;
                }
                s.push(x);
                chars.next();
            }
            out.push(Tok::Word(s));
        }
    }
    Ok(out)
}

fn num<T: std::str::FromStr>(w: &str, what: &str) -> Result<T, String> {
    w.parse::<T>()
        .map_err(|_| format!("`{w}` is not {what} (a whole number)"))
}

/// Reads `KIND#n` or `E5#n` as a card.
enum Card {
    Exp(u8),
    Exec(u8),
}

fn card(data: &Data, w: &str) -> Result<Option<Card>, String> {
    let Some((prefix, number)) = w.split_once('#') else {
        return Ok(None);
    };
    let n: u32 = num(number, "a card number")?;
    if n == 0 {
        return Err(format!("`{w}`: card numbers start at 1"));
    }
    let id = n - 1;
    let up = prefix.to_ascii_uppercase();
    if let Some(k) = data.kind_index(&up) {
        if id as usize >= data.exp_cards.len() || data.exp_kind(id as u8) != k {
            return Err(format!(
                "`{w}` is not an Experience card ({up} cards have other numbers)"
            ));
        }
        return Ok(Some(Card::Exp(id as u8)));
    }
    if let Some(num) = up.strip_prefix('E').and_then(|x| x.parse::<u8>().ok()) {
        if id as usize >= data.exec_cards.len() || data.exec_number(id as u8) != num {
            return Err(format!("`{w}` is not an Executive card"));
        }
        return Ok(Some(Card::Exec(id as u8)));
    }
    Err(format!("`{prefix}` is not a card kind"))
}

/// Items of one clause add up (`$300 $200` is $500); a sum past the largest number is an error,
/// never a wrapped amount.
fn add(sum: u32, x: u32, what: &str) -> Result<u32, String> {
    sum.checked_add(x)
        .ok_or_else(|| format!("{what} add up to more than {}", u32::MAX))
}

fn money(w: &str) -> Result<Option<u32>, String> {
    match w.strip_prefix('$') {
        Some(x) => Ok(Some(num(x, "an amount")?)),
        None => Ok(None),
    }
}

fn shares(w: &str) -> Result<Option<u32>, String> {
    match w.to_ascii_lowercase().strip_suffix("sh") {
        Some(x) if !x.is_empty() && x.chars().all(|c| c.is_ascii_digit()) => {
            Ok(Some(num(x, "a number of shares")?))
        }
        _ => Ok(None),
    }
}

fn parse_vote(w: &str) -> Result<Vote, String> {
    match w.to_ascii_lowercase().as_str() {
        "for" => Ok(Vote::For),
        "against" => Ok(Vote::Against),
        "abstain" => Ok(Vote::Abstain),
        _ => Err(format!("`{w}` is not a vote (for, against, abstain)")),
    }
}

const CLAUSES: [&str; 7] = ["give", "take", "promise", "pledge", "due", "cancel", "note"];

fn is_clause(t: &Tok) -> bool {
    matches!(t, Tok::Word(w) if CLAUSES.contains(&w.to_ascii_lowercase().as_str()))
}

/// Reads the items of a give/take/pledge clause.
fn items(
    data: &Data,
    toks: &[Tok],
    i: &mut usize,
    allow_commit: bool,
) -> Result<(Bundle, Vec<Commitment>), String> {
    let mut b = Bundle::default();
    let mut cs = Vec::new();
    let mut any = false;
    while *i < toks.len() && !is_clause(&toks[*i]) {
        let Tok::Word(w) = &toks[*i] else {
            return Err("a quoted text belongs after `note` or `favour`".into());
        };
        *i += 1;
        any = true;
        let lw = w.to_ascii_lowercase();
        if let Some(x) = money(w)? {
            b.cash = add(b.cash, x, "the amounts")?;
        } else if let Some(x) = shares(w)? {
            b.shares = add(b.shares, x, "the shares")?;
        } else if lw == "fate" {
            b.fate = true;
        } else if let Some(c) = card(data, w)? {
            match c {
                Card::Exp(c) => b.experience.push(c),
                Card::Exec(c) => b.executive.push(c),
            }
        } else if let Some((k, v)) = lw.split_once(':') {
            if !allow_commit {
                return Err("commitments go in `give` or `take`".into());
            }
            cs.push(match k {
                "vote" => Commitment::Vote(parse_vote(v)?),
                "fire" => Commitment::FireTarget(num(v, "a seat")?),
                "nofire" => Commitment::NotFire(num(v, "a seat")?),
                _ => return Err(format!("`{w}` is not a commitment (vote:for, vote:against, fire:<seat>, nofire:<seat>)")),
            });
        } else {
            return Err(format!(
                "`{w}` is not an item ($300, 20sh, COL#14, E8#17, fate, vote:for, fire:2, nofire:2)"
            ));
        }
    }
    if !any {
        return Err("a clause lists at least one item".into());
    }
    b.normalise();
    Ok((b, cs))
}

fn offer_body_parse(data: &Data, round: u32, to: usize, toks: &[Tok]) -> Result<Offer, String> {
    let mut o = Offer {
        to,
        ..Offer::default()
    };
    let mut i = 0;
    let mut promise: Option<(usize, Promise)> = None;
    let mut pledge = Bundle::default();
    let mut due = None;
    let mut seen: Vec<String> = Vec::new();
    while i < toks.len() {
        let Tok::Word(w) = &toks[i] else {
            return Err("a quoted text belongs after `note` or `favour`".into());
        };
        let w = w.to_ascii_lowercase();
        if !CLAUSES.contains(&w.as_str()) {
            return Err(format!("`{w}` is not a clause of an offer (give, take, promise, pledge, due, cancel, note)"));
        }
        if seen.contains(&w) {
            return Err(format!("`{w}` appears twice"));
        }
        seen.push(w.clone());
        i += 1;
        let word = |i: usize| match toks.get(i) {
            Some(Tok::Word(x)) => Ok(x.clone()),
            _ => Err(format!("`{w}` needs a value")),
        };
        match w.as_str() {
            "give" => (o.give, o.give_commitments) = items(data, toks, &mut i, true)?,
            "take" => (o.take, o.take_commitments) = items(data, toks, &mut i, true)?,
            "pledge" => pledge = items(data, toks, &mut i, false)?.0,
            "due" => {
                due = Some(num(&word(i)?, "a round")?);
                i += 1;
            }
            "cancel" => {
                o.cancel = Some(num(&word(i)?, "a deal number")?);
                i += 1;
            }
            "note" => match toks.get(i) {
                Some(Tok::Text(t)) => {
                    o.note = t.clone();
                    i += 1;
                }
                _ => return Err("`note` takes a quoted text, e.g. note \"deal?\"".into()),
            },
            _ => {
                // promise <seat> deliver <items> | favour "text"
                let seat: usize = num(&word(i)?, "a seat")?;
                i += 1;
                let kind = word(i)?.to_ascii_lowercase();
                i += 1;
                let p = match kind.as_str() {
                    "favour" | "favor" => match toks.get(i) {
                        Some(Tok::Text(t)) => {
                            i += 1;
                            Promise::Favour(t.clone())
                        }
                        _ => return Err("`favour` takes a quoted text".into()),
                    },
                    "deliver" => {
                        let mut d = Deliverable::default();
                        let mut any = false;
                        while i < toks.len() && !is_clause(&toks[i]) {
                            let Tok::Word(x) = &toks[i] else {
                                return Err("a deliverable lists items, not quoted text".into());
                            };
                            i += 1;
                            any = true;
                            let up = x.to_ascii_uppercase();
                            if let Some(m) = money(x)? {
                                d.cash = add(d.cash, m, "the amounts")?;
                            } else if let Some(s) = shares(x)? {
                                d.shares = add(d.shares, s, "the shares")?;
                            } else if let Some(k) = data.kind_index(&up) {
                                d.experience.push(k);
                            } else if let Some(n) =
                                up.strip_prefix('E').and_then(|n| n.parse::<u8>().ok())
                            {
                                d.executive.push(n);
                            } else {
                                return Err(format!(
                                    "`{x}` is not a deliverable ($300, 50sh, COL, E8)"
                                ));
                            }
                        }
                        if !any {
                            return Err("`deliver` lists at least one item".into());
                        }
                        Promise::Deliver(d)
                    }
                    _ => return Err(
                        "`promise <seat>` is followed by `deliver <items>` or `favour \"text\"`"
                            .into(),
                    ),
                };
                promise = Some((seat, p));
            }
        }
    }
    match promise {
        Some((promisor, promise)) => {
            o.long_term = Some(LongTerm {
                promisor,
                promise,
                collateral: pledge,
                due: due.unwrap_or(round.saturating_add(3)),
            })
        }
        None => {
            if !pledge.is_empty() || due.is_some() {
                return Err("`pledge` and `due` belong to a `promise`".into());
            }
        }
    }
    Ok(o)
}

/// Reads an action (case and extra spaces do not matter). `round` gives the default due round
/// of a promise (round + 3).
pub fn parse(data: &Data, round: u32, text: &str) -> Result<Action, NotationError> {
    let err = |r: String| NotationError::new(text, r);
    if text.len() > 2000 {
        return Err(err("the action is too long".into()));
    }
    let toks = tokenize(text).map_err(err)?;
    let Some(Tok::Word(verb)) = toks.first() else {
        return Err(err("empty action".into()));
    };
    let verb = verb.to_ascii_lowercase();
    let rest = &toks[1..];
    let words: Vec<String> = rest
        .iter()
        .map(|t| match t {
            Tok::Word(w) => w.clone(),
            Tok::Text(t) => format!("\"{t}\""),
        })
        .collect();
    let one = |what: &str| -> Result<String, NotationError> {
        match words.as_slice() {
            [w] => Ok(w.clone()),
            _ => Err(err(format!("write `{verb} <{what}>`"))),
        }
    };
    let none = || -> Result<(), NotationError> {
        if words.is_empty() {
            Ok(())
        } else {
            Err(err(format!("`{verb}` takes nothing after it")))
        }
    };
    let n32 = |w: String, what: &str| num::<u32>(&w, what).map_err(err);
    let seat = |w: String| num::<usize>(&w, "a seat").map_err(err);
    Ok(match verb.as_str() {
        "collect" => none().map(|_| Action::Collect)?,
        "card" => none().map(|_| Action::TakeCard)?,
        "open" => none().map(|_| Action::Open)?,
        "use" => none().map(|_| Action::Use)?,
        "stop" => none().map(|_| Action::Stop)?,
        "pass" => none().map(|_| Action::Pass)?,
        "pay" => none().map(|_| Action::Pay)?,
        "lose" => none().map(|_| Action::Lose)?,
        "discard" => none().map(|_| Action::Discard)?,
        "end" => none().map(|_| Action::End)?,
        "buy" => Action::Buy(n32(one("shares")?, "a number of shares")?),
        "bid" => Action::Bid(n32(one("amount")?.trim_start_matches('$').to_string(), "an amount")?),
        "move" => Action::Move(num::<u8>(&one("position")?, "a position").map_err(err)?),
        "fire" => Action::Fire(seat(one("seat")?)?),
        "meeting" => Action::Meeting(seat(one("seat")?)?),
        "show" => Action::Show(seat(one("seat")?)?),
        "vote" => Action::Vote(parse_vote(&one("for|against|abstain")?).map_err(err)?),
        "draw" => match one("experience|fate")?.to_ascii_lowercase().as_str() {
            "experience" | "exp" | "e" => Action::Draw(Deck::Experience),
            "fate" | "f" => Action::Draw(Deck::Fate),
            w => return Err(err(format!("`{w}` is not a deck (experience, fate)"))),
        },
        "accept" => Action::Accept(n32(one("offer")?, "an offer number")?),
        "reject" => Action::Reject(n32(one("offer")?, "an offer number")?),
        "withdraw" => Action::Withdraw(n32(one("offer")?, "an offer number")?),
        "settle" => Action::Settle(n32(one("deal")?, "a deal number")?),
        "release" => Action::Release(n32(one("deal")?, "a deal number")?),
        "default" => Action::Default(n32(one("deal")?, "a deal number")?),
        "walkaway" => Action::WalkAway(n32(one("deal")?, "a deal number")?),
        "auction" => {
            let [lot, reserve] = words.as_slice() else {
                return Err(err("write `auction <lot> <reserve>`, e.g. `auction COL#14 50`".into()));
            };
            let l = if lot.eq_ignore_ascii_case("fate") {
                Lot::Fate
            } else if let Some(k) = shares(lot).map_err(err)? {
                Lot::Shares(k)
            } else {
                match card(data, lot).map_err(err)? {
                    Some(Card::Exp(c)) => Lot::Experience(c),
                    Some(Card::Exec(c)) => Lot::Executive(c),
                    None => return Err(err(format!("`{lot}` is not a lot (COL#14, E8#17, fate, 50sh)"))),
                }
            };
            Action::Auction(l, n32(reserve.trim_start_matches('$').to_string(), "an amount")?)
        }
        "timeout" => match words.as_slice() {
            [w] if w.eq_ignore_ascii_case("bid") => Action::Timeout(Timeout::Bid),
            [w] if w.eq_ignore_ascii_case("lobbying") => Action::Timeout(Timeout::Lobbying),
            [w] if w.eq_ignore_ascii_case("business") => Action::Timeout(Timeout::Business),
            [w, id] if w.eq_ignore_ascii_case("offer") => {
                Action::Timeout(Timeout::Offer(n32(id.clone(), "an offer number")?))
            }
            _ => {
                return Err(err(
                    "write `timeout offer <id>`, `timeout bid`, `timeout lobbying` or `timeout business`".into(),
                ))
            }
        },
        "offer" => {
            let Some(Tok::Word(to)) = rest.first() else {
                return Err(err("write `offer <seat> give … take …`".into()));
            };
            let to = seat(to.clone())?;
            Action::Offer(Box::new(offer_body_parse(data, round, to, &rest[1..]).map_err(err)?))
        }
        "counter" => {
            let Some(Tok::Word(id)) = rest.first() else {
                return Err(err("write `counter <offer> give … take …`".into()));
            };
            let id = n32(id.clone(), "an offer number")?;
            // The receiver is filled in by the game (the maker of the countered offer).
            Action::Counter(id, Box::new(offer_body_parse(data, round, usize::MAX, &rest[1..]).map_err(err)?))
        }
        _ => {
            return Err(err(format!(
                "unknown action `{verb}` (collect, card, buy, open, move, use, fire, meeting, stop, vote, pass, bid, pay, lose, draw, discard, end, offer, counter, accept, reject, withdraw, show, auction, settle, release, default, walkaway; the clock's: timeout)"
            )))
        }
    })
}
