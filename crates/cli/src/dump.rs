//! `boardroom db dump` and `boardroom db restore`: a server's whole database as a file of
//! JSON lines (the format: `boardroom_server::db::dump`), from and into SQLite or PostgreSQL.

use anyhow::{Context, Result};
use boardroom_server::db::dump::{self, Summary};
use boardroom_server::db::{hide_password, is_postgres_url, Db};
use std::path::Path;

/// The database named by `--db`, in words (a URL's password hidden).
fn shown(db: &Path) -> String {
    hide_password(&db.to_string_lossy())
}

/// Opens the database `db` names: a PostgreSQL URL, or a SQLite file (read-only for a dump;
/// made when missing for a restore).
async fn open(db: &Path, write: bool) -> Result<Db> {
    let name = db.to_string_lossy();
    if is_postgres_url(&name) {
        return Db::connect(&name).await;
    }
    if write {
        Db::open(db)
    } else {
        anyhow::ensure!(db.exists(), "no database at {}", db.display());
        Db::open_read_only(db)
    }
}

fn report(summary: &Summary) {
    for (table, rows) in &summary.rows {
        println!("{rows:>9}  {table}");
    }
    println!(
        "{:>9}  tables replayed{}",
        summary.replayed,
        if summary.damaged.is_empty() {
            String::new()
        } else {
            format!(
                "; {} damaged (as they were): {}",
                summary.damaged.len(),
                summary.damaged.join(", ")
            )
        }
    );
}

/// Writes everything database `db` stores into `file` (written whole, then renamed into
/// place, so a failed dump leaves no partial file).
pub fn dump(db: &Path, file: &Path) -> Result<()> {
    let part = file.with_extension("part");
    let summary = crate::serve::runtime()?.block_on(async {
        let source = open(db, false)
            .await
            .with_context(|| format!("cannot open {}", shown(db)))?;
        let out = std::fs::File::create(&part)
            .with_context(|| format!("cannot write {}", part.display()))?;
        let mut out = std::io::BufWriter::new(out);
        let summary = dump::dump(&source, &mut out).await;
        drop(out);
        if summary.is_err() {
            let _ = std::fs::remove_file(&part);
        }
        summary.with_context(|| format!("cannot dump {}", shown(db)))
    })?;
    std::fs::rename(&part, file).with_context(|| format!("cannot write {}", file.display()))?;
    println!("Dumped {} into {}:", shown(db), file.display());
    report(&summary);
    Ok(())
}

/// Restores `file` into database `db`, which must hold no table yet, and replays every table.
pub fn restore(db: &Path, file: &Path) -> Result<()> {
    let input =
        std::fs::File::open(file).with_context(|| format!("cannot read {}", file.display()))?;
    let summary = crate::serve::runtime()?.block_on(async {
        let target = open(db, true)
            .await
            .with_context(|| format!("cannot open {}", shown(db)))?;
        dump::restore(&target, std::io::BufReader::new(input))
            .await
            .with_context(|| format!("cannot restore {} into {}", file.display(), shown(db)))
    })?;
    println!("Restored {} into {}:", file.display(), shown(db));
    report(&summary);
    Ok(())
}
