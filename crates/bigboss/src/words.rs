//! Big Boss's words in every language it speaks: the messages of `locales/<lang>/game.ftl`,
//! read by the browser view and by [`crate::present`] (log sentences, prompts, action labels,
//! refusals) alike.

use boardroom_engine::{Present, Seat};
use boardroom_i18n::{Arg, Catalog, Message, Source};
use std::sync::LazyLock;

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    let sources: Vec<Source> = <crate::BigBoss as Present>::locales()
        .iter()
        .map(|f| Source {
            lang: f.lang,
            name: "big-boss",
            ftl: f.ftl,
        })
        .collect();
    // The files are embedded and checked by the tests: a catalogue that does not build is a
    // build that must not ship.
    Catalog::new(&sources).expect("Big Boss's messages form a catalogue")
});

/// Every message of Big Boss, in every language.
pub fn catalog() -> &'static Catalog {
    &CATALOG
}

/// `message` in `lang` (English where `lang` lacks it).
pub fn text(lang: &str, message: &Message) -> String {
    CATALOG.format(lang, message)
}

/// Message `id` in `lang`, with `args`.
pub fn t(lang: &str, id: &str, args: &[(&str, Arg)]) -> String {
    CATALOG.message(lang, id, args)
}

/// Seat `seat`'s name (its colour) as a message.
pub fn seat(seat: Seat) -> Message {
    let colour = crate::state::PLAYER_COLOURS
        .get(seat)
        .map_or("none", |c| c)
        .to_ascii_lowercase();
    Message::new("big-boss-seat")
        .arg("colour", colour)
        .arg("number", seat + 1)
}

/// The message id of the rule set's tower (`radio-tower`, `owner-flag`), from its English name:
/// the messages choose their words by it.
pub fn tower_kind(tower_name: &str) -> String {
    tower_name.replace(' ', "-")
}

/// `items` as one message, comma-separated in order (empty: no words).
pub fn list(items: Vec<Message>) -> Message {
    let mut items = items.into_iter().rev();
    let Some(last) = items.next() else {
        return Message::new("big-boss-empty");
    };
    items.fold(last, |tail, head| {
        Message::new("big-boss-list")
            .arg("head", head)
            .arg("tail", tail)
    })
}

/// An amount of money (millions of dollars) as a message: `$12M`, German `12 Mio. $`.
pub fn money(amount: impl Into<Arg>) -> Message {
    Message::new("big-boss-money").arg("amount", amount)
}
