//! Whether this instance is ready to serve tables (`GET /readyz`): its database answers, it
//! holds its leases, and it is not draining.

use super::Lobby;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The longest `/readyz` waits for the database before it says it does not answer (a load
/// balancer's check gives up after a few seconds).
pub const READY_WAIT: Duration = Duration::from_secs(2);

impl Lobby {
    /// `Ok` when this instance can serve tables now; otherwise why not: the database cannot
    /// be written or does not answer within [`READY_WAIT`], this instance could not renew its
    /// leases at the last round (on a shared PostgreSQL), or it is draining.
    pub async fn readiness(&self) -> Result<(), String> {
        if self.draining.load(Ordering::SeqCst) {
            return Err("this instance is stopping".into());
        }
        match self.storage() {
            "ok" => {}
            "damaged" => return Err("the database file is damaged".into()),
            _ => return Err("the database cannot be written (storage unavailable)".into()),
        }
        match tokio::time::timeout(READY_WAIT, self.db.ping()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(format!("the database does not answer: {e:#}")),
            Err(_) => {
                return Err(format!(
                    "the database did not answer within {} s",
                    READY_WAIT.as_secs()
                ))
            }
        }
        if self.hosting.is_some() && !self.leases_renewed.load(Ordering::SeqCst) {
            return Err("this instance could not renew its tables' leases".into());
        }
        Ok(())
    }

    /// Marks this instance as stopping (`true`): `/readyz` then fails, so load balancers
    /// send new requests elsewhere.
    pub fn set_draining(&self, on: bool) {
        self.draining.store(on, Ordering::SeqCst);
    }
}
