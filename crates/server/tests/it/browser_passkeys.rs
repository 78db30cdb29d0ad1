//! Passkeys in headless Chromium with its virtual authenticator (the W3C WebAuthn extension of
//! WebDriver): a person signs in by a mailed link, adds a passkey in the account panel, signs
//! out, is told when the device refuses (as when the person cancels) and nothing changed, and
//! signs in again with the passkey alone. The page is opened at `localhost`, the
//! relying party of a server whose public URL is `http://localhost`. Waits are bounded.

use crate::browser::open_browser;
use crate::browser_accounts::{ask_for_link, wait_for, wait_text};
use crate::common::sinks::SmtpSink;
use crate::common::start_settings;
use boardroom_server::notify::NotifySettings;
use boardroom_server::Settings;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::Client;
use serde_json::{json, Value};

/// A `POST` of the WebAuthn extension: `/session/{id}/webauthn/authenticator{path}` with
/// `body`.
#[derive(Debug)]
struct Authenticator {
    path: String,
    body: Value,
}

impl WebDriverCompatibleCommand for Authenticator {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/webauthn/authenticator{}",
            session_id.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        (axum::http::Method::POST, Some(self.body.to_string()))
    }
}

/// Gives `c` a device that keeps passkeys and verifies its user at once: its id.
async fn add_authenticator(c: &Client) -> String {
    let id = c
        .issue_cmd(Authenticator {
            path: String::new(),
            body: json!({
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": true,
                "hasUserVerification": true,
                "isUserVerified": true,
            }),
        })
        .await
        .expect("chromedriver adds a virtual authenticator");
    id.as_str()
        .unwrap_or_else(|| panic!("an authenticator id, not {id}"))
        .to_string()
}

/// Whether the device `id` of `c` verifies its user (when not, it refuses every request, as a
/// person cancelling does).
async fn verifies(c: &Client, id: &str, verified: bool) {
    c.issue_cmd(Authenticator {
        path: format!("/{id}/uv"),
        body: json!({ "isUserVerified": verified }),
    })
    .await
    .expect("chromedriver sets the authenticator's user verification");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_by_link_add_a_passkey_sign_out_and_sign_in_with_it() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let device = add_authenticator(&c).await;
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

    // Signed out; the device refuses once (as when the person cancels): told, still signed
    // out.
    wait_for(&c, "#signout").await.click().await.unwrap();
    wait_for(&c, "#signin-form:not([hidden])").await;
    verifies(&c, &device, false).await;
    wait_for(&c, "#passkey-signin-button")
        .await
        .click()
        .await
        .unwrap();
    wait_text(&c, "#toast", "cancelled or timed out").await;
    assert!(wait_for(&c, "#signin-form")
        .await
        .is_displayed()
        .await
        .unwrap());

    // Then in again with the passkey alone: the same account, the passkey used.
    verifies(&c, &device, true).await;
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
