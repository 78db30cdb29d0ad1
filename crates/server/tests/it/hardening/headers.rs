//! Security headers on every page and asset, and the WebSocket origin check.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_and_asset_carries_the_security_headers() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |_| {}).await;
    let _task = server.spawn();
    let http = reqwest::Client::new();
    let table = created(&http, addr, &["human", "random"]).await;
    let id = table["id"].as_str().unwrap();
    for path in [
        "/".to_string(),
        format!("/t/{id}"),
        "/t/000000000000".to_string(),
        "/assets/style.css".to_string(),
        "/assets/shell/main.js".to_string(),
        "/assets/favicon.svg".to_string(),
        "/assets/games/big-boss/view.js".to_string(),
        "/assets/games/big-shot/view.css".to_string(),
        "/api/games".to_string(),
    ] {
        let r = http
            .get(format!("http://{addr}{path}"))
            .send()
            .await
            .unwrap();
        let h = r.headers();
        let get = |name: &str| {
            h.get(name)
                .unwrap_or_else(|| panic!("{path} has no {name}"))
                .to_str()
                .unwrap()
                .to_string()
        };
        assert_eq!(get("referrer-policy"), "no-referrer", "{path}");
        assert_eq!(get("x-content-type-options"), "nosniff", "{path}");
        let csp = get("content-security-policy");
        for part in [
            "default-src 'self'",
            "script-src 'self'",
            "connect-src 'self' ws: wss:",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(part), "{path}: {csp}");
        }
        assert!(!csp.contains("unsafe-inline"), "{csp}");
    }
    // The pages hold no inline script, style or event handler (the policy would block them).
    for path in ["/".to_string(), format!("/t/{id}")] {
        let page = http
            .get(format!("http://{addr}{path}"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            !page.contains("<script>") && !page.contains("<style"),
            "{path}"
        );
        assert!(
            !page.contains(" style=") && !page.contains(" onclick="),
            "{path}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_from_another_origin_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |s| {
        s.allow_origins = vec!["https://play.example.org".into()];
    })
    .await;
    let _task = server.spawn();
    let table = created(&reqwest::Client::new(), addr, &["human", "random"]).await;
    let link = table["spectator"].as_str().unwrap();
    let evil = ws_from(
        "127.0.0.1",
        addr,
        link,
        &[("origin", "http://evil.example")],
    )
    .await;
    assert_eq!(evil.err(), Some(403), "another site's page is refused");
    let own = format!("http://{addr}");
    let mut same = ws_from("127.0.0.1", addr, link, &[("origin", &own)])
        .await
        .expect("the server's own pages connect");
    assert_eq!(same.until("welcome").await["type"], "welcome");
    let mut tool = ws_from("127.0.0.1", addr, link, &[])
        .await
        .expect("clients without an Origin (not browsers) connect");
    tool.until("state").await;
    let mut allowed = ws_from(
        "127.0.0.1",
        addr,
        link,
        &[("origin", "https://play.example.org")],
    )
    .await
    .expect("an origin given with --allow-origin connects");
    allowed.until("welcome").await;
}
