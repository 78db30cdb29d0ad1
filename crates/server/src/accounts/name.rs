//! Display names: what a name may be, and the key two names are compared by. A name is
//! 3 to 24 characters of ASCII letters, digits, spaces, `-`, `_` and `.`, begins and ends with
//! a letter or digit, and has no two separators in a row. Two names whose keys are equal (case
//! and separators aside: `Ann Lee`, `ann_lee`, `annlee`) are the same name, so nobody can pass
//! for somebody else by a capital or a dot. Names of the bots and of the people who run the
//! server are reserved.

use crate::bots::SeatKind;

/// The shortest name.
pub const MIN_LEN: usize = 3;
/// The longest name.
pub const MAX_LEN: usize = 24;

/// Keys reserved for the operator and the server itself (besides every bot level's name and
/// anything beginning with `bot`).
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "operator",
    "moderator",
    "mod",
    "root",
    "system",
    "server",
    "boardroom",
    "support",
    "staff",
    "formerplayer",
    "guest",
    "standin",
    "human",
    "nobody",
    "anonymous",
];

/// Whether `c` separates the words of a name.
fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '-' | '_' | '.')
}

/// The key a name is compared by: lower-case, separators left out.
pub fn key(name: &str) -> String {
    name.chars()
        .filter(|c| !is_separator(*c))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Checks a display name as typed (spaces around it are dropped), with `extra` keys the
/// operator reserved: the name and its key, or what is wrong with it in words.
pub fn check(typed: &str, extra: &[String]) -> Result<(String, String), String> {
    let name = typed.trim();
    let len = name.chars().count();
    if !(MIN_LEN..=MAX_LEN).contains(&len) {
        return Err(format!(
            "a display name has {MIN_LEN} to {MAX_LEN} characters (this one has {len})"
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || is_separator(*c)))
    {
        return Err(format!(
            "a display name may hold letters a–z, digits, spaces, '-', '_' and '.' only \
             (not {c:?})"
        ));
    }
    let first = name.chars().next().unwrap_or(' ');
    let last = name.chars().next_back().unwrap_or(' ');
    if !first.is_ascii_alphanumeric() || !last.is_ascii_alphanumeric() {
        return Err("a display name begins and ends with a letter or a digit".into());
    }
    if name
        .chars()
        .zip(name.chars().skip(1))
        .any(|(a, b)| is_separator(a) && is_separator(b))
    {
        return Err("a display name has no two spaces or separators in a row".into());
    }
    let key = key(name);
    let bot = SeatKind::all().any(|k| key == self::key(k.name()));
    let reserved = RESERVED.contains(&key.as_str()) || extra.iter().any(|r| self::key(r) == key);
    if bot || key.starts_with("bot") {
        return Err(format!(
            "\"{name}\" is reserved for the bots: choose another display name"
        ));
    }
    if reserved {
        return Err(format!(
            "\"{name}\" is reserved for the people who run this server: choose another display name"
        ));
    }
    Ok((name.to_string(), key))
}

#[cfg(test)]
mod tests {
    use super::{check, key};

    #[test]
    fn names_are_checked_with_a_reason() {
        assert_eq!(
            check(" Ann Lee ", &[]).unwrap(),
            ("Ann Lee".into(), "annlee".into())
        );
        assert_eq!(key("ann_LEE"), key("Ann.Lee"));
        let refused = |n: &str| check(n, &["Club".into()]).unwrap_err();
        assert!(refused("ab").contains("3 to 24"));
        assert!(refused(&"a".repeat(25)).contains("3 to 24"));
        assert!(refused("ann<b>").contains("'<'"));
        assert!(refused("Zoë").contains("'ë'"));
        assert!(refused("-ann").contains("begins and ends"));
        assert!(refused("ann  lee").contains("in a row"));
        assert!(refused("Hard").contains("bots"));
        assert!(refused("Heuristic-NoDeal").contains("bots"));
        assert!(refused("bot_42").contains("bots"));
        assert!(refused("Admin").contains("run this server"));
        assert!(refused("Former Player").contains("run this server"));
        assert!(refused("club").contains("run this server"));
    }
}
