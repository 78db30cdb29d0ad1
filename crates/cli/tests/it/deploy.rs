//! The files that deploy the server (`deploy/`): the compose file is YAML that wires
//! PostgreSQL, two instances and Caddy with their health checks; every path the Dockerfile and
//! the compose file name exists; every flag they and the systemd unit pass is one `boardroom
//! serve` takes; and where a container engine runs, the image builds and its program runs as a
//! user without privileges (skipped, with a message, elsewhere).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The compose file, as JSON values.
fn compose() -> Value {
    serde_norway::from_str(&read("deploy/compose.yaml")).expect("deploy/compose.yaml is YAML")
}

/// The `--flags` of `boardroom serve --help`.
fn serve_flags() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_boardroom"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// Asserts that every `--flag` of `args` is one `boardroom serve` takes.
fn assert_serve_flags<'a>(args: impl IntoIterator<Item = &'a str>, whose: &str) {
    let help = serve_flags();
    for arg in args {
        if let Some(flag) = arg.strip_prefix("--") {
            let name = flag.split('=').next().unwrap();
            assert!(
                help.contains(&format!("--{name} ")) || help.contains(&format!("--{name}\n")),
                "{whose}: boardroom serve has no --{name}"
            );
        }
    }
}

#[test]
fn the_compose_file_wires_postgres_two_instances_and_caddy_with_health_checks() {
    let compose = compose();
    let services = &compose["services"];
    for name in ["postgres", "boardroom-1", "boardroom-2", "caddy"] {
        assert!(services[name].is_object(), "a service {name}");
    }
    assert!(services["postgres"]["healthcheck"]["test"].is_array());
    for name in ["boardroom-1", "boardroom-2"] {
        let s = &services[name];
        let check = s["healthcheck"]["test"].to_string();
        assert!(
            check.contains("/readyz"),
            "{name} is checked at /readyz: {check}"
        );
        assert_eq!(
            s["depends_on"]["postgres"]["condition"], "service_healthy",
            "{name} waits for PostgreSQL"
        );
        let command: Vec<&str> = s["command"]
            .as_array()
            .unwrap_or_else(|| panic!("{name} has a command"))
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        assert_eq!(command[0], "serve");
        assert!(command.contains(&"--trust-proxy"), "{name} is behind Caddy");
        assert!(
            command.contains(&format!("--advertise=http://{name}:8080").as_str()),
            "{name} advertises its own name"
        );
        assert!(command.iter().any(|a| a.starts_with("--db=postgres://")));
        assert_serve_flags(command, name);
        assert_eq!(s["image"], "boardroom:latest");
        assert_eq!(s["build"]["dockerfile"], "deploy/Dockerfile");
    }
    for name in ["boardroom-1", "boardroom-2"] {
        assert_eq!(
            services["caddy"]["depends_on"][name]["condition"], "service_healthy",
            "Caddy waits for {name}"
        );
    }
    // The build and the files it mounts exist, relative to the compose file.
    let deploy = root().join("deploy");
    let build = &services["boardroom-1"]["build"];
    let context = deploy.join(build["context"].as_str().unwrap());
    assert!(context
        .join(build["dockerfile"].as_str().unwrap())
        .is_file());
    for volume in services["caddy"]["volumes"].as_array().unwrap() {
        let source = volume.as_str().unwrap().split(':').next().unwrap();
        if source.starts_with('.') {
            assert!(deploy.join(source).is_file(), "{source} exists");
        }
    }
    let caddy = read("deploy/Caddyfile");
    for upstream in ["boardroom-1:8080", "boardroom-2:8080", "health_uri /readyz"] {
        assert!(caddy.contains(upstream), "the Caddyfile has {upstream}");
    }
}

#[test]
fn the_dockerfile_builds_in_two_stages_and_runs_the_program_alone_without_privileges() {
    let dockerfile = read("deploy/Dockerfile");
    let lines: Vec<&str> = dockerfile
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#'))
        .collect();
    let stages = lines.iter().filter(|l| l.starts_with("FROM ")).count();
    assert_eq!(stages, 2, "a build stage and the image");
    // What the build copies from the repository exists (the context is its root).
    for line in lines.iter().filter(|l| l.starts_with("COPY ")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words[1].starts_with("--from=") {
            continue;
        }
        for source in &words[1..words.len() - 1] {
            assert!(root().join(source).exists(), "{source} exists ({line})");
        }
    }
    // The image holds the program only, and runs it as its own user.
    let last = lines.iter().rposition(|l| l.starts_with("FROM ")).unwrap();
    let image = &lines[last..];
    let copies: Vec<&&str> = image.iter().filter(|l| l.starts_with("COPY ")).collect();
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert!(copies[0].ends_with("/usr/local/bin/boardroom"));
    let user = image
        .iter()
        .find_map(|l| l.strip_prefix("USER "))
        .expect("a USER");
    assert!(
        !user.starts_with("root") && !user.starts_with('0'),
        "{user}"
    );
    let cmd = image
        .iter()
        .find_map(|l| l.strip_prefix("CMD "))
        .expect("a CMD");
    let cmd: Vec<String> = serde_json::from_str(cmd).unwrap();
    assert_serve_flags(cmd.iter().map(String::as_str), "the Dockerfile's CMD");
    assert!(dockerfile.contains("/readyz"), "a health check");
}

#[test]
fn the_systemd_unit_runs_serve_with_flags_it_takes() {
    let unit = read("deploy/boardroom.service");
    let exec = unit
        .lines()
        .find_map(|l| l.strip_prefix("ExecStart="))
        .expect("an ExecStart");
    let words: Vec<&str> = exec.split_whitespace().collect();
    assert_eq!(&words[..2], ["/usr/local/bin/boardroom", "serve"]);
    assert_serve_flags(words, "the systemd unit");
    for line in [
        "[Unit]",
        "[Service]",
        "[Install]",
        "DynamicUser=yes",
        "NoNewPrivileges=yes",
    ] {
        assert!(unit.lines().any(|l| l == line), "the unit has {line}");
    }
}

/// The container engine that answers here (`docker` or `podman`), if any.
fn engine() -> Option<&'static str> {
    ["docker", "podman"].into_iter().find(|engine| {
        Command::new(engine)
            .arg("info")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

#[test]
fn the_image_builds_where_a_container_engine_runs() {
    let Some(engine) = engine() else {
        eprintln!("skipped: no container engine answers here (docker info, podman info)");
        return;
    };
    let tag = "boardroom-test:latest";
    let built = Command::new(engine)
        .args(["build", "--file", "deploy/Dockerfile", "--tag", tag, "."])
        .current_dir(root())
        .status()
        .unwrap();
    assert!(built.success(), "{engine} build");
    let run = |args: &[&str]| {
        let out = Command::new(engine)
            .args(["run", "--rm", "--entrypoint", "sh", tag, "-c"])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        run(&["id -u"]).trim(),
        "10001",
        "the program runs without privileges"
    );
    assert!(run(&["boardroom serve --help"]).contains("--metrics-addr"));
}
