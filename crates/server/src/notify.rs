//! Telling people away from their table that it is their turn: by e-mail (through the SMTP
//! relay the operator configures) or by a webhook (a JSON `POST` that Discord, Slack and
//! ntfy-style services accept).
//!
//! A table never waits for any of it: it hands [`Notifier`] small events (a seat's turn began
//! or ended, a seat's person came or left) with `try_send`, and one task of the notifier
//! decides when a message goes out — only while the person has not been on the page for
//! [`NotifySettings::away`], at most once per turn, at most one message per address every
//! [`NotifySettings::gap`] (a later one waits for the gap) — and hands each message to its own
//! task, which retries a failing relay or webhook a few times with a growing pause, and logs.
//!
//! Beside this file: checking the addresses a person leaves (`address`), writing a message in
//! its recipient's language (`message`) and delivering it (`deliver`).

use boardroom_engine::Seat;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

mod address;
mod deliver;
mod message;
mod tell;

pub use address::{check_email, check_webhook, is_public, network, Network, Reach};
use message::{Call, Message};

/// Why a spectator's addresses are refused (before anything in them is checked or looked up).
pub const SPECTATORS_LEAVE_NO_ADDRESS: &str =
    "spectators hold no seat: only a seat's invite link can leave an address";

/// How the server tells people it is their turn.
#[derive(Clone, Debug)]
pub struct NotifySettings {
    /// The SMTP relay (`smtp://host:25`, `smtp://user:pass@host:587?tls=required`,
    /// `smtps://user:pass@host`); `None`: no e-mail is sent, and e-mail addresses are refused.
    pub smtp_url: Option<String>,
    /// The sender of the e-mails.
    pub smtp_from: String,
    /// The address people reach the server at (`https://boardroom.example`), put in front of
    /// the links in the messages; `None`: the links are paths.
    pub public_url: Option<String>,
    /// Whether webhooks may point at loopback and private networks (a server whose webhook
    /// receivers run beside it); otherwise such an address is refused.
    pub allow_private: bool,
    /// Whether webhooks may point at link-local networks and cloud metadata services (never
    /// implied by `allow_private`); otherwise such an address is refused.
    pub allow_link_local: bool,
    /// No message while the person has been on the table's page this recently.
    pub away: Duration,
    /// At most one message per address per this interval.
    pub gap: Duration,
    /// Attempts to deliver one message.
    pub attempts: u32,
    /// The pause before the second attempt; it doubles after each failure.
    pub retry: Duration,
}

impl NotifySettings {
    /// The networks webhooks may reach besides the public internet.
    pub fn reach(&self) -> Reach {
        Reach {
            private: self.allow_private,
            link_local: self.allow_link_local,
        }
    }
}

impl Default for NotifySettings {
    fn default() -> Self {
        NotifySettings {
            smtp_url: None,
            smtp_from: "Boardroom <boardroom@localhost>".to_string(),
            public_url: None,
            allow_private: false,
            allow_link_local: false,
            away: Duration::from_secs(60),
            gap: Duration::from_secs(5 * 60),
            attempts: 4,
            retry: Duration::from_secs(2),
        }
    }
}

/// Where a seat's person asked to be told: stored for that seat only, never shown to anyone
/// else.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Addresses {
    /// An e-mail address.
    pub email: Option<String>,
    /// A webhook URL (http or https).
    pub webhook: Option<String>,
    /// The language the messages are written in: the page's when a seat's person left the
    /// addresses, the account's for an account's; `None` (or a language the server does not
    /// speak): English.
    #[serde(skip)]
    pub lang: Option<String>,
}

impl Addresses {
    /// Whether there is nowhere to send.
    pub fn is_empty(&self) -> bool {
        self.email.is_none() && self.webhook.is_none()
    }
}

/// What happened to the messages so far (for `/api/stats` and the tests).
#[derive(Debug, Default)]
pub struct Stats {
    /// Messages delivered.
    pub sent: AtomicU64,
    /// Deliveries that failed once and were tried again.
    pub retried: AtomicU64,
    /// Messages given up after every attempt failed.
    pub failed: AtomicU64,
    /// Turns that waited because their person was on the page (or had just left it).
    pub held_on_page: AtomicU64,
    /// Messages that waited for an address's gap between two messages.
    pub held_rate: AtomicU64,
    /// Events dropped because the notifier's queue was full.
    pub dropped: AtomicU64,
    /// Webhook host names looked up (when a person leaves an address, and before each
    /// delivery).
    pub lookups: AtomicU64,
}

