//! `boardroom serve` and `boardroom load`: thin wrappers over `boardroom-server`.

use crate::load;
use anyhow::Result;
use boardroom_server::{conn::Limits, Server, Settings};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Network programs must not die of SIGPIPE when a peer goes away (the program's `main` restores
/// the default disposition for pipe-friendly output): ignore it, so a closed socket is an error
/// that the connection handles.
fn ignore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal disposition before the runtime starts any thread.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    ignore_sigpipe();
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

/// Runs the server until the process is stopped.
pub fn serve(addr: SocketAddr, db: PathBuf, bot_delay_ms: u64) -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    runtime()?.block_on(async move {
        let server = Server::bind(Settings {
            addr,
            db: db.clone(),
            bot_delay: Duration::from_millis(bot_delay_ms),
            limits: Limits::default(),
        })
        .await?;
        println!(
            "Boardroom is serving {} table(s) from {}",
            server.lobby.len(),
            db.display()
        );
        let mut open = server.addr;
        if open.ip().is_unspecified() {
            // Listening on every interface: this machine itself is reached on loopback.
            open.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
            println!("Listening on every interface, port {}", server.addr.port());
        }
        println!("Open http://{open} in your browser");
        server.run().await
    })
}

/// Runs the load generator and prints its report.
pub fn load(opts: load::LoadOptions, json: bool) -> Result<()> {
    let report = runtime()?.block_on(load::run(opts))?;
    if json {
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    println!(
        "{} tables x {} players ({} connections), {:.1} s",
        report.tables, report.players, report.connections, report.seconds
    );
    println!(
        "actions: {} ({:.0}/s), games finished: {}, errors: {}",
        report.actions, report.actions_per_second, report.games_finished, report.errors
    );
    println!(
        "round trip ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
        report.rtt_ms_p50, report.rtt_ms_p90, report.rtt_ms_p99, report.rtt_ms_max
    );
    if let (Some(b), Some(s), Some(per)) = (
        report.server_bytes_before,
        report.server_bytes_seated,
        report.bytes_per_table,
    ) {
        println!(
            "server memory: {:.1} MiB before, {:.1} MiB seated: {:.1} KiB per table",
            b as f64 / 1048576.0,
            s as f64 / 1048576.0,
            per as f64 / 1024.0
        );
    }
    if let (Some(e), Some(per)) = (report.server_bytes_end, report.bytes_per_table_end) {
        println!(
            "server memory after play: {:.1} MiB: {:.1} KiB per table",
            e as f64 / 1048576.0,
            per as f64 / 1024.0
        );
    }
    Ok(())
}
