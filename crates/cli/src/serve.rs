//! `boardroom serve` and `boardroom load`: thin wrappers over `boardroom-server`.

use crate::load;
use anyhow::Result;
use boardroom_server::conn::Limits;
use boardroom_server::rate::Rate;
use boardroom_server::table::Timing;
use boardroom_server::{Server, Settings};
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

pub(crate) fn runtime() -> Result<tokio::runtime::Runtime> {
    ignore_sigpipe();
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

/// What `boardroom serve` was asked for.
pub struct ServeOptions {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The database.
    pub db: PathBuf,
    /// Pause before each bot move.
    pub bot_delay_ms: u64,
    /// Read client addresses from `X-Forwarded-For`.
    pub trust_proxy: bool,
    /// Mark the session cookie `Secure` on every answer.
    pub secure_cookies: bool,
    /// Where the other instances on a PostgreSQL database reach this one (see
    /// `Settings::advertise`).
    pub advertise: Option<String>,
    /// Other origins allowed to open WebSockets.
    pub allow_origins: Vec<String>,
    /// Table creations per client address: per second, burst.
    pub create: (f64, f64),
    /// WebSocket connections per client address: per second, burst.
    pub connect: (f64, f64),
    /// Connections one client address may hold open at once (0: no limit).
    pub max_connections_per_address: usize,
    /// Seconds a connection may take to send a request's headers.
    pub header_timeout_secs: f64,
    /// Costly requests per client address: per second, burst.
    pub costly: (f64, f64),
    /// Minutes before a finished table leaves memory.
    pub archive_after_min: f64,
    /// Hours before an unplayed, unvisited table expires.
    pub expire_after_hours: f64,
    /// "Your turn" messages for people away from their table.
    pub notify: NotifyArgs,
    /// Metrics and logs for the site's operator.
    pub site: SiteArgs,
}

/// The flags of a site's operator: metrics and the log's format.
#[derive(clap::Args, Debug)]
pub struct SiteArgs {
    /// Serve the metrics (Prometheus's text format at /metrics, with /healthz and /readyz) on
    /// this address, e.g. 127.0.0.1:9100: keep it reachable by the monitoring only. Without
    /// it no metrics are kept.
    #[arg(long, env = "BOARDROOM_METRICS_ADDR", value_name = "ADDR")]
    pub metrics_addr: Option<SocketAddr>,
    /// The log's format on standard error: `text` (for people) or `json` (one object a line,
    /// each line about a table carrying its id and this instance's, for a site's log system).
    #[arg(long, env = "BOARDROOM_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

/// The log's format.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Lines for people.
    Text,
    /// One JSON object a line.
    Json,
}

/// Starts the log on standard error, at the level `RUST_LOG` names (`info` by default).
fn start_log(format: LogFormat) {
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    let log = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => log.init(),
        // The fields of the spans around the line (a table's: its id and the instance) go
        // into the line itself, so each line stands alone.
        LogFormat::Json => log
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .init(),
    }
}

/// The flags of "your turn" messages (e-mail through an SMTP relay, webhooks).
#[derive(clap::Args, Debug)]
pub struct NotifyArgs {
    /// The SMTP relay that sends "your turn" e-mails: smtp://host:25 (plain),
    /// smtp://user:pass@host:587?tls=required (STARTTLS), smtps://user:pass@host (TLS).
    /// Without it, no e-mail is sent and people may leave webhooks only.
    #[arg(
        long,
        env = "BOARDROOM_SMTP_URL",
        value_name = "URL",
        hide_env_values = true
    )]
    pub smtp_url: Option<String>,
    /// The sender of those e-mails.
    #[arg(
        long,
        env = "BOARDROOM_SMTP_FROM",
        default_value = "Boardroom <boardroom@localhost>"
    )]
    pub smtp_from: String,
    /// The address people reach this server at (e.g. https://play.example.org), put in front
    /// of the table links in "your turn" messages and of sign-in links; its host is the
    /// relying party of passkeys (off without it).
    #[arg(long, env = "BOARDROOM_PUBLIC_URL", value_name = "URL")]
    pub public_url: Option<String>,
    /// Let webhooks point at loopback and private networks (refused otherwise, so nobody can
    /// make the server call the machines beside it).
    #[arg(long, env = "BOARDROOM_WEBHOOKS_TO_PRIVATE_NETWORKS")]
    pub webhooks_to_private_networks: bool,
    /// Let webhooks point at link-local networks (169.254.0.0/16, fe80::/10) and cloud
    /// metadata services, which hand out the machine's credentials: refused otherwise, even
    /// with --webhooks-to-private-networks.
    #[arg(long, env = "BOARDROOM_WEBHOOKS_TO_LINK_LOCAL")]
    pub webhooks_to_link_local: bool,
    /// No message while the person was on the table's page within this many seconds.
    #[arg(long, default_value_t = 60.0)]
    pub notify_away_secs: f64,
    /// At most one message per address within this many minutes.
    #[arg(long, default_value_t = 5.0)]
    pub notify_gap_min: f64,
}