impl Stats {
    /// The counters as JSON.
    pub fn json(&self) -> serde_json::Value {
        let n = |c: &AtomicU64| c.load(Ordering::Relaxed);
        serde_json::json!({
            "sent": n(&self.sent),
            "retried": n(&self.retried),
            "failed": n(&self.failed),
            "held_on_page": n(&self.held_on_page),
            "held_rate": n(&self.held_rate),
            "dropped": n(&self.dropped),
            "lookups": n(&self.lookups),
        })
    }
}

/// A seat of a table.
type SeatKey = (String, Seat);

/// What tables tell the notifier.
enum Event {
    /// `seat` must act since table version `turn`.
    Turn {
        key: SeatKey,
        turn: usize,
        call: Call,
        to: Addresses,
    },
    /// `seat` must act since table version `turn`, and has no addresses of its own: `lookup`
    /// finds where to tell it (its account's addresses).
    Lookup {
        key: SeatKey,
        turn: usize,
        call: Call,
        lookup: Lookup,
    },
    /// What a [`Event::Lookup`] found: told as a turn if that turn is still going on.
    Found {
        key: SeatKey,
        turn: usize,
        call: Call,
        to: Addresses,
    },
    /// `seat`'s turn is over.
    Done { key: SeatKey },
    /// Whether `seat`'s person has the table's page open.
    Presence { key: SeatKey, online: bool },
}

/// Finds where a seat without addresses of its own is told (its account's addresses), when its
/// turn begins: so addresses kept with an account reach every table the account sits at.
pub type Lookup = std::pin::Pin<Box<dyn std::future::Future<Output = Addresses> + Send>>;

/// The notifier's handle, shared by every table. Cheap to clone.
#[derive(Clone)]
pub struct Notifier {
    tx: mpsc::Sender<Event>,
    settings: Arc<NotifySettings>,
    stats: Arc<Stats>,
    /// What sends (shared with the task), for messages told at once (`tell.rs`).
    sender: Arc<deliver::Sender>,
}

impl std::fmt::Debug for Notifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Notifier").finish_non_exhaustive()
    }
}

/// Events waiting for the notifier's task at most; beyond, they are dropped (and counted).
const QUEUE: usize = 4096;

impl Notifier {
    /// Starts the notifier's task (inside a tokio runtime); an SMTP URL that cannot be read
    /// is an error.
    pub fn start(settings: NotifySettings) -> anyhow::Result<Notifier> {
        let sender = Arc::new(deliver::Sender::new(&settings)?);
        let settings = Arc::new(settings);
        let stats = Arc::new(Stats::default());
        let (tx, rx) = mpsc::channel(QUEUE);
        let task = Task {
            settings: settings.clone(),
            stats: stats.clone(),
            sender: sender.clone(),
            seats: HashMap::new(),
            last_sent: HashMap::new(),
            found: tx.downgrade(),
        };
        tokio::spawn(task.run(rx));
        Ok(Notifier {
            tx,
            settings,
            stats,
            sender,
        })
    }

    /// The settings it runs with.
    pub fn settings(&self) -> &NotifySettings {
        &self.settings
    }

    /// What happened to the messages so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Whether e-mail can be sent (an SMTP relay is configured).
    pub fn email_enabled(&self) -> bool {
        self.settings.smtp_url.is_some()
    }

    /// Checks what a person leaves: each address present (an empty one removes it), or the
    /// reason in words.
    pub async fn check(
        &self,
        email: Option<String>,
        webhook: Option<String>,
    ) -> Result<Addresses, String> {
        let email = match email
            .map(|e| e.trim().to_string())
            .filter(|e| !e.is_empty())
        {
            None => None,
            Some(_) if !self.email_enabled() => {
                return Err(
                    "this server sends no e-mail (its operator set no SMTP relay): \
                            leave a webhook instead"
                        .into(),
                )
            }
            Some(e) => Some(check_email(&e)?),
        };
        let webhook = match webhook
            .map(|w| w.trim().to_string())
            .filter(|w| !w.is_empty())
        {
            None => None,
            Some(w) => Some(check_webhook(&w, self.settings.reach(), &self.stats.lookups).await?),
        };
        Ok(Addresses {
            email,
            webhook,
            lang: None,
        })
    }

