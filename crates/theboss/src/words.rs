//! The Boss's words in every language it speaks: the messages of `locales/<lang>/game.ftl`,
//! read by the browser view and by [`crate::present`] and [`crate::describe`] (log sentences,
//! prompts, action labels) alike.

use boardroom_engine::{Present, Seat};
use boardroom_i18n::{Arg, Catalog, Message, Source};
use std::sync::LazyLock;

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    let sources: Vec<Source> = <crate::TheBoss as Present>::locales()
        .iter()
        .map(|f| Source {
            lang: f.lang,
            name: "the-boss",
            ftl: f.ftl,
        })
        .collect();
    // The files are embedded and checked by the tests: a catalogue that does not build is a
    // build that must not ship.
    Catalog::new(&sources).expect("The Boss's messages form a catalogue")
});

/// Every message of The Boss, in every language.
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

/// The players' colours, as the messages choose a seat's name by them.
const COLOURS: [&str; 4] = ["red", "blue", "green", "yellow"];

/// Seat `seat`'s name (its colour) as a message.
pub fn seat(seat: Seat) -> Message {
    Message::new("the-boss-seat")
        .arg("colour", COLOURS.get(seat).copied().unwrap_or("none"))
        .arg("number", seat + 1)
}

/// Seat `seat`'s name in `lang`.
pub fn seat_in(seat: Seat, lang: &str) -> String {
    text(lang, &self::seat(seat))
}

/// `items` joined by commas, or the language's word for nothing when there are none.
pub fn list(lang: &str, items: Vec<String>) -> String {
    if items.is_empty() {
        t(lang, "the-boss-nothing", &[])
    } else {
        items.join(", ")
    }
}
