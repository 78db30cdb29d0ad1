//! PostgreSQL connection URLs: telling one from a SQLite file name, and showing one without its
//! password.

/// Whether `db` names a PostgreSQL database (`postgres://…` or `postgresql://…`) rather than
/// a SQLite file.
pub fn is_postgres_url(db: &str) -> bool {
    let lower = db.to_ascii_lowercase();
    lower.starts_with("postgres://") || lower.starts_with("postgresql://")
}

/// `url` with its password (in the user part, or a `password=` parameter) replaced by `***`,
/// for messages and logs.
pub fn hide_password(url: &str) -> String {
    let (scheme, rest) = match url.find("://") {
        Some(i) => (&url[..i + 3], &url[i + 3..]),
        None => ("", url),
    };
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let authority = match authority.rfind('@') {
        Some(at) => {
            let (user, hosts) = authority.split_at(at);
            match user.find(':') {
                Some(colon) => format!("{}:***{hosts}", &user[..colon]),
                None => authority.to_string(),
            }
        }
        None => authority.to_string(),
    };
    let tail = match tail.find('?') {
        Some(q) => {
            let (path, query) = tail.split_at(q + 1);
            let params: Vec<String> = query
                .split('&')
                .map(|p| match p.split_once('=') {
                    Some((k, _)) if k.eq_ignore_ascii_case("password") => format!("{k}=***"),
                    _ => p.to_string(),
                })
                .collect();
            format!("{path}{}", params.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}{authority}{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_never_shows() {
        assert_eq!(
            hide_password("postgres://ann:s3cr:et@db.example:5432/site?sslmode=disable"),
            "postgres://ann:***@db.example:5432/site?sslmode=disable"
        );
        assert_eq!(
            hide_password("postgresql://db.example/site?user=ann&password=s3cret"),
            "postgresql://db.example/site?user=ann&password=***"
        );
        assert_eq!(
            hide_password("postgres://ann@localhost/site"),
            "postgres://ann@localhost/site"
        );
        assert!(is_postgres_url("PostgreSQL://x/y"));
        assert!(!is_postgres_url("boardroom.sqlite"));
        assert!(!is_postgres_url("postgres.sqlite"));
    }
}
