//! People's own data, as routes: the export of everything about my account, deleting it (its
//! games stay, its name becomes "former player"), blocking a person (no invitations from them,
//! their chat hidden)
//! and reporting a chat line to the operator.

use super::routes::body;
use super::Accounts;
use super::{AccountError, SignedIn};
use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;

/// Chat lines searched for the one reported (the newest of the table's chat).
const REPORT_WINDOW: usize = 1000;

/// `GET /api/account/export`: everything stored about the account, as a JSON download.
pub(super) async fn export(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
) -> Result<Response, AccountError> {
    let mut all = accounts.store().export(account.id).await?;
    // The passkeys by id and name: their public keys are of no use to anyone but this server.
    let passkeys = accounts.db().passkeys().passkeys(account.id).await?;
    all["passkeys"] = json!(passkeys);
    Ok((
        [
            (header::CACHE_CONTROL, "no-store"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"boardroom-account.json\"",
            ),
        ],
        Json(all),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Delete {
    /// The account's display name, typed again: deleting is for good.
    confirm: String,
}

/// `POST /api/account/delete {"confirm": "<my name>"}`: deletes the account. Its games stay,
/// shown with the name "former player"; every session ends.
pub(super) async fn delete(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    headers: HeaderMap,
    b: Result<Json<Delete>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    if super::name::key(&req.confirm) != super::name::key(&account.name) {
        return Err(AccountError::BadRequest(
            "type your display name to confirm: deleting an account cannot be undone".into(),
        ));
    }
    accounts
        .store()
        .delete_account(account.id, crate::time::now_ms())
        .await?;
    let secure = accounts.secure(&headers, accounts.trust_proxy);
    Ok((
        [(header::SET_COOKIE, accounts.cookie(None, secure))],
        Json(json!({ "deleted": true })),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Block {
    /// The person's display name.
    name: String,
    /// `true` (the default) blocks, `false` unblocks.
    #[serde(default = "yes")]
    block: bool,
}

fn yes() -> bool {
    true
}

/// `POST /api/account/block {"name": …, "block": true}`: blocks (or unblocks) a person: no
/// invitations from them (those waiting are declined), and their chat lines are not shown.
pub(super) async fn block(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    b: Result<Json<Block>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    let store = accounts.store();
    let Some(other) = store.account_named(super::name::key(&req.name)).await? else {
        return Err(AccountError::BadRequest(format!(
            "nobody is called \"{}\"",
            req.name.trim()
        )));
    };
    if other.id == account.id {
        return Err(AccountError::BadRequest("you cannot block yourself".into()));
    }
    store
        .set_block(account.id, other.id, req.block, crate::time::now_ms())
        .await?;
    Ok(Json(json!({ "name": other.name, "blocked": req.block })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReportLine {
    table: String,
    /// The line's number in the table's chat.
    line: u64,
}

/// `POST /api/account/report {"table": …, "line": 3}`: reports a chat line to the operator
/// (`boardroom admin reports`), with the line as it stands and its writer's account, if any.
pub(super) async fn report(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    b: Result<Json<ReportLine>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    let db = accounts.db();
    let (lines, _) = db.load_chat(req.table.clone(), REPORT_WINDOW).await?;
    let Some(line) = lines.into_iter().find(|l| l.index == req.line) else {
        return Err(AccountError::BadRequest(format!(
            "table {} has no chat line {} (among its latest {REPORT_WINDOW})",
            req.table, req.line
        )));
    };
    let writer = match line.seat {
        Some(seat) => db
            .accounts()
            .table_accounts(req.table.clone())
            .await?
            .into_iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, a)| a),
        None => None,
    };
    let new = db
        .accounts()
        .report(
            account.id,
            req.table,
            req.line,
            writer,
            line.text,
            crate::time::now_ms(),
        )
        .await?;
    Ok(Json(json!({ "reported": true, "already": !new })).into_response())
}
