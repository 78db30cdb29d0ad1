//! Protection against cross-site requests: every state-changing request (`POST`, `PUT`,
//! `PATCH`, `DELETE`) a page of another site makes is refused before any handler sees it.
//! Browsers send `Origin` with each such request; a request whose `Origin` is neither this
//! server's own host nor an origin the operator allowed (`--allow-origin`) is refused. A
//! request without `Origin` comes from a program, not a page — unless it carries the session
//! cookie, which only a browser holds: then it must show a same-origin `Referer`, or it is
//! refused too. The session cookie's `SameSite=Lax` is a second wall behind this one.

use super::session::cookie_token;
use super::Accounts;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::sync::Arc;

/// Why a cross-site request is refused.
pub const CROSS_SITE: &str =
    "a request from a page of another site is refused (cross-site request protection)";

/// Whether `origin` (`scheme://host[:port]`) is the request's own host or an allowed origin.
fn same_site(origin: &str, headers: &HeaderMap, allowed: &[String]) -> bool {
    let origin = origin.trim_end_matches('/');
    if allowed
        .iter()
        .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    matches!((authority, host), (Some(a), Some(h)) if a.eq_ignore_ascii_case(h))
}

/// Whether a request with `method` and `headers` may go on.
pub fn allowed(method: &Method, headers: &HeaderMap, allowed: &[String]) -> bool {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return true;
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        return origin
            .to_str()
            .is_ok_and(|o| same_site(o, headers, allowed));
    }
    if cookie_token(headers).is_none() {
        return true;
    }
    headers
        .get(header::REFERER)
        .and_then(|r| r.to_str().ok())
        .is_some_and(|r| {
            // The referer's origin: its scheme and authority.
            let rest = r.split_once("://").map_or("", |(_, rest)| rest);
            let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
            let scheme = r.split_once("://").map_or("", |(s, _)| s);
            same_site(&format!("{scheme}://{authority}"), headers, allowed)
        })
}

/// Refuses (`403`) a state-changing request from a page of another site.
pub async fn guard(State(accounts): State<Arc<Accounts>>, req: Request, next: Next) -> Response {
    if allowed(req.method(), req.headers(), &accounts.allow_origins) {
        next.run(req).await
    } else {
        (
            StatusCode::FORBIDDEN,
            Json(serde_json::json!({ "error": CROSS_SITE })),
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::allowed;
    use axum::http::{HeaderMap, HeaderValue, Method};

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn only_pages_of_this_site_change_state() {
        let post = Method::POST;
        let host = ("host", "boardroom.example");
        let cookie = ("cookie", "boardroom_session=00ff");
        assert!(allowed(
            &Method::GET,
            &headers(&[host, ("origin", "https://evil.example")]),
            &[]
        ));
        assert!(allowed(
            &post,
            &headers(&[host, ("origin", "https://boardroom.example")]),
            &[]
        ));
        assert!(!allowed(
            &post,
            &headers(&[host, ("origin", "https://evil.example")]),
            &[]
        ));
        assert!(!allowed(&post, &headers(&[host, ("origin", "null")]), &[]));
        assert!(allowed(
            &post,
            &headers(&[host, ("origin", "https://play.example")]),
            &["https://play.example".into()]
        ));
        // A program without a session, and a browser's same-origin request without `Origin`.
        assert!(allowed(&post, &headers(&[host]), &[]));
        assert!(!allowed(&post, &headers(&[host, cookie]), &[]));
        assert!(allowed(
            &post,
            &headers(&[host, cookie, ("referer", "https://boardroom.example/t/x?y")]),
            &[]
        ));
        assert!(!allowed(
            &post,
            &headers(&[
                host,
                cookie,
                ("referer", "https://boardroom.example.evil.example/")
            ]),
            &[]
        ));
    }
}
