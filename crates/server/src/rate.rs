//! Rate limits: token buckets, one per connection, chat writer or client address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A rate limit: so many events per second on average, and so many at once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Events per second on average.
    pub per_second: f64,
    /// Events allowed at once (the bucket's size).
    pub burst: f64,
}

/// The most client addresses whose buckets are kept; beyond it, full buckets (addresses that
/// have been quiet long enough to be back at their burst) are forgotten.
const BUCKETS_KEPT: usize = 10_000;

/// One token bucket per client address.
pub struct Buckets {
    rate: Rate,
    /// The limit's name in the metrics.
    name: &'static str,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl std::fmt::Debug for Buckets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Buckets").field("rate", &self.rate).finish()
    }
}

impl Buckets {
    /// No address has taken anything yet.
    pub fn new(rate: Rate) -> Self {
        Buckets {
            rate,
            name: "other",
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// The same buckets, counted as limit `name` in the metrics when they refuse.
    pub fn named(self, name: &'static str) -> Self {
        Buckets { name, ..self }
    }

    /// The limit each address gets.
    pub fn rate(&self) -> Rate {
        self.rate
    }

    /// Takes a token from `ip`'s bucket, if one is left.
    pub fn take(&self, ip: IpAddr) -> bool {
        let mut buckets = self.buckets.lock().expect("bucket lock");
        if buckets.len() >= BUCKETS_KEPT && !buckets.contains_key(&ip) {
            buckets.retain(|_, b| !b.is_full());
            if buckets.len() >= BUCKETS_KEPT {
                // Every address is busy: the one with the most tokens left goes.
                if let Some(ip) = buckets
                    .iter()
                    .max_by(|a, b| a.1.level().total_cmp(&b.1.level()))
                    .map(|(ip, _)| *ip)
                {
                    buckets.remove(&ip);
                }
            }
        }
        let rate = self.rate;
        let taken = buckets
            .entry(ip)
            .or_insert_with(|| Bucket::new(rate.per_second, rate.burst))
            .take();
        if !taken {
            crate::metrics::rate_limited(self.name);
        }
        taken
    }
}

/// A token bucket: `burst` messages at once, refilled at `rate` per second.
pub struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
    warned: Option<Instant>,
}

impl Bucket {
    /// A full bucket of `burst` tokens, refilled at `rate` per second.
    pub fn new(rate: f64, burst: f64) -> Self {
        Bucket {
            tokens: burst,
            last: Instant::now(),
            rate,
            burst,
            warned: None,
        }
    }

    /// Takes a token if one is left.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// The tokens the bucket would hold now.
    fn level(&self) -> f64 {
        let dt = self.last.elapsed().as_secs_f64();
        (self.tokens + dt * self.rate).min(self.burst)
    }

    /// Whether the bucket is back to its full burst.
    fn is_full(&self) -> bool {
        self.level() >= self.burst
    }

    /// Whether to tell the client it is being limited (at most once a second, so a flood does
    /// not get a flood of errors back).
    pub fn should_warn(&mut self) -> bool {
        let now = Instant::now();
        if self
            .warned
            .is_some_and(|w| now.duration_since(w) < Duration::from_secs(1))
        {
            return false;
        }
        self.warned = Some(now);
        true
    }
}
