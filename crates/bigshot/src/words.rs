//! Big Shot's words in every language it speaks: the messages of `locales/<lang>/game.ftl`,
//! read by the browser view and by [`crate::present`] (log sentences, prompts, action labels,
//! refusals) alike.

use crate::colour::{Colour, Cubes};
use boardroom_engine::{Present, Seat};
use boardroom_i18n::{Arg, Catalog, Message, Source};
use std::sync::LazyLock;

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    let sources: Vec<Source> = <crate::BigShot as Present>::locales()
        .iter()
        .map(|f| Source {
            lang: f.lang,
            name: "big-shot",
            ftl: f.ftl,
        })
        .collect();
    // The files are embedded and checked by the tests: a catalogue that does not build is a
    // build that must not ship.
    Catalog::new(&sources).expect("Big Shot's messages form a catalogue")
});

/// Every message of Big Shot, in every language.
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

/// Seat `seat`'s name (its first cube colour) as a message.
pub fn seat(seat: Seat) -> Message {
    let colour = crate::colour::colours_of(4, seat)
        .first()
        .map_or("none", |c| c.name());
    Message::new("big-shot-seat")
        .arg("colour", colour)
        .arg("number", (seat + 1) as u32)
}

/// A cube colour's name, as a sentence uses it (`red`, German `Rot`).
pub fn colour(colour: Colour) -> Message {
    Message::new("big-shot-colour").arg("colour", colour.name())
}

/// Cubes in words: `2 red and 1 orange cubes`, `1 orange cube`, `no cubes`.
pub fn cubes(c: &Cubes) -> Message {
    let parts: Vec<Message> = Colour::all()
        .filter(|col| c[col.idx()] > 0)
        .map(|col| {
            Message::new("big-shot-cube-count")
                .arg("count", u32::from(c[col.idx()]))
                .arg("colour", colour(col))
        })
        .collect();
    let total: u32 = c.iter().map(|&k| u32::from(k)).sum();
    if parts.is_empty() {
        return Message::new("big-shot-cubes-none");
    }
    Message::new("big-shot-cubes")
        .arg("list", list(parts))
        .arg("total", total)
}

/// `items` as one message: comma-separated, the last joined by `and` (empty: no words).
pub fn list(items: Vec<Message>) -> Message {
    let mut items = items.into_iter().rev();
    let Some(last) = items.next() else {
        return Message::new("big-shot-empty");
    };
    let Some(before_last) = items.next() else {
        return last;
    };
    let tail = Message::new("big-shot-list-and")
        .arg("head", before_last)
        .arg("last", last);
    items.fold(tail, |tail, head| {
        Message::new("big-shot-list")
            .arg("head", head)
            .arg("tail", tail)
    })
}

/// `yes` or `no`, for a message's selector.
pub fn yes(flag: bool) -> &'static str {
    if flag {
        "yes"
    } else {
        "no"
    }
}
