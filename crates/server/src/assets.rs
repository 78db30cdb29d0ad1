//! The browser client, embedded in the binary: plain HTML, CSS and JavaScript modules from
//! `web/`, no build step. The shell (`web/shell/`) is the same for every game; each game's own
//! view module comes from the game's crate through the registry (`Present::web_assets`).

/// One embedded file.
pub struct Asset {
    /// Its path under `/assets/`.
    pub name: &'static str,
    /// Its content type.
    pub content_type: &'static str,
    /// Its bytes.
    pub body: &'static str,
}

/// The lobby page.
pub const INDEX_HTML: &str = include_str!("../../../web/index.html");

/// The table page of every game (placeholders `{{…}}` filled in per table: see
/// [`table_page`]).
pub const TABLE_HTML: &str = include_str!("../../../web/table.html");

/// The leaderboards page.
pub const LEADERBOARD_HTML: &str = include_str!("../../../web/leaderboard.html");

/// A player's profile page.
pub const PROFILE_HTML: &str = include_str!("../../../web/profile.html");

const JS: &str = "text/javascript; charset=utf-8";

/// Scripts and styles served under `/assets/`.
pub const ASSETS: &[Asset] = &[
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../../../web/style.css"),
    },
    Asset {
        name: "lobby.js",
        content_type: JS,
        body: include_str!("../../../web/lobby.js"),
    },
    Asset {
        name: "account.js",
        content_type: JS,
        body: include_str!("../../../web/account.js"),
    },
    Asset {
        name: "passkeys.js",
        content_type: JS,
        body: include_str!("../../../web/passkeys.js"),
    },
    Asset {
        name: "ratings.js",
        content_type: JS,
        body: include_str!("../../../web/ratings.js"),
    },
    Asset {
        name: "favicon.svg",
        content_type: "image/svg+xml",
        body: include_str!("../../../web/favicon.svg"),
    },
    Asset {
        name: "shell/main.js",
        content_type: JS,
        body: include_str!("../../../web/shell/main.js"),
    },
    Asset {
        name: "shell/dom.js",
        content_type: JS,
        body: include_str!("../../../web/shell/dom.js"),
    },
    Asset {
        name: "shell/connection.js",
        content_type: JS,
        body: include_str!("../../../web/shell/connection.js"),
    },
    Asset {
        name: "shell/toast.js",
        content_type: JS,
        body: include_str!("../../../web/shell/toast.js"),
    },
    Asset {
        name: "shell/chat.js",
        content_type: JS,
        body: include_str!("../../../web/shell/chat.js"),
    },
    Asset {
        name: "shell/notify.js",
        content_type: JS,
        body: include_str!("../../../web/shell/notify.js"),
    },
    Asset {
        name: "shell/offline.js",
        content_type: JS,
        body: include_str!("../../../web/shell/offline.js"),
    },
    Asset {
        name: "shell/log.js",
        content_type: JS,
        body: include_str!("../../../web/shell/log.js"),
    },
    Asset {
        name: "shell/players.js",
        content_type: JS,
        body: include_str!("../../../web/shell/players.js"),
    },
    Asset {
        name: "shell/prompt.js",
        content_type: JS,
        body: include_str!("../../../web/shell/prompt.js"),
    },
    Asset {
        name: "shell/scores.js",
        content_type: JS,
        body: include_str!("../../../web/shell/scores.js"),
    },
    Asset {
        name: "shell/howto.js",
        content_type: JS,
        body: include_str!("../../../web/shell/howto.js"),
    },
    Asset {
        name: "shell/hint.js",
        content_type: JS,
        body: include_str!("../../../web/shell/hint.js"),
    },
    Asset {
        name: "shell/rematch.js",
        content_type: JS,
        body: include_str!("../../../web/shell/rematch.js"),
    },
    Asset {
        name: "shell/replay.js",
        content_type: JS,
        body: include_str!("../../../web/shell/replay.js"),
    },
    Asset {
        name: "shell/since.js",
        content_type: JS,
        body: include_str!("../../../web/shell/since.js"),
    },
    Asset {
        name: "shell/away.js",
        content_type: JS,
        body: include_str!("../../../web/shell/away.js"),
    },
    Asset {
        name: "shell/clocks.js",
        content_type: JS,
        body: include_str!("../../../web/shell/clocks.js"),
    },
    Asset {
        name: "shell/i18n.js",
        content_type: JS,
        body: include_str!("../../../web/shell/i18n.js"),
    },
    Asset {
        name: "vendor/fluent-bundle/ast.js",
        content_type: JS,
        body: include_str!("../../../web/vendor/fluent-bundle/ast.js"),
    },
    Asset {
        name: "vendor/fluent-bundle/builtins.js",
        content_type: JS,
        body: include_str!("../../../web/vendor/fluent-bundle/builtins.js"),
    },
    Asset {
        name: "vendor/fluent-bundle/bundle.js",
        content_type: JS,
        body: include_str!("../../../web/vendor/fluent-bundle/bundle.js"),
    },
    Asset {
        name: "vendor/fluent-bundle/index.js",
        content_type: JS,
        body: include_str!("../../../web/vendor/fluent-bundle/index.js"),
    },
    Asset {
        name: "vendor/fluent-bundle/memoizer.js",
        content_type: JS,
        body: include_str!("../../../web/vendor/fluent-bundle/memoizer.js"),
    },
    Asset {
        name: "vendor/fluent-bundle/resolver.js",
        content_type: JS,
        body: include_str!("../../../web/vendor/fluent-bundle/resolver.js"),
    },
    Asset {
        name: "vendor/fluent-bundle/resource.js",
        content_type: JS,
        body: include_str!("../../../web/vendor/fluent-bundle/resource.js"),
    },
    Asset {
        name: "vendor/fluent-bundle/scope.js",
        content_type: JS,
        body: include_str!("../../../web/vendor/fluent-bundle/scope.js"),
    },
    Asset {
        name: "vendor/fluent-bundle/types.js",
        content_type: JS,
        body: include_str!("../../../web/vendor/fluent-bundle/types.js"),
    },
    Asset {
        name: "finished.js",
        content_type: JS,
        body: include_str!("../../../web/finished.js"),
    },
];

