//! Cards as a player calls them: "College, 2 years", "Executive card #5 (Regional Director)",
//! "Fire card — severance $500", "Stock option: 150 shares at $16". The notation's codes
//! (`COL#21`, `E5#3`, `FIRE500`) are for typing; everything a person reads names the card.
//! Names come from the data set, so a table with its own data file reads its own titles.

use crate::data::{Data, FateEffect};
use crate::words::t;
use boardroom_i18n::{Message, ENGLISH};

/// The name of Experience kind `kind`: its title with the years written as words
/// (`College - 2 Years` reads "College, 2 years"); `an Experience card` for an unknown kind.
pub fn kind_name(data: &Data, kind: u8) -> String {
    match data.kinds.get(kind as usize) {
        Some(k) => match k.title.split_once(" - ") {
            Some((what, years)) => format!("{what}, {}", years.to_lowercase()),
            None => k.title.clone(),
        },
        None => "an Experience card".into(),
    }
}

/// The name of Experience card `card`: its kind's name.
pub fn exp_name(data: &Data, card: u8) -> String {
    match data.exp_cards.get(card as usize) {
        Some(&k) => kind_name(data, k),
        None => "an Experience card".into(),
    }
}

/// The name of an Executive card of position `number`: `Executive card #5 (Regional
/// Director)`.
pub fn exec_number_name(data: &Data, number: u8) -> String {
    exec_number_name_in(data, number, ENGLISH)
}

/// [`exec_number_name`] in `lang` (the position's title as the data set writes it).
pub fn exec_number_name_in(data: &Data, number: u8, lang: &str) -> String {
    match data.positions.iter().find(|p| p.number == number) {
        Some(p) => t(
            lang,
            "the-boss-exec-name",
            &[
                ("number", number.into()),
                ("title", p.title.as_str().into()),
            ],
        ),
        None => t(
            lang,
            "the-boss-executive-card",
            &[("number", number.into())],
        ),
    }
}

/// The name of Executive card `card` as a message, for a reader's language (see
/// [`exec_number_name`]).
pub fn exec_message(data: &Data, card: u8) -> Message {
    let number = data.exec_cards.get(card as usize);
    match number.and_then(|&n| data.positions.iter().find(|p| p.number == n)) {
        Some(p) => Message::new("the-boss-exec-name")
            .arg("number", p.number)
            .arg("title", p.title.as_str()),
        None => match number {
            Some(&n) => Message::new("the-boss-executive-card").arg("number", n),
            None => Message::new("the-boss-an-executive-card"),
        },
    }
}

/// The name of Executive card `card` (see [`exec_number_name`]).
pub fn exec_name(data: &Data, card: u8) -> String {
    exec_name_in(data, card, ENGLISH)
}

/// [`exec_name`] in `lang`.
pub fn exec_name_in(data: &Data, card: u8, lang: &str) -> String {
    match data.exec_cards.get(card as usize) {
        Some(&n) => exec_number_name_in(data, n, lang),
        None => t(lang, "the-boss-an-executive-card", &[]),
    }
}

/// The name of Fate card `card`, from what it does: `Job Available: Vice President (#7)`,
/// `Bonus card — $300`, `Stock option: 150 shares at $16`, `Fire card — severance $500`,
/// `Financial Disaster — pay $600 or lose 2 turns`.
pub fn fate_name(data: &Data, card: u8) -> String {
    fate_name_in(data, card, ENGLISH)
}

/// [`fate_name`] in `lang`.
pub fn fate_name_in(data: &Data, card: u8, lang: &str) -> String {
    if card as usize >= data.fate_cards.len() {
        return t(lang, "the-boss-lot-fate", &[]);
    }
    match data.fate_effect(card) {
        FateEffect::JobAvailable { position } => {
            match data.positions.iter().find(|p| p.number == position) {
                Some(p) => t(
                    lang,
                    "the-boss-fate-job",
                    &[
                        ("title", p.title.as_str().into()),
                        ("number", position.into()),
                    ],
                ),
                None => t(
                    lang,
                    "the-boss-fate-job-position",
                    &[("number", position.into())],
                ),
            }
        }
        FateEffect::Bonus { amount } => {
            t(lang, "the-boss-fate-bonus", &[("amount", amount.into())])
        }
        FateEffect::StockOption { shares, price } => t(
            lang,
            "the-boss-fate-option",
            &[("shares", shares.into()), ("price", price.into())],
        ),
        FateEffect::Fire { severance } => t(
            lang,
            "the-boss-fate-fire",
            &[("severance", severance.into())],
        ),
        FateEffect::Disaster { pay, turns } => t(
            lang,
            "the-boss-fate-disaster",
            &[("pay", pay.into()), ("count", turns.into())],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Config, TheBoss};
    use boardroom_engine::Game;

    /// The shipped data set's cards read as the players call them, never as codes.
    #[test]
    fn cards_are_named_as_players_call_them() {
        let g = TheBoss::new(&Config::new(3), 1).unwrap();
        let d = &g.data;
        let col = d.kinds.iter().position(|k| k.id == "COL").unwrap() as u8;
        assert_eq!(kind_name(d, col), "College, 2 years");
        let card = d.exp_cards.iter().position(|&k| k == col).unwrap() as u8;
        assert_eq!(exp_name(d, card), "College, 2 years");
        let e5 = d.exec_cards.iter().position(|&n| n == 5).unwrap() as u8;
        assert_eq!(exec_name(d, e5), "Executive card #5 (Regional Director)");
        let named = |id: &str| {
            let c = (0..d.fate_cards.len() as u8)
                .find(|&c| d.fate_id(c) == id)
                .unwrap();
            fate_name(d, c)
        };
        assert_eq!(named("FIRE500"), "Fire card — severance $500");
        assert_eq!(named("SO150@16"), "Stock option: 150 shares at $16");
        assert_eq!(named("BON300"), "Bonus card — $300");
        assert_eq!(named("JA7"), "Job Available: Vice President (#7)");
        assert_eq!(
            named("FD600-2"),
            "Financial Disaster — pay $600 or lose 2 turns"
        );
        assert_eq!(fate_name(d, 250), "a Fate card");
        assert_eq!(exp_name(d, 250), "an Experience card");
    }
}
