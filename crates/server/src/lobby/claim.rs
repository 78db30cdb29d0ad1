//! Claiming an open seat from the lobby: its link, once.

use super::request::Claimed;
use super::Lobby;
use crate::seats::ClaimError;
use crate::table::seat_link;

impl Lobby {
    /// Claims open seat `seat` of table `id` for whoever asks: its link, once. A seat that is
    /// not open, already claimed (by an earlier claim, however close), or at a finished game
    /// is refused and nothing changes.
    pub async fn claim(&self, id: &str, seat: usize) -> Result<Claimed, ClaimError> {
        let handle = self.open(id).await.map_err(|_| ClaimError::NoSuchTable)?;
        let name = {
            let summary = handle.summary.lock().expect("summary lock");
            if summary.over {
                return Err(ClaimError::Taken(
                    "the game at this table is over: its seats are no longer open".into(),
                ));
            }
            match summary.seats.get(seat) {
                Some(s) => s.name.clone(),
                None => {
                    return Err(ClaimError::Taken(format!(
                        "the table has no seat {seat} (seats 0 to {})",
                        summary.seats.len().saturating_sub(1)
                    )))
                }
            }
        };
        let token = crate::seats::claim(&self.db, id.to_string(), seat)
            .await
            .map_err(|e| {
                tracing::error!(table = %id, "cannot claim a seat: {e:#}");
                ClaimError::Storage(e)
            })?
            .ok_or_else(|| {
                ClaimError::Taken(format!(
                    "{name}'s seat is taken (or was never open): choose another open seat"
                ))
            })?;
        handle
            .summary
            .lock()
            .expect("summary lock")
            .open_seats
            .retain(|&s| s != seat);
        Ok(Claimed {
            table: id.to_string(),
            seat,
            name,
            link: seat_link(id, &token),
        })
    }
}