/// The embedded shell file at `path` under `/assets/`.
pub fn find(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == path)
}

/// `text` with `&`, `<`, `>` and `"` escaped for HTML.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// The table page for a table of game `game` (its id) titled `title`, variant `variant`, with
/// the game's style sheets `styles` (paths under `/assets/`).
pub fn table_page(game: &str, title: &str, variant: &str, styles: &[String]) -> String {
    let links: String = styles
        .iter()
        .map(|s| {
            format!(
                "<link rel=\"stylesheet\" href=\"/assets/{}\">\n",
                escape_html(s)
            )
        })
        .collect();
    TABLE_HTML
        .replace("{{game}}", &escape_html(game))
        .replace("{{title}}", &escape_html(title))
        .replace("{{variant}}", &escape_html(variant))
        .replace("{{styles}}\n", &links)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shell_module_imported_is_embedded() {
        for a in ASSETS.iter().filter(|a| a.name.ends_with(".js")) {
            for line in a.body.lines() {
                let line = line.trim();
                if !line.starts_with("import ") {
                    continue;
                }
                let Some(from) = line.split(" from ").nth(1) else {
                    continue;
                };
                let target = from.trim_matches(|c| c == '"' || c == '\'' || c == ';');
                // The path relative to the module's folder, with `./` and `../` resolved.
                let mut parts: Vec<&str> = a.name.split('/').collect();
                parts.pop();
                for part in target.split('/') {
                    match part {
                        "." => {}
                        ".." => {
                            parts.pop();
                        }
                        _ => parts.push(part),
                    }
                }
                let full = parts.join("/");
                assert!(find(&full).is_some(), "{} imports {target}", a.name);
            }
        }
    }

    #[test]
    fn the_table_page_is_filled_in_and_escaped() {
        let page = table_page("g", "A <b>", "x\"y", &["games/g/view.css".into()]);
        // The words are filled in the request's language after the game's parts.
        let page = crate::lang::fill(&page, "en");
        assert!(!page.contains("{{"), "{page}");
        assert!(page.contains("A &lt;b&gt;") && page.contains("x&quot;y"));
        assert!(page.contains("href=\"/assets/games/g/view.css\""));
        assert!(page.contains("data-game=\"g\""));
    }
}