    /// `seat` at `table` must act since version `turn`: `to` is told, once its person is away
    /// (`title` names the table, `link` is the seat's own link).
    pub fn turn(
        &self,
        table: &str,
        seat: Seat,
        turn: usize,
        title: &str,
        link: &str,
        to: Addresses,
    ) {
        let call = self.call(table, title, link);
        self.event(Event::Turn {
            key: (table.to_string(), seat),
            turn,
            call,
            to,
        });
    }

    /// As [`Notifier::turn`], for a seat with no addresses of its own: `lookup` finds them
    /// (its account's), and the turn is told if it is still going on when they are found.
    pub fn turn_lookup(
        &self,
        table: &str,
        seat: Seat,
        turn: usize,
        title: &str,
        link: &str,
        lookup: Lookup,
    ) {
        let call = self.call(table, title, link);
        self.event(Event::Lookup {
            key: (table.to_string(), seat),
            turn,
            call,
            lookup,
        });
    }

    /// The "your turn" call of `table`, with the seat's `link` (a path).
    fn call(&self, table: &str, title: &str, link: &str) -> Call {
        let link = match &self.settings.public_url {
            Some(base) => format!("{}{link}", base.trim_end_matches('/')),
            None => link.to_string(),
        };
        Call {
            table: table.to_string(),
            title: title.to_string(),
            link,
        }
    }

    /// `seat`'s turn at `table` is over: nothing more to tell.
    pub fn done(&self, table: &str, seat: Seat) {
        self.event(Event::Done {
            key: (table.to_string(), seat),
        });
    }

    /// Whether `seat`'s person has the page of `table` open.
    pub fn presence(&self, table: &str, seat: Seat, online: bool) {
        self.event(Event::Presence {
            key: (table.to_string(), seat),
            online,
        });
    }

    /// Queues an event without waiting: a full queue drops it (counted and logged).
    fn event(&self, e: Event) {
        if self.tx.try_send(e).is_err() {
            let n = self.stats.dropped.fetch_add(1, Ordering::Relaxed);
            if n.is_power_of_two() {
                tracing::warn!(
                    dropped = n + 1,
                    "the notifier's queue is full: events dropped"
                );
            }
        }
    }
}

/// A turn waiting to be told.
struct Pending {
    turn: usize,
    message: Message,
    /// The addresses not told yet.
    to: Vec<deliver::Target>,
    /// Whether the wait for the person to leave the page was counted.
    held_on_page: bool,
    /// Whether the wait for an address's gap was counted.
    held_rate: bool,
}

/// What the notifier knows of one seat.
#[derive(Default)]
struct SeatState {
    online: bool,
    /// When its person last left the page.
    left: Option<Instant>,
    pending: Option<Pending>,
    /// The turn told, until it ends: never twice (tables tell each turn once; this guards a
    /// table rebuilt after a fault).
    told: Option<usize>,
    /// The turn whose addresses are being looked up, until it ends.
    looking: Option<usize>,
}

/// The notifier's task.
struct Task {
    settings: Arc<NotifySettings>,
    stats: Arc<Stats>,
    sender: Arc<deliver::Sender>,
    seats: HashMap<SeatKey, SeatState>,
    /// When each address was last sent a message.
    last_sent: HashMap<String, Instant>,
    /// The task's own queue, for what a lookup finds (weak: the task ends with the handles).
    found: mpsc::WeakSender<Event>,
}

impl Task {
    async fn run(mut self, mut rx: mpsc::Receiver<Event>) {
        loop {
            let wake = self.next_wake();
            tokio::select! {
                e = rx.recv() => match e {
                    Some(e) => self.event(e),
                    None => return,
                },
                _ = tokio::time::sleep_until(wake.unwrap_or_else(Instant::now)), if wake.is_some() => {}
            }
            self.flush(Instant::now());
        }
    }

