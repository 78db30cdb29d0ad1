//! Rules revisions of stored tables.
//!
//! A table is stored as its config, seed and actions and replayed at every start, so what an
//! action means must not change under it. Each game has a rules revision
//! (`Game::RULES_REVISION`), raised whenever a change alters how existing records replay, and
//! each stored table keeps the revision it was played under. A table of the current revision,
//! or of an older one its game declares it still replays (`Game::replays_revision`), is played
//! as usual. Any other older table is kept as an archive: listed, its record downloadable, the
//! state its record replays to under today's rules (as far as they accept it) viewable, and no
//! action, take-back, hint, bot move or timeout accepted. Nothing stored is ever changed or
//! deleted. A table of a revision newer than the server's (stored by a newer version) cannot be
//! served and is reported as such, left untouched for that version.

use boardroom_engine::Present;
use boardroom_registry::Playable;

/// How a stored table of `G` played under rules revision `rules` is served: `Ok(None)` played
/// as usual, `Ok(Some(note))` kept as an archive (`note` says why, for its viewers), `Err`
/// not at all (a newer revision), with the reason.
pub fn served<G: Playable>(rules: u32) -> Result<Option<String>, String> {
    let current = G::RULES_REVISION;
    if rules > current {
        Err(format!(
            "this table was played under rules revision {rules} of {}, newer than the revision \
             this server plays ({current}): a newer version of the server serves it (it is kept \
             unchanged)",
            <G as Present>::TITLE
        ))
    } else if rules == current || G::replays_revision(rules) {
        Ok(None)
    } else {
        Ok(Some(archive_note(<G as Present>::TITLE, rules, current)))
    }
}

/// What a table kept as an archive tells its viewers.
pub fn archive_note(title: &str, rules: u32, current: u32) -> String {
    format!(
        "this table was played under rules revision {rules} of {title}; this server plays \
         revision {current}: it is kept as an archive"
    )
}
