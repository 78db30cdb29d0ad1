//! Passkeys in headless Chromium with its virtual authenticator (the W3C WebAuthn extension of
//! WebDriver): a person signs in by a mailed link, adds a passkey in the account panel, signs
//! out, and signs in again with the passkey alone. The page is opened at `localhost`, the
//! relying party of a server whose public URL is `http://localhost`. Waits are bounded.

use crate::browser::open_browser;
use crate::browser_accounts::{ask_for_link, wait_for, wait_text};
use crate::common::sinks::SmtpSink;
use crate::common::start_settings;
use boardroom_server::notify::NotifySettings;
use boardroom_server::Settings;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::Client;
use serde_json::json;

/// `POST /session/{id}/webauthn/authenticator`: adds a virtual authenticator to the session.
#[derive(Debug)]
struct AddAuthenticator;

impl WebDriverCompatibleCommand for AddAuthenticator {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/webauthn/authenticator",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({
            "protocol": "ctap2",
            "transport": "internal",
            "hasResidentKey": true,
            "hasUserVerification": true,
            "isUserVerified": true,
        });
        (axum::http::Method::POST, Some(body.to_string()))
    }
}

/// Gives `c` a device that keeps passkeys and verifies its user at once.
async fn add_authenticator(c: &Client) {
    let id = c
        .issue_cmd(AddAuthenticator)
        .await
        .expect("chromedriver adds a virtual authenticator");
    assert!(id.is_string(), "an authenticator id, not {id}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_by_link_add_a_passkey_sign_out_and_sign_in_with_it() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    add_authenticator(&c).await;
    let mut sink = SmtpSink::start().await;
    let dir = tempfile::tempdir().unwrap();
    let server = start_settings(
        tempfile::tempdir().unwrap(),
        Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: dir.path().join("a.sqlite"),
            notify: NotifySettings {
                smtp_url: Some(sink.url()),
                public_url: Some("http://localhost".into()),
                ..NotifySettings::default()
            },
            ..Settings::default()
        },
    )
    .await;
    let base = format!("http://localhost:{}", server.addr.port());

    // Signed out, the panel offers a passkey beside the e-mailed link.
    c.goto(&base).await.unwrap();
    wait_for(&c, "#passkey-signin:not([hidden])").await;
    let path = ask_for_link(&c, &base, &mut sink, "ann@example.com").await;
    c.goto(&format!("{base}{path}")).await.unwrap();
    wait_for(&c, "#redeem-name-input")
        .await
        .send_keys("Ann Lee")
        .await
        .unwrap();
    wait_for(&c, "#redeem-form button[type=submit]")
        .await
        .click()
        .await
        .unwrap();
    wait_text(&c, "#account-name", "Ann Lee").await;

    // Signed in: no passkeys yet; one added, named, listed as never used.
    wait_for(&c, "#passkeys:not([hidden])").await;
    wait_for(&c, "#passkey-none:not([hidden])").await;
    wait_for(&c, "#passkey-name")
        .await
        .send_keys("Laptop")
        .await
        .unwrap();
    wait_for(&c, "#passkey-add").await.click().await.unwrap();
    wait_text(&c, "[data-passkey]", "Laptop").await;
    wait_text(&c, "[data-passkey]", "never used").await;
    wait_for(&c, "#passkey-none[hidden]").await;

    // Signed out, then in again with the passkey alone: the same account, the passkey used.
    wait_for(&c, "#signout").await.click().await.unwrap();
    wait_for(&c, "#signin-form:not([hidden])").await;
    wait_for(&c, "#passkey-signin-button")
        .await
        .click()
        .await
        .unwrap();
    wait_text(&c, "#account-name", "Ann Lee").await;
    wait_text(&c, "[data-passkey]", "last used").await;
    c.refresh().await.unwrap();
    wait_text(&c, "#account-name", "Ann Lee").await;

    // Removed, it is listed no more.
    wait_for(&c, "[data-remove-passkey]")
        .await
        .click()
        .await
        .unwrap();
    wait_for(&c, "#passkey-none:not([hidden])").await;
    c.close().await.unwrap();
}
