//! The browser client, embedded in the binary: plain HTML, CSS and JavaScript from `web/`, no
//! build step.

/// One embedded file.
pub struct Asset {
    /// Its name under `/assets/`.
    pub name: &'static str,
    /// Its content type.
    pub content_type: &'static str,
    /// Its bytes.
    pub body: &'static str,
}

/// The lobby page.
pub const INDEX_HTML: &str = include_str!("../../../web/index.html");

/// The Big Boss table page.
pub const TABLE_HTML: &str = include_str!("../../../web/table.html");

/// The Big Shot table page.
pub const BIGSHOT_HTML: &str = include_str!("../../../web/bigshot.html");

/// Scripts and styles served under `/assets/`.
pub const ASSETS: &[Asset] = &[
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../../../web/style.css"),
    },
    Asset {
        name: "lobby.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/lobby.js"),
    },
    Asset {
        name: "connection.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/connection.js"),
    },
    Asset {
        name: "table.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/table.js"),
    },
    Asset {
        name: "bigshot.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/bigshot.js"),
    },
    Asset {
        name: "board.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/board.js"),
    },
    Asset {
        name: "favicon.svg",
        content_type: "image/svg+xml",
        body: include_str!("../../../web/favicon.svg"),
    },
];

/// The embedded file called `name`.
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}
