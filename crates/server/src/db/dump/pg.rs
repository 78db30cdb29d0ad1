//! Dumping and restoring rows on PostgreSQL: each column read by its type (text, integers,
//! booleans, double precision), and written from JSON by the target column's type (a boolean
//! from `true`/`false` or SQLite's 0 and 1).

use super::{unfit, Row};
use crate::db::pg::Postgres;
use anyhow::{bail, Result};
use serde_json::Value;
use tokio_postgres::types::{ToSql, Type};

/// One value bound to a statement.
type Param = Box<dyn ToSql + Sync + Send>;

impl Postgres {
    pub(in crate::db) async fn dump_rows_pg(
        &self,
        tables: &'static [(&'static str, &'static str)],
    ) -> Result<Vec<Vec<Row>>> {
        self.with(|mut client| async move {
            // One snapshot of every table, however the instances write meanwhile.
            let tx = client
                .build_transaction()
                .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await?;
            let mut all = Vec::new();
            for (table, order) in tables {
                let rows = tx
                    .query(&format!("SELECT * FROM {table} ORDER BY {order}"), &[])
                    .await?;
                let mut out = Vec::new();
                for r in &rows {
                    let mut row = Row::new();
                    for (i, c) in r.columns().iter().enumerate() {
                        let v = match *c.type_() {
                            Type::TEXT | Type::VARCHAR => r.try_get::<_, Option<String>>(i)?.into(),
                            Type::INT8 => r.try_get::<_, Option<i64>>(i)?.into(),
                            Type::INT4 => r.try_get::<_, Option<i32>>(i)?.into(),
                            Type::INT2 => r.try_get::<_, Option<i16>>(i)?.into(),
                            Type::BOOL => r.try_get::<_, Option<bool>>(i)?.into(),
                            Type::FLOAT8 => r.try_get::<_, Option<f64>>(i)?.into(),
                            ref other => bail!("`{table}.{}` is of type {other}", c.name()),
                        };
                        row.insert(c.name().to_string(), v);
                    }
                    out.push(row);
                }
                all.push(out);
            }
            tx.commit().await?;
            Ok(all)
        })
        .await
    }

    pub(in crate::db) async fn count_rows_pg(&self, table: &'static str) -> Result<u64> {
        self.with(|client| async move {
            let n: i64 = client
                .query_one(&format!("SELECT count(*) FROM {table}"), &[])
                .await?
                .get(0);
            Ok(n as u64)
        })
        .await
    }

    pub(in crate::db) async fn restore_rows_pg(
        &self,
        tables: Vec<(&'static str, Vec<Row>)>,
    ) -> Result<()> {
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            for (table, rows) in &tables {
                let columns: Vec<(String, String)> = tx
                    .query(
                        "SELECT column_name::text, data_type::text FROM information_schema.columns \
                         WHERE table_schema = current_schema() AND table_name = $1",
                        &[table],
                    )
                    .await?
                    .iter()
                    .map(|r| (r.get(0), r.get(1)))
                    .collect();
                for row in rows {
                    let mut names = Vec::new();
                    let mut values: Vec<Param> = Vec::new();
                    for (name, value) in row {
                        let Some((_, ty)) = columns.iter().find(|(c, _)| c == name) else {
                            bail!("`{table}` has no column `{name}` here: restore with a newer version");
                        };
                        values.push(to_param(table, name, ty, value)?);
                        names.push(name.as_str());
                    }
                    let marks: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
                    let params: Vec<&(dyn ToSql + Sync)> =
                        values.iter().map(|v| v.as_ref() as &(dyn ToSql + Sync)).collect();
                    tx.execute(
                        &format!(
                            "INSERT INTO {table} ({}) VALUES ({})",
                            names.join(", "),
                            marks.join(", ")
                        ),
                        &params,
                    )
                    .await?;
                }
                // Rows restored with their ids leave an identity column's sequence behind
                // them: the next account would be given an id already taken.
                let identities: Vec<String> = tx
                    .query(
                        "SELECT column_name::text FROM information_schema.columns \
                         WHERE table_schema = current_schema() AND table_name = $1 \
                         AND is_identity = 'YES'",
                        &[table],
                    )
                    .await?
                    .iter()
                    .map(|r| r.get(0))
                    .collect();
                for column in identities {
                    tx.execute(
                        &format!(
                            "SELECT setval(pg_get_serial_sequence('{table}', '{column}'), \
                             COALESCE((SELECT MAX({column}) FROM {table}), 1), \
                             (SELECT MAX({column}) FROM {table}) IS NOT NULL)"
                        ),
                        &[],
                    )
                    .await?;
                }
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }
}

/// A JSON value bound for a PostgreSQL column of type `ty` (`information_schema`'s name).
fn to_param(table: &str, column: &str, ty: &str, value: &Value) -> Result<Param> {
    let bad = || unfit(table, column, ty, value);
    Ok(match (ty, value) {
        ("text" | "character varying", Value::Null) => Box::new(None::<String>),
        ("text" | "character varying", Value::String(s)) => Box::new(Some(s.clone())),
        ("bigint", Value::Null) => Box::new(None::<i64>),
        ("bigint", Value::Number(n)) => Box::new(Some(n.as_i64().ok_or_else(bad)?)),
        ("integer", Value::Null) => Box::new(None::<i32>),
        ("integer", Value::Number(n)) => {
            let n = n.as_i64().and_then(|n| i32::try_from(n).ok());
            Box::new(Some(n.ok_or_else(bad)?))
        }
        ("smallint", Value::Null) => Box::new(None::<i16>),
        ("smallint", Value::Number(n)) => {
            let n = n.as_i64().and_then(|n| i16::try_from(n).ok());
            Box::new(Some(n.ok_or_else(bad)?))
        }
        ("boolean", Value::Null) => Box::new(None::<bool>),
        ("boolean", Value::Bool(b)) => Box::new(Some(*b)),
        ("boolean", Value::Number(n)) => match n.as_i64() {
            Some(0) => Box::new(Some(false)),
            Some(1) => Box::new(Some(true)),
            _ => return Err(bad()),
        },
        ("double precision", Value::Null) => Box::new(None::<f64>),
        ("double precision", Value::Number(n)) => Box::new(Some(n.as_f64().ok_or_else(bad)?)),
        _ => return Err(bad()),
    })
}
