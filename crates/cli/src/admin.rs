//! `boardroom admin`: the operator's tools for accounts — the chat lines people reported, and
//! suspending (or reinstating) an account. Works on the server's database while it runs.

use crate::args::AdminCommand;
use anyhow::Result;
use boardroom_server::db::{is_postgres_url, Db};
use std::path::Path;

/// Opens the database `path` names (a SQLite file or a PostgreSQL URL).
async fn open(path: &Path) -> Result<Db> {
    let named = path.to_string_lossy();
    if is_postgres_url(&named) {
        Db::connect(&named).await
    } else {
        anyhow::ensure!(path.exists(), "no database at {}", path.display());
        Db::open(path)
    }
}

/// Runs one admin command.
pub fn admin(command: AdminCommand) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        match command {
            AdminCommand::Reports { db, limit } => {
                let reports = open(&db).await?.accounts().reports(limit).await?;
                if reports.is_empty() {
                    println!("no reports");
                }
                for r in reports {
                    println!(
                        "#{} table {} line {} by {} (reported by {}): {}",
                        r.id,
                        r.table,
                        r.line,
                        r.reported.as_deref().unwrap_or("a guest"),
                        r.reporter,
                        r.text
                    );
                }
                Ok(())
            }
            AdminCommand::Suspend { name, db, lift } => {
                let key = boardroom_server::accounts::name::key(&name);
                let now = boardroom_server::time::now_ms();
                let found = open(&db).await?.accounts().suspend(key, !lift, now).await?;
                anyhow::ensure!(found, "no account is called \"{name}\"");
                if lift {
                    println!("{name} is reinstated");
                } else {
                    println!("{name} is suspended: signed out everywhere, and cannot sign in");
                }
                Ok(())
            }
        }
    })
}