impl NotifyArgs {
    /// The server's settings, or an error naming the flag.
    fn settings(self) -> Result<boardroom_server::notify::NotifySettings> {
        if let Some(url) = &self.public_url {
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                anyhow::bail!("--public-url must start with http:// or https:// (got {url})");
            }
        }
        Ok(boardroom_server::notify::NotifySettings {
            smtp_url: self.smtp_url.filter(|u| !u.is_empty()),
            smtp_from: self.smtp_from,
            public_url: self.public_url.filter(|u| !u.is_empty()),
            allow_private: self.webhooks_to_private_networks,
            allow_link_local: self.webhooks_to_link_local,
            away: duration("notify-away-secs", self.notify_away_secs, 1.0)?,
            gap: duration("notify-gap-min", self.notify_gap_min, 60.0)?,
            ..Default::default()
        })
    }
}

/// A positive duration of `amount` units of `unit` seconds, or an error naming the flag.
fn duration(flag: &str, amount: f64, unit: f64) -> Result<Duration> {
    if !(amount.is_finite() && amount > 0.0) {
        anyhow::bail!("--{flag} must be a positive number (got {amount})");
    }
    Ok(Duration::from_secs_f64(amount * unit))
}

/// A rate limit from flags, or an error naming them.
fn rate(flag: &str, (per_second, burst): (f64, f64)) -> Result<Rate> {
    if !(per_second.is_finite() && per_second > 0.0 && burst.is_finite() && burst >= 1.0) {
        anyhow::bail!(
            "--{flag}-rate must be positive and --{flag}-burst at least 1 (got {per_second} and {burst})"
        );
    }
    Ok(Rate { per_second, burst })
}

