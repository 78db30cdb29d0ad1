//! The language of each page: the catalogue of every message (the shell's from
//! `web/locales/<lang>/shell.ftl`, each game's from its crate), the language a request gets (the
//! `lang` cookie the page's language menu sets, else `Accept-Language`, else English), the
//! pages' `{{t:id}}` placeholders filled in that language, and `GET /api/messages/{lang}`, the
//! Fluent text the page's scripts read (`web/shell/i18n.js`).

use crate::assets::escape_html;
use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use boardroom_i18n::{Catalog, Source};
use std::sync::LazyLock;

/// The cookie that remembers a browser's choice of language.
pub const COOKIE: &str = "lang";

/// The shell's messages (lobby, table page, server), one file per language.
const SHELL: &[Source] = &[
    Source {
        lang: "en",
        name: "shell",
        ftl: include_str!("../../../web/locales/en/shell.ftl"),
    },
    Source {
        lang: "de",
        name: "shell",
        ftl: include_str!("../../../web/locales/de/shell.ftl"),
    },
];

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    let mut sources: Vec<Source> = SHELL.to_vec();
    for (game, files) in boardroom_registry::locales() {
        sources.extend(files.iter().map(|f| Source {
            lang: f.lang,
            name: game,
            ftl: f.ftl,
        }));
    }
    // The files are embedded and checked by the tests: a catalogue that does not build is a
    // build that must not ship.
    Catalog::new(&sources).expect("the embedded messages form a catalogue")
});

/// Every message of the shell and the games.
pub fn catalog() -> &'static Catalog {
    &CATALOG
}

/// The value of cookie `name` among `headers`' `Cookie` headers.
fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
}

/// The language of a request: its `lang` cookie when the catalogue has that language, else the
/// best of its `Accept-Language`, else English.
pub fn of_request(headers: &HeaderMap) -> &'static str {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    catalog().choose(cookie(headers, COOKIE), accept)
}

/// Message `id` in `lang`, without arguments.
pub fn text(lang: &str, id: &str) -> String {
    catalog().message(lang, id, &[])
}

