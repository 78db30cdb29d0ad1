//! Invitations at a new table: a signed-in creator keeps person seats for named accounts. The
//! creator sits at the table's first person seat; each invited seat waits for its account (its
//! link is not given to the creator, no stand-in plays it, its clock does not run) until the
//! account accepts (and receives the link) or declines (the seat opens) from "My games".
//!
//! Everything is checked before the table is stored, so a refused invitation changes nothing.

use super::request::{InviteSeat, LobbyError};
use super::Lobby;
use crate::accounts::{Account, AccountId, SeatState, SeatTie};
use crate::bots::SeatKind;
use crate::table::Command;

/// An invitation checked: the seat and the account it waits for.
#[derive(Clone, Debug)]
pub struct Invitation {
    /// The seat.
    pub seat: usize,
    /// The invited account.
    pub account: Account,
}

/// Checks the invitations of a new table with seats `kinds`, seats `open` open to anyone in the
/// lobby, created by `creator`: each names a live account other than the creator's, who does not
/// block the creator, for a person seat that is neither the creator's (the first person seat)
/// nor open nor invited already.
pub(super) async fn check(
    lobby: &Lobby,
    kinds: &[SeatKind],
    open: &[usize],
    creator: Option<&Account>,
    invites: &[InviteSeat],
) -> Result<Vec<Invitation>, LobbyError> {
    if invites.is_empty() {
        return Ok(Vec::new());
    }
    let Some(creator) = creator else {
        return Err(LobbyError::BadRequest(
            "sign in to invite people: an invitation comes from an account, and a guest has \
             none (send the seat's link instead)"
                .into(),
        ));
    };
    let own = kinds.iter().position(|k| k.is_human());
    let store = lobby.db.accounts();
    let mut checked: Vec<Invitation> = Vec::new();
    for invite in invites {
        let seat = invite.seat;
        match kinds.get(seat) {
            None => {
                return Err(LobbyError::BadRequest(format!(
                    "the invitation names seat {seat}: the table has seats 0 to {}",
                    kinds.len().saturating_sub(1)
                )))
            }
            Some(kind) if !kind.is_human() => {
                return Err(LobbyError::BadRequest(format!(
                    "seat {seat} is taken by a bot ({kind}): only a person's seat can wait for \
                     an invited account"
                )))
            }
            Some(_) => {}
        }
        if own == Some(seat) {
            return Err(LobbyError::BadRequest(format!(
                "seat {seat} is yours: whoever invites sits at the table's first person seat, \
                 so invite people to the others"
            )));
        }
        if open.contains(&seat) {
            return Err(LobbyError::BadRequest(format!(
                "seat {seat} is open to anyone in the lobby: it cannot also wait for an \
                 invited account"
            )));
        }
        if checked.iter().any(|c| c.seat == seat) {
            return Err(LobbyError::BadRequest(format!(
                "seat {seat} is taken by an invitation already: one account per seat"
            )));
        }
        let shown = invite.name.trim();
        let found = store
            .account_named(crate::accounts::name::key(shown))
            .await
            .map_err(storage)?;
        let Some(account) = found else {
            return Err(LobbyError::BadRequest(format!(
                "nobody is called \"{}\": check the display name of the person you invite",
                shown.chars().take(40).collect::<String>()
            )));
        };
        if account.id == creator.id {
            return Err(LobbyError::BadRequest(
                "you cannot invite yourself: you sit at the table's first person seat".into(),
            ));
        }
        if checked.iter().any(|c| c.account.id == account.id) {
            return Err(LobbyError::BadRequest(format!(
                "{} is invited to seat {} already: one seat per person",
                account.name,
                checked
                    .iter()
                    .find(|c| c.account.id == account.id)
                    .map_or(0, |c| c.seat)
            )));
        }
        if store
            .blocks(account.id, creator.id)
            .await
            .map_err(storage)?
        {
            return Err(LobbyError::BadRequest(format!(
                "{} does not take invitations from you",
                account.name
            )));
        }
        checked.push(Invitation { seat, account });
    }
    Ok(checked)
}

fn storage(e: anyhow::Error) -> LobbyError {
    tracing::error!("cannot check an invitation in the database: {e:#}");
    LobbyError::Storage(e)
}

/// The seat ties of a new table's invitations from `creator`.
pub(super) fn ties(creator: AccountId, invited: &[(usize, AccountId)]) -> Vec<SeatTie> {
    invited
        .iter()
        .map(|&(seat, account)| SeatTie {
            seat,
            account,
            state: SeatState::Invited,
            invited_by: Some(creator),
        })
        .collect()
}