/// Runs the server until the process is stopped.
pub fn serve(opts: ServeOptions) -> Result<()> {
    start_log(opts.site.log_format);
    // A PostgreSQL URL is shown without its password.
    let db = boardroom_server::db::hide_password(&opts.db.to_string_lossy());
    let settings = Settings {
        addr: opts.addr,
        db: opts.db,
        bot_delay: Duration::from_millis(opts.bot_delay_ms),
        limits: Limits::default(),
        creations: rate("create", opts.create)?,
        connections: rate("connect", opts.connect)?,
        trust_proxy: opts.trust_proxy,
        advertise: opts.advertise,
        allow_origins: opts.allow_origins,
        timing: Timing {
            archive_after: duration("archive-after-min", opts.archive_after_min, 60.0)?,
            expire_after: duration("expire-after-hours", opts.expire_after_hours, 3600.0)?,
            ..Timing::default()
        },
        costly: rate("costly", opts.costly)?,
        conn_limits: boardroom_server::listen::ConnLimits {
            header_timeout: duration("header-timeout-secs", opts.header_timeout_secs, 1.0)?,
            per_address: opts.max_connections_per_address,
        },
        notify: opts.notify.settings()?,
        metrics_addr: opts.site.metrics_addr,
        share_tables: true,
        accounts: boardroom_server::accounts::AccountSettings {
            secure_cookies: opts.secure_cookies,
            ..Default::default()
        },
    };
    runtime()?.block_on(async move {
        let server = Server::bind(settings).await?;
        println!(
            "Boardroom is serving {} table(s) from {}",
            server.lobby.len(),
            db
        );
        let mut open = server.addr;
        if open.ip().is_unspecified() {
            // Listening on every interface: this machine itself is reached on loopback.
            open.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
            println!("Listening on every interface, port {}", server.addr.port());
        }
        println!("Open http://{open} in your browser");
        if let Some(at) = server.metrics_addr {
            println!("Metrics at http://{at}/metrics");
        }
        server.run_until_stopped().await
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
    let kinds: Vec<String> = report
        .refusals
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    println!(
        "refused: {:.2}% of actions sent ({})",
        report.refused_percent,
        if kinds.is_empty() {
            "none".to_string()
        } else {
            kinds.join(", ")
        }
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

/// `boardroom load --abuse`: the honest load undisturbed, then beside one abuser per endpoint.
pub fn load_abuse(
    opts: load::LoadOptions,
    endpoints: &[String],
    from: std::net::IpAddr,
    server_pid: Option<u32>,
    json: bool,
) -> Result<()> {
    use clap::ValueEnum;
    let mut chosen = Vec::new();
    for e in endpoints {
        if e == "all" {
            chosen.extend(crate::abuse::Endpoint::ALL);
            continue;
        }
        chosen.push(crate::abuse::Endpoint::from_str(e, true).map_err(|_| {
            anyhow::anyhow!(
                "--abuse {e}: not an endpoint; choose among hint, replay, log, record, half-open, \
                 offers, chat or all"
            )
        })?);
    }
    let phases = runtime()?.block_on(crate::abuse::run(opts, &chosen, from, server_pid))?;
    if json {
        println!("{}", serde_json::to_string(&phases)?);
    } else {
        crate::abuse::print(&phases);
    }
    Ok(())
}

/// The problems SQLite's `quick_check` reports at most (the first ones say enough).
const FILE_PROBLEMS_SHOWN: usize = 10;

/// `boardroom db check`: the file's structure (SQLite's `quick_check`), then every stored table
/// ok, archived (played under a rules revision its game no longer replays: kept, read-only) or
/// damaged (with the reason); with `export`, each readable table's game record written as
/// `<id>.json`. Fails (after the report) when the file or a table is damaged. It only reads.
pub fn db_check(path: &std::path::Path, export: Option<&std::path::Path>) -> Result<()> {
    use boardroom_server::db::{file_problem, hide_password, is_postgres_url, Db};
    let named_db = path.to_string_lossy();
    if is_postgres_url(&named_db) {
        anyhow::bail!(
            "`db check` reads SQLite files; {} is a PostgreSQL database (see docs/site.md for \
             its backups)",
            hide_password(&named_db)
        );
    }
    if !path.exists() {
        anyhow::bail!("no database at {}", path.display());
    }
    // An error reading the file says what is wrong with it, naming it.
    let named = |e: anyhow::Error| match file_problem(&e) {
        Some(problem) => e.context(format!("{}: {problem}", path.display())),
        None => e.context(format!("cannot read the database {}", path.display())),
    };
    let (problems, checks) = runtime()?.block_on(async {
        let db = Db::open_read_only(path)?;
        let problems = match db.quick_check(FILE_PROBLEMS_SHOWN).await {
            Ok(problems) => problems,
            Err(e) => vec![format!("{:#}", named(e))],
        };
        let checks = boardroom_server::lobby::check(&db).await.map_err(named)?;
        anyhow::Ok((problems, checks))
    })?;
    if !problems.is_empty() {
        println!(
            "damaged  the file {}: SQLite's check finds it damaged:",
            path.display()
        );
        for line in problems
            .iter()
            .flat_map(|p| p.lines())
            .take(FILE_PROBLEMS_SHOWN)
        {
            println!("         {line}");
        }
    }
    if let Some(dir) = export {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let (mut damaged, mut archived) = (0, 0);
    for c in &checks {
        match &c.damaged {
            None => {
                // A table of rules its game no longer replays is kept, read-only: not damaged.
                let (status, note) = match c.archived {
                    Some(rules) => {
                        archived += 1;
                        ("archive ", format!("  archived (rules revision {rules})"))
                    }
                    None => ("ok      ", String::new()),
                };
                println!(
                    "{status} {}  {}  {} actions{note}",
                    c.id,
                    c.game.as_deref().unwrap_or("?"),
                    c.actions.unwrap_or(0)
                );
                if let (Some(dir), Some(record)) = (export, &c.record) {
                    // Table ids are hex; anything else is not used as a file name.
                    if c.id.chars().all(|ch| ch.is_ascii_alphanumeric()) {
                        let path = dir.join(format!("{}.json", c.id));
                        std::fs::write(&path, serde_json::to_string_pretty(record)?)
                            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
                    }
                }
            }
            Some(reason) => {
                damaged += 1;
                println!("damaged  {}  {reason}", c.id);
            }
        }
    }
    println!(
        "{} tables: {} ok, {damaged} damaged, {archived} archived",
        checks.len(),
        checks.len() - damaged - archived
    );
    if !problems.is_empty() {
        anyhow::bail!(
            "the database file {} is damaged (the database disk image is malformed); \
             {damaged} damaged table(s): export what is readable with --export, and restore \
             the file from a backup",
            path.display()
        );
    }
    if damaged > 0 {
        anyhow::bail!("{damaged} damaged table(s)");
    }
    Ok(())
}

/// `boardroom ratings rebuild`: every rating and its history recomputed from the rated games
/// stored with their ends (see `boardroom_server::ratings`), on a SQLite file or a PostgreSQL
/// database; prints how many games were replayed.
pub fn ratings_rebuild(path: &std::path::Path) -> Result<()> {
    use boardroom_server::db::{hide_password, is_postgres_url, Db};
    let named = path.to_string_lossy().to_string();
    let games = runtime()?.block_on(async {
        let db = if is_postgres_url(&named) {
            Db::connect(&named).await?
        } else {
            if !path.exists() {
                anyhow::bail!("no database at {}", path.display());
            }
            Db::open(path)?
        };
        db.rebuild_ratings().await
    })?;
    println!(
        "rebuilt the ratings of {} from {games} rated game{}",
        hide_password(&named),
        if games == 1 { "" } else { "s" }
    );
    Ok(())
}
