//! Delivering one message: an e-mail through the operator's SMTP relay, or a JSON `POST` to a
//! webhook (`content` for Discord, `text` for Slack and ntfy-style services), each in its own
//! task, tried again a few times with a growing pause, and logged. Addresses are not logged
//! (a webhook URL is often its own secret): the table and seat are.

use super::address::resolve;
use super::{Message, NotifySettings, Stats};
use anyhow::Context;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::Body;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// How long one attempt may take.
const ATTEMPT: Duration = Duration::from_secs(10);

/// Where one message goes.
#[derive(Clone, Debug)]
pub(super) enum Target {
    /// An e-mail address.
    Email(String),
    /// A webhook URL.
    Webhook(String),
}

impl Target {
    /// The address, which the gap between two messages is kept for.
    pub(super) fn address(&self) -> &str {
        match self {
            Target::Email(a) | Target::Webhook(a) => a,
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Target::Email(_) => "e-mail",
            Target::Webhook(_) => "webhook",
        }
    }
}

/// What sends: the SMTP relay (when configured) and the sender's address.
pub(super) struct Sender {
    mail: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
}

impl Sender {
    /// The relay of `settings`, or why its URL or sender cannot be used.
    pub(super) fn new(settings: &NotifySettings) -> anyhow::Result<Sender> {
        let mail = match &settings.smtp_url {
            None => None,
            Some(url) => Some(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("cannot read the SMTP relay's URL (smtp://host:port, smtps://…)")?
                    .timeout(Some(ATTEMPT))
                    .build(),
            ),
        };
        let from = settings
            .smtp_from
            .parse()
            .with_context(|| format!("`{}` is not a sender address", settings.smtp_from))?;
        Ok(Sender { mail, from })
    }
}

/// Why one attempt failed.
enum Failure {
    /// Worth another attempt (the relay or the receiver failed).
    Again(anyhow::Error),
    /// Never going to work (the address became private, no relay).
    Never(anyhow::Error),
}

/// Delivers `message` to `target` in a task of its own.
pub(super) fn spawn(
    sender: Arc<Sender>,
    stats: Arc<Stats>,
    settings: Arc<NotifySettings>,
    target: Target,
    message: Message,
    table: String,
    seat: usize,
) {
    tokio::spawn(async move {
        let kind = target.kind();
        let mut pause = settings.retry;
        for attempt in 1..=settings.attempts.max(1) {
            let failure = match attempt_once(&sender, &settings, &stats, &target, &message).await {
                Ok(()) => {
                    stats.sent.fetch_add(1, Ordering::Relaxed);
                    tracing::info!(table = %table, seat, kind, attempt, "your-turn message sent");
                    return;
                }
                Err(f) => f,
            };
            let e = match failure {
                Failure::Never(e) => {
                    stats.failed.fetch_add(1, Ordering::Relaxed);
                    tracing::warn!(table = %table, seat, kind, "your-turn message not sent: {e:#}");
                    return;
                }
                Failure::Again(e) => e,
            };
            if attempt >= settings.attempts {
                stats.failed.fetch_add(1, Ordering::Relaxed);
                tracing::error!(
                    table = %table, seat, kind, attempt,
                    "your-turn message given up after {attempt} attempts: {e:#}"
                );
                return;
            }
            stats.retried.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(
                table = %table, seat, kind, attempt,
                "your-turn message failed, trying again in {pause:?}: {e:#}"
            );
            tokio::time::sleep(pause).await;
            pause = pause.saturating_mul(2);
        }
    });
}

/// One attempt.
async fn attempt_once(
    sender: &Sender,
    settings: &NotifySettings,
    stats: &Stats,
    target: &Target,
    message: &Message,
) -> Result<(), Failure> {
    match target {
        Target::Email(to) => {
            let Some(mail) = &sender.mail else {
                return Err(Failure::Never(anyhow::anyhow!(
                    "no SMTP relay is configured"
                )));
            };
            let to: Mailbox = to
                .parse()
                .map_err(|e| Failure::Never(anyhow::anyhow!("not an address: {e}")))?;
            // 8bit, not quoted-printable: the link stays whole, on its own line.
            let body = Body::new_with_encoding(
                format!("{}\n\n{}\n", message.subject, message.link),
                ContentTransferEncoding::EightBit,
            )
            .map_err(|_| Failure::Never(anyhow::anyhow!("the message cannot be sent as 8bit")))?;
            let email = lettre::Message::builder()
                .from(sender.from.clone())
                .to(to)
                .subject(&message.subject)
                .header(ContentType::TEXT_PLAIN)
                .body(body)
                .map_err(|e| Failure::Never(e.into()))?;
            mail.send(email)
                .await
                .map(|_| ())
                .map_err(|e| Failure::Again(e.into()))
        }
        Target::Webhook(url) => webhook(settings, stats, url, message).await,
    }
}

/// Posts `message` to the webhook `url`, connecting only to the addresses checked (so a name
/// that resolves to an address not allowed now is refused, whatever it resolved to before).
async fn webhook(
    settings: &NotifySettings,
    stats: &Stats,
    url: &str,
    message: &Message,
) -> Result<(), Failure> {
    let url = reqwest::Url::parse(url).map_err(|e| Failure::Never(e.into()))?;
    let mut client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(ATTEMPT);
    let reach = settings.reach();
    if !(reach.private && reach.link_local) {
        let ips = resolve(&url, &stats.lookups)
            .await
            .map_err(|e| Failure::Again(anyhow::anyhow!(e)))?;
        if let Some(ip) = ips.iter().find(|ip| !reach.allows(**ip)) {
            return Err(Failure::Never(anyhow::anyhow!(
                "the webhook's host now resolves to an address this server does not send to ({ip})"
            )));
        }
        let port = url.port_or_known_default().unwrap_or(443);
        let addrs: Vec<SocketAddr> = ips.iter().map(|ip| SocketAddr::new(*ip, port)).collect();
        if let Some(host) = url.host_str() {
            client = client.resolve_to_addrs(host, &addrs);
        }
    }
    let client = client.build().map_err(|e| Failure::Never(e.into()))?;
    let body = serde_json::json!({
        "content": message.text,
        "text": message.text,
        "title": message.subject,
    });
    let response = client
        .post(url)
        .json(&body)
        .send()
        .await
        .map_err(|e| Failure::Again(e.into()))?;
    let status = response.status();
    if status.is_success() {
        Ok(())
    } else {
        Err(Failure::Again(anyhow::anyhow!(
            "the webhook answered {status}"
        )))
    }
}
