//! The language an account keeps: chosen with the language menu of any page while signed in,
//! given to every browser the account signs in on, and the language of its "your turn"
//! messages.

use super::routes::body;
use super::{Account, AccountError, Accounts, Viewer};
use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;

/// The `Set-Cookie` value that makes `lang` (a language of the catalogue) the browser's
/// language, as the language menu does: for a year, on every page.
pub(super) fn cookie(lang: &'static str) -> HeaderValue {
    HeaderValue::from_str(&format!(
        "{}={lang}; Path=/; Max-Age=31536000; SameSite=Lax",
        crate::lang::COOKIE
    ))
    .expect("a language tag is a header value")
}

/// `lang` as a language of the catalogue, or why not.
fn known(lang: &str) -> Result<&'static str, AccountError> {
    let catalog = crate::lang::catalog();
    catalog
        .languages()
        .into_iter()
        .chain([boardroom_i18n::PSEUDO])
        .find(|l| *l == lang)
        .ok_or_else(|| {
            AccountError::BadRequest(format!(
                "no language `{}`: give one of {}",
                lang.chars().take(20).collect::<String>(),
                catalog.languages().join(", ")
            ))
        })
}

/// The language a browser signing in to `account` gets: the account's when it chose one;
/// else the browser's own (`headers`), which becomes the account's.
pub(super) async fn on_sign_in(
    accounts: &Accounts,
    account: &mut Account,
    headers: &HeaderMap,
) -> Result<&'static str, AccountError> {
    if let Some(lang) = account.lang.as_deref().and_then(|l| known(l).ok()) {
        return Ok(lang);
    }
    let lang = crate::lang::of_request(headers);
    accounts
        .store()
        .set_account_lang(account.id, lang.to_string())
        .await?;
    account.lang = Some(lang.to_string());
    Ok(lang)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SetLang {
    lang: String,
}

/// `POST /api/account/lang {"lang": "de"}`: makes `lang` this browser's language (the `lang`
/// cookie) and, when signed in, the account's: every browser it signs in on gets it, and its
/// "your turn" messages are written in it. Signed out, only the browser's changes.
pub(super) async fn set_lang(
    State(accounts): State<Arc<Accounts>>,
    Viewer(account): Viewer,
    b: Result<Json<SetLang>, JsonRejection>,
) -> Result<Response, AccountError> {
    let lang = known(&body(b)?.lang)?;
    let stored = match account {
        Some(a) => {
            accounts
                .store()
                .set_account_lang(a.id, lang.to_string())
                .await?;
            true
        }
        None => false,
    };
    Ok((
        [
            (header::SET_COOKIE, cookie(lang)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        Json(json!({ "lang": lang, "stored": stored })),
    )
        .into_response())
}