/// `page` with its placeholders filled for `lang`: `{{lang}}` (the language tag),
/// `{{languages}}` (the language menu's options, `lang` selected) and every `{{t:id}}` (message
/// `id`, escaped for HTML).
pub fn fill(page: &str, lang: &str) -> String {
    let options: String = catalog()
        .languages()
        .into_iter()
        .map(|l| {
            format!(
                "<option value=\"{l}\"{}>{}</option>",
                if l == lang { " selected" } else { "" },
                escape_html(&text(l, "language-name"))
            )
        })
        .collect();
    let page = page
        .replace("{{lang}}", lang)
        .replace("{{languages}}", &options);
    let mut out = String::with_capacity(page.len());
    let mut rest = page.as_str();
    while let Some(start) = rest.find("{{t:") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 4..];
        match after.find("}}") {
            Some(end) => {
                out.push_str(&escape_html(&text(lang, &after[..end])));
                rest = &after[end + 2..];
            }
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The how-to-play fragment of game `game` written in `lang`, if the game has one (else the
/// view's own English one is served).
pub fn howto(game: &str, lang: &str) -> Option<&'static str> {
    boardroom_registry::locales()
        .into_iter()
        .find(|(id, _)| *id == game)
        .and_then(|(_, files)| files.iter().find(|f| f.lang == lang))
        .and_then(|f| f.howto)
}

/// `GET /api/messages/{lang}`: the Fluent text of a language (the shell's and every game's
/// messages), which the page's scripts format with the same syntax as the server.
pub async fn messages(Path(lang): Path<String>) -> Response {
    match catalog().ftl(&lang) {
        Some(ftl) => (
            [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            ftl,
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            format!(
                "no messages in language `{}` (languages: {})",
                lang.chars().take(20).collect::<String>(),
                catalog().languages().join(", ")
            ),
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn every_message_in_every_language_with_the_same_variables() {
        let problems: Vec<String> = catalog().check().iter().map(|p| p.to_string()).collect();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn every_placeholder_of_the_pages_is_an_english_message() {
        for page in [
            crate::assets::INDEX_HTML,
            crate::assets::TABLE_HTML,
            crate::assets::LEADERBOARD_HTML,
            crate::assets::PROFILE_HTML,
        ] {
            for part in page.split("{{t:").skip(1) {
                let id = part.split("}}").next().unwrap_or_default();
                assert!(catalog().has_message("en", id), "no message `{id}`");
            }
        }
    }

    #[test]
    fn every_message_a_script_asks_for_is_an_english_message() {
        struct Views;
        impl boardroom_registry::Visitor for Views {
            type Output = &'static [boardroom_engine::WebAsset];
            fn visit<G: boardroom_registry::Playable>(self) -> Self::Output {
                G::web_assets()
            }
        }
        let mut scripts: Vec<(&str, &str)> = crate::assets::ASSETS
            .iter()
            .filter(|a| !a.name.starts_with("vendor/"))
            .map(|a| (a.name, a.body))
            .collect();
        for id in boardroom_registry::IDS {
            let views = boardroom_registry::visit(id, Views).unwrap();
            scripts.extend(views.iter().map(|a| (a.name, a.body)));
        }
        let mut asked = 0;
        for (name, body) in scripts {
            for call in ["t(\"", "tr(\""] {
                for (at, _) in body.match_indices(call) {
                    let before = body[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                        continue;
                    }
                    let rest = &body[at + call.len()..];
                    let id = &rest[..rest.find('"').unwrap_or(0)];
                    let message = id.split('.').next().unwrap_or_default();
                    assert!(
                        catalog().has_message("en", message),
                        "{name} asks for `{id}`, which English lacks"
                    );
                    asked += 1;
                }
            }
        }
        assert!(asked > 100, "only {asked} messages found in the scripts");
    }

    /// The lobby writes each bot level's note and each option from the game's messages: every
    /// language has them, and English says what the game's own list says (a note measured anew
    /// is written anew in every language).
    #[test]
    fn every_bot_note_and_option_of_every_game_is_a_message_in_every_language() {
        let mut checked = 0;
        for id in boardroom_registry::IDS {
            let info = boardroom_registry::info(id).unwrap();
            for (level, note) in &info.bot_notes {
                let message = format!("{id}-bot-note-{level}");
                assert_eq!(
                    catalog().message("en", &message, &[]),
                    *note,
                    "{message}: English says what the game's LEVEL_NOTES say"
                );
                for lang in catalog().languages() {
                    let written = catalog().message(lang, &message, &[]);
                    assert!(
                        lang == "en" || written != *note,
                        "{message} is not in {lang}"
                    );
                }
                checked += 1;
            }
            // The lobby's form offers choices and flags (a file is not asked for there).
            let offered = info
                .options
                .iter()
                .filter(|o| o.lobby && o.kind != boardroom_engine::OptionKind::File);
            for option in offered {
                let message = format!("{id}-option-{}", option.name.replace('_', "-"));
                assert!(
                    catalog().has_message("en", &message),
                    "{id}'s lobby option `{}` has no message {message}",
                    option.name
                );
                if let boardroom_engine::OptionKind::Choice(choices) = option.kind {
                    for choice in choices {
                        assert!(
                            catalog().has_message("en", &format!("{message}-{choice}")),
                            "{message}-{choice}"
                        );
                    }
                }
                checked += 1;
            }
        }
        assert!(checked > 10, "{checked} notes and options checked");
    }

    #[test]
    fn a_game_may_have_its_how_to_play_in_a_language() {
        for id in boardroom_registry::IDS {
            assert_eq!(
                howto(id, "en"),
                None,
                "{id}'s English how-to-play is its view's"
            );
        }
        let german = howto("big-boss", "de").expect("Big Boss's how-to-play in German");
        assert!(german.contains("<h2") && german.contains("Konzern"));
        assert!(german.contains("data-edition=\"classic\""));
    }

    #[test]
    fn a_request_gets_its_cookie_else_its_browser_language() {
        let mut headers = HeaderMap::new();
        assert_eq!(of_request(&headers), "en");
        headers.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_static("de-CH, de;q=0.9, en;q=0.8"),
        );
        assert_eq!(of_request(&headers), "de");
        headers.insert(header::COOKIE, HeaderValue::from_static("x=1; lang=en"));
        assert_eq!(of_request(&headers), "en");
        headers.insert(header::COOKIE, HeaderValue::from_static("lang=zz"));
        assert_eq!(of_request(&headers), "de");
    }

    #[test]
    fn pages_are_filled_and_escaped() {
        let page = fill(
            "<html lang=\"{{lang}}\"><select>{{languages}}</select>{{t:lobby-new-table}} {{t:",
            "de",
        );
        assert!(page.starts_with("<html lang=\"de\">"), "{page}");
        assert!(
            page.contains("<option value=\"de\" selected>Deutsch</option>"),
            "{page}"
        );
        assert!(
            page.contains("<option value=\"en\">English</option>"),
            "{page}"
        );
        assert!(page.contains("Neuer Tisch"), "{page}");
        assert!(page.ends_with("{{t:"), "{page}");
    }
}
