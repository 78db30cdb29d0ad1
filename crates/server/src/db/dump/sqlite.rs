//! Dumping and restoring rows on SQLite: columns read as SQLite stores them (integers, reals,
//! text, null), and written from JSON by the target column's declared type (a boolean as 0 or
//! 1).

use super::{unfit, Row};
use crate::db::Sqlite;
use anyhow::{bail, Result};
use rusqlite::types::{Value as Sql, ValueRef};
use serde_json::Value;

impl Sqlite {
    pub(in crate::db) async fn dump_rows_sqlite(
        &self,
        tables: &'static [(&'static str, &'static str)],
    ) -> Result<Vec<Vec<Row>>> {
        self.call(move |conn| {
            let mut all = Vec::new();
            for (table, order) in tables {
                let mut stmt = conn.prepare(&format!("SELECT * FROM {table} ORDER BY {order}"))?;
                let names: Vec<String> =
                    stmt.column_names().iter().map(|s| s.to_string()).collect();
                let mut rows = stmt.query([])?;
                let mut out = Vec::new();
                while let Some(r) = rows.next()? {
                    let mut row = Row::new();
                    for (i, name) in names.iter().enumerate() {
                        let v = match r.get_ref(i)? {
                            ValueRef::Null => Value::Null,
                            ValueRef::Integer(n) => Value::from(n),
                            ValueRef::Real(x) => Value::from(x),
                            ValueRef::Text(t) => {
                                Value::from(String::from_utf8_lossy(t).into_owned())
                            }
                            ValueRef::Blob(_) => bail!("`{table}.{name}` holds bytes, not text"),
                        };
                        row.insert(name.clone(), v);
                    }
                    out.push(row);
                }
                all.push(out);
            }
            Ok(all)
        })
        .await
    }

    pub(in crate::db) async fn count_rows_sqlite(&self, table: &'static str) -> Result<u64> {
        self.call(move |conn| {
            let n: i64 =
                conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?;
            Ok(n as u64)
        })
        .await
    }

    pub(in crate::db) async fn restore_rows_sqlite(
        &self,
        tables: Vec<(&'static str, Vec<Row>)>,
    ) -> Result<()> {
        self.call(move |conn| {
            for (table, rows) in &tables {
                let mut info = conn.prepare(&format!("PRAGMA table_info({table})"))?;
                let columns: Vec<(String, String)> = info
                    .query_map([], |r| Ok((r.get(1)?, r.get::<_, String>(2)?)))?
                    .collect::<rusqlite::Result<_>>()?;
                for row in rows {
                    let mut names = Vec::new();
                    let mut values = Vec::new();
                    for (name, value) in row {
                        let Some((_, ty)) = columns.iter().find(|(c, _)| c == name) else {
                            bail!("`{table}` has no column `{name}` here: restore with a newer version");
                        };
                        values.push(to_sql(table, name, ty, value)?);
                        names.push(name.as_str());
                    }
                    let marks: Vec<String> = (1..=names.len()).map(|i| format!("?{i}")).collect();
                    conn.execute(
                        &format!(
                            "INSERT INTO {table} ({}) VALUES ({})",
                            names.join(", "),
                            marks.join(", ")
                        ),
                        rusqlite::params_from_iter(values),
                    )?;
                }
            }
            Ok(())
        })
        .await
    }
}

/// A JSON value as SQLite stores it in a column declared `ty`.
fn to_sql(table: &str, column: &str, ty: &str, value: &Value) -> Result<Sql> {
    let ty = ty.to_ascii_uppercase();
    Ok(match value {
        Value::Null => Sql::Null,
        Value::Bool(b) if ty.contains("INT") => Sql::Integer(i64::from(*b)),
        Value::Number(n) if ty.contains("INT") => {
            Sql::Integer(n.as_i64().ok_or_else(|| unfit(table, column, &ty, value))?)
        }
        Value::Number(n) if ty.contains("REAL") || ty.contains("DOUB") => {
            Sql::Real(n.as_f64().ok_or_else(|| unfit(table, column, &ty, value))?)
        }
        Value::String(s) if ty.contains("TEXT") || ty.is_empty() => Sql::Text(s.clone()),
        _ => return Err(unfit(table, column, &ty, value)),
    })
}