/// Tells the account of `invitation` that `inviter` invites it to a table of `title` (`id`):
/// at its "your turn" addresses for the game (or for every game), else at its sign-in address,
/// in a task of its own (the table is answered at once, whatever the relay does).
pub(super) fn tell(
    lobby: &Lobby,
    id: &str,
    game: &str,
    title: &str,
    inviter: &str,
    invitation: Invitation,
) {
    let (db, notifier) = (lobby.db.clone(), lobby.notifier().clone());
    let (id, game) = (id.to_string(), game.to_string());
    let (title, inviter) = (title.to_string(), inviter.to_string());
    tokio::spawn(async move {
        let account = invitation.account.id;
        let kept = match db.accounts().account_addresses(account).await {
            Ok(kept) => kept,
            Err(e) => {
                tracing::error!(table = %id, "cannot read an invited account's addresses: {e:#}");
                Vec::new()
            }
        };
        // Written in the invited account's language, as its "your turn" messages are.
        let lang = db
            .accounts()
            .account_lang(account)
            .await
            .unwrap_or_else(|e| {
                tracing::error!(table = %id, "cannot read an invited account's language: {e:#}");
                None
            });
        let pick = |g: &str| kept.iter().find(|(k, _)| k == g).map(|(_, a)| a.clone());
        let mut to = pick(&game)
            .or_else(|| pick(crate::accounts::ALL_GAMES))
            .unwrap_or_else(|| crate::notify::Addresses {
                email: notifier
                    .email_enabled()
                    .then(|| invitation.account.email.clone()),
                webhook: None,
                lang: None,
            });
        to.lang = lang;
        let catalog = crate::lang::catalog();
        let lang = to
            .lang
            .as_deref()
            .filter(|l| catalog.has_language(l))
            .unwrap_or(boardroom_i18n::ENGLISH);
        let args = [
            ("inviter", inviter.as_str().into()),
            ("title", title.as_str().into()),
            ("table", id.as_str().into()),
            ("seat", (invitation.seat as i64 + 1).into()),
        ];
        let subject = catalog.message(lang, "notify-invite-subject", &args);
        let text = catalog.message(lang, "notify-invite-text", &args);
        notifier.tell(&id, invitation.seat, to, subject, &text, "/");
    });
}

/// What answering an invitation came to.
#[derive(Debug)]
pub enum Answered {
    /// Accepted: the seat's link (a path on this server).
    Accepted(String),
    /// Declined: the seat no longer waits (and is open to anyone in the lobby on a listed,
    /// unrated table).
    Declined {
        /// Whether the seat is now open in the lobby.
        opened: bool,
    },
}

/// Why an invitation could not be answered. Nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum AnswerError {
    /// No table has this identifier.
    #[error("no such table")]
    NoSuchTable,
    /// No invitation of this account waits at that seat.
    #[error("{0}")]
    NotInvited(String),
    /// The database failed.
    #[error("the answer could not be stored; try again")]
    Storage(#[source] anyhow::Error),
}

impl Lobby {
    /// `account` answers its invitation to seat `seat` of table `id` (played here: a table
    /// another instance plays is answered there). Accepting ties the seat to the account and
    /// gives its link; declining opens it. Either way the table stops keeping the seat.
    pub async fn answer_invite(
        &self,
        id: &str,
        seat: usize,
        account: AccountId,
        accept: bool,
    ) -> Result<Answered, AnswerError> {
        let handle = self.open(id).await.map_err(|_| AnswerError::NoSuchTable)?;
        // A declined seat opens in the lobby on a listed, unrated table (a rated table's every
        // seat is a signed-in person or a bot, so a guest from the lobby may not take it).
        let rated = match self.db.load_table(id.to_string()).await {
            Ok(Some(crate::db::Stored::Table(row))) => row.rated,
            Ok(_) => return Err(AnswerError::NoSuchTable),
            Err(e) => return Err(AnswerError::Storage(e)),
        };
        let private = handle.summary.lock().expect("summary lock").private;
        let reopen = !private && !rated;
        let answered = self
            .db
            .accounts()
            .answer_invite(
                account,
                id.to_string(),
                seat,
                accept,
                reopen,
                crate::time::now_ms(),
            )
            .await
            .map_err(|e| {
                tracing::error!(table = %id, "cannot store an invitation's answer: {e:#}");
                AnswerError::Storage(e)
            })?;
        let Some(token) = answered else {
            return Err(AnswerError::NotInvited(format!(
                "no invitation of yours waits at seat {seat} of table {id} (it was answered \
                 already, or never made)"
            )));
        };
        let _ = handle.tx.send(Command::InviteAnswered { seat }).await;
        match token {
            Some(token) => Ok(Answered::Accepted(crate::table::seat_link(id, &token))),
            None => {
                if reopen {
                    let mut summary = handle.summary.lock().expect("summary lock");
                    if !summary.open_seats.contains(&seat) {
                        summary.open_seats.push(seat);
                        summary.open_seats.sort_unstable();
                    }
                }
                Ok(Answered::Declined { opened: reopen })
            }
        }
    }
}
