//! Open seats: person seats a table's creator offers to anyone in the lobby. A visitor claims
//! one and receives that seat's link; a seat is claimed once (the database decides a race:
//! the first claim stored wins, every later one is told the seat is taken).

use crate::bots::SeatKind;
use crate::db::Db;
use thiserror::Error;

/// Why a seat could not be claimed. Nothing changed.
#[derive(Debug, Error)]
pub enum ClaimError {
    /// No table has this identifier (or it expired, or it is damaged).
    #[error("no such table")]
    NoSuchTable,
    /// The seat is not (or no longer) open: someone claimed it first, or it never was open.
    #[error("{0}")]
    Taken(String),
    /// The database failed; nothing was claimed.
    #[error("the seat could not be claimed just now; try again")]
    Storage(#[source] anyhow::Error),
}

/// Checks the seats a creator opens: person seats of the table, each once, and a table that is
/// listed in the lobby (where open seats are offered). `kinds` are the table's seat kinds.
pub fn check_open(open: &[usize], kinds: &[SeatKind], private: bool) -> Result<(), String> {
    if open.is_empty() {
        return Ok(());
    }
    if private {
        return Err(
            "a private table is not listed in the lobby, so it cannot offer open \
                    seats there (send its seat links instead)"
                .into(),
        );
    }
    for (i, &seat) in open.iter().enumerate() {
        match kinds.get(seat) {
            None => {
                return Err(format!(
                    "`open_seats` names seat {seat}: the table has seats 0 to {}",
                    kinds.len().saturating_sub(1)
                ))
            }
            Some(kind) if !kind.is_human() => {
                return Err(format!(
                    "seat {seat} is a bot ({kind}): only a person's seat can be open"
                ))
            }
            Some(_) => {}
        }
        if open[..i].contains(&seat) {
            return Err(format!("`open_seats` names seat {seat} twice"));
        }
    }
    Ok(())
}

/// Claims open seat `seat` of `table`: its token when this claim took it, `None` when it is
/// not open (never was, or already claimed). The database thread runs one request at a time,
/// so of two claims of the same seat exactly one gets the token.
pub async fn claim(db: &Db, table: String, seat: usize) -> anyhow::Result<Option<String>> {
    db.claim_seat(table, seat).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotLevel;

    #[test]
    fn open_seats_are_person_seats_of_a_listed_table() {
        let kinds = [
            SeatKind::Human,
            SeatKind::Bot(BotLevel::Normal),
            SeatKind::Human,
        ];
        assert!(check_open(&[0, 2], &kinds, false).is_ok());
        assert!(check_open(&[], &kinds, true).is_ok());
        let e = check_open(&[1], &kinds, false).unwrap_err();
        assert!(e.contains("bot (normal)"), "{e}");
        let e = check_open(&[3], &kinds, false).unwrap_err();
        assert!(e.contains("seats 0 to 2"), "{e}");
        let e = check_open(&[2, 2], &kinds, false).unwrap_err();
        assert!(e.contains("twice"), "{e}");
        let e = check_open(&[0], &kinds, true).unwrap_err();
        assert!(e.contains("private"), "{e}");
    }
}