    fn event(&mut self, e: Event) {
        match e {
            Event::Turn {
                key,
                turn,
                call,
                to,
            } => {
                let seat = self.seats.entry(key).or_default();
                if seat.told == Some(turn) || to.is_empty() {
                    return;
                }
                // Written as the addresses are known: in their person's language.
                let message = call.message(to.lang.as_deref());
                let mut targets = Vec::new();
                if let Some(e) = to.email {
                    targets.push(deliver::Target::Email(e));
                }
                if let Some(w) = to.webhook {
                    targets.push(deliver::Target::Webhook(w));
                }
                seat.pending = Some(Pending {
                    turn,
                    message,
                    to: targets,
                    held_on_page: false,
                    held_rate: false,
                });
            }
            Event::Lookup {
                key,
                turn,
                call,
                lookup,
            } => {
                let seat = self.seats.entry(key.clone()).or_default();
                if seat.told == Some(turn) {
                    return;
                }
                seat.looking = Some(turn);
                let found = self.found.clone();
                tokio::spawn(async move {
                    let to = lookup.await;
                    if let Some(tx) = found.upgrade() {
                        let _ = tx
                            .send(Event::Found {
                                key,
                                turn,
                                call,
                                to,
                            })
                            .await;
                    }
                });
            }
            Event::Found {
                key,
                turn,
                call,
                to,
            } => {
                // A turn that ended (or another that began) meanwhile is not told.
                let current = self
                    .seats
                    .get_mut(&key)
                    .is_some_and(|s| s.looking.take_if(|t| *t == turn).is_some());
                if current {
                    self.event(Event::Turn {
                        key,
                        turn,
                        call,
                        to,
                    });
                }
            }
            Event::Done { key } => {
                if let Some(seat) = self.seats.get_mut(&key) {
                    seat.pending = None;
                    seat.told = None;
                    seat.looking = None;
                }
            }
            Event::Presence { key, online } => {
                let seat = self.seats.entry(key).or_default();
                if seat.online && !online {
                    seat.left = Some(Instant::now());
                }
                seat.online = online;
            }
        }
    }

    /// When a held message may go out (the person's minute away, an address's gap).
    fn next_wake(&self) -> Option<Instant> {
        let s = &self.settings;
        self.seats
            .values()
            .filter(|seat| !seat.online)
            .filter_map(|seat| {
                let p = seat.pending.as_ref()?;
                let away = seat.left.map(|l| l + s.away);
                let gap =
                    p.to.iter()
                        .filter_map(|t| self.last_sent.get(t.address()).map(|at| *at + s.gap))
                        .min();
                Some(
                    away.into_iter()
                        .chain(gap)
                        .max()
                        .unwrap_or_else(Instant::now),
                )
            })
            .min()
    }

    /// Sends every message that may go out now.
    fn flush(&mut self, now: Instant) {
        let s = self.settings.clone();
        for ((table, seat_no), seat) in self.seats.iter_mut() {
            let Some(p) = &mut seat.pending else {
                continue;
            };
            if seat.online || seat.left.is_some_and(|l| now < l + s.away) {
                if !p.held_on_page {
                    p.held_on_page = true;
                    self.stats.held_on_page.fetch_add(1, Ordering::Relaxed);
                    tracing::debug!(table = %table, seat = seat_no, "on the page: no message yet");
                }
                continue;
            }
            let mut waiting = Vec::new();
            for target in std::mem::take(&mut p.to) {
                let free = self
                    .last_sent
                    .get(target.address())
                    .is_none_or(|at| now >= *at + s.gap);
                if !free {
                    waiting.push(target);
                    continue;
                }
                self.last_sent.insert(target.address().to_string(), now);
                deliver::spawn(
                    self.sender.clone(),
                    self.stats.clone(),
                    s.clone(),
                    target,
                    p.message.clone(),
                    table.clone(),
                    *seat_no,
                );
            }
            if !waiting.is_empty() && !p.held_rate {
                p.held_rate = true;
                self.stats.held_rate.fetch_add(1, Ordering::Relaxed);
                tracing::debug!(table = %table, seat = seat_no, "a message waits for its address's gap");
            }
            p.to = waiting;
            if p.to.is_empty() {
                seat.told = Some(p.turn);
                seat.pending = None;
            }
        }
        // What no longer matters: nobody there, no turn going on, gone long enough.
        self.seats.retain(|_, seat| {
            seat.online
                || seat.pending.is_some()
                || seat.told.is_some()
                || seat.looking.is_some()
                || seat.left.is_some_and(|l| now < l + s.away)
        });
        self.last_sent.retain(|_, at| now < *at + s.gap);
    }
}

#[cfg(test)]
mod tests;
