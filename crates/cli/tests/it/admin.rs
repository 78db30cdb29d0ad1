//! `boardroom admin` on a real database (a SQLite file, and PostgreSQL when the tests have
//! one), while the accounts live in it as the server keeps them: `reports` lists the reported
//! chat lines, newest first; `suspend` ends the account's sessions everywhere and keeps it from
//! signing in (and from being found by name, so nobody can invite it), `--lift` reinstates it;
//! an unknown name is refused, saying so, and changes nothing.

use crate::common::boardroom;
use boardroom_server::accounts::{hash_token, name, AccountId};
use boardroom_server::db::{Db, Redeemed};

/// Milliseconds of an hour.
const HOUR: i64 = 3_600_000;

/// Signs `email` in with a fresh link as `shown` (made the first time): the account, or what
/// stood in the way; the session is `session`.
async fn sign_in(db: &Db, email: &str, shown: &str, session: &str) -> Redeemed {
    let now = boardroom_server::time::now_ms();
    let link = format!("link-{email}-{session}");
    let store = db.accounts();
    assert!(store
        .store_link(
            hash_token(&link),
            email.into(),
            now,
            now + HOUR,
            now - HOUR,
            50
        )
        .await
        .unwrap());
    store
        .redeem_link(
            hash_token(&link),
            now,
            Some((shown.into(), name::key(shown))),
            hash_token(session),
            now + HOUR,
        )
        .await
        .unwrap()
}

fn id(r: &Redeemed) -> AccountId {
    match r {
        Redeemed::SignedIn(a) => a.id,
        other => panic!("not signed in: {other:?}"),
    }
}

/// Runs `boardroom admin` with `args` on `db`: its standard output, or its error text.
fn admin(db: &str, args: &[&str]) -> Result<String, String> {
    let out = boardroom()
        .arg("admin")
        .args(args)
        .args(["--db", db])
        .output()
        .unwrap();
    if out.status.success() {
        Ok(String::from_utf8(out.stdout).unwrap())
    } else {
        Err(String::from_utf8(out.stderr).unwrap())
    }
}

async fn admin_flow(db: Db, spec: &str) {
    let ann = id(&sign_in(&db, "ann@example.com", "Ann Lee", "ann-1").await);
    let bob = id(&sign_in(&db, "bob@example.com", "Bob", "bob-1").await);
    let store = db.accounts();
    assert_eq!(admin(spec, &["reports"]).unwrap(), "no reports\n");
    let now = boardroom_server::time::now_ms();
    store
        .report(
            ann,
            "t1".into(),
            3,
            Some(bob),
            "you play like a bot".into(),
            now,
        )
        .await
        .unwrap();
    store
        .report(bob, "t1".into(), 4, None, "a guest's line".into(), now + 1)
        .await
        .unwrap();
    let listed = admin(spec, &["reports"]).unwrap();
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 2, "{listed}");
    assert!(
        lines[0].contains("table t1 line 4 by a guest (reported by Bob): a guest's line"),
        "newest first: {listed}"
    );
    assert!(
        lines[1].contains("table t1 line 3 by Bob (reported by Ann Lee): you play like a bot"),
        "{listed}"
    );

    // Suspended: every session ends, no link signs in, and the name finds nobody.
    let out = admin(spec, &["suspend", "bob"]).unwrap();
    assert!(out.contains("bob is suspended"), "{out}");
    let now = boardroom_server::time::now_ms();
    assert_eq!(
        store
            .session_account(hash_token("bob-1"), now)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        sign_in(&db, "bob@example.com", "Bob", "bob-2").await,
        Redeemed::Suspended
    );
    assert_eq!(store.account_named(name::key("Bob")).await.unwrap(), None);
    assert!(
        store
            .session_account(hash_token("ann-1"), now)
            .await
            .unwrap()
            .is_some(),
        "other accounts go on"
    );

    // Nobody by that name: refused, saying so.
    let e = admin(spec, &["suspend", "Nobody Here"]).unwrap_err();
    assert!(e.contains("no account is called \"Nobody Here\""), "{e}");

    // Reinstated: Bob signs in again (his old session stays ended).
    let out = admin(spec, &["suspend", "Bob", "--lift"]).unwrap();
    assert!(out.contains("Bob is reinstated"), "{out}");
    let back = sign_in(&db, "bob@example.com", "Bob", "bob-3").await;
    assert_eq!(id(&back), bob);
    let now = boardroom_server::time::now_ms();
    assert_eq!(
        store
            .session_account(hash_token("bob-1"), now)
            .await
            .unwrap(),
        None
    );
    assert!(store
        .account_named(name::key("Bob"))
        .await
        .unwrap()
        .is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_reports_and_suspension_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("admin.sqlite");
    let db = Db::open(&file).unwrap();
    admin_flow(db, file.to_str().unwrap()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_reports_and_suspension_on_postgres() {
    let Some(url) = crate::site::fresh_database().await else {
        return;
    };
    let db = Db::connect(&url).await.unwrap();
    admin_flow(db, &url).await;
}
