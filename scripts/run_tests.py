#!/usr/bin/env python3
"""Builds the workspace's tests, then runs every test binary, the slow one beside the others.

The test command (`scripts/test.sh`) calls this with a cargo command that builds without running
(`cargo test ... --no-run --message-format=json-render-diagnostics`). Cargo names each
executable it makes in a JSON message on its standard output; this script reads those messages
and starts every test binary from its package's directory, as `cargo test` would:

* the `--first` commands start at once, beside the build (the Python tools' download);
* the binaries wait for the whole build (on a 2-core machine, starting each as soon as it was
  built made the whole run slower: a test binary beside the build only takes CPU time from it,
  and a package's tests may run its programs, which the build can finish after them); then
  those named with `--beside PACKAGE:TARGET[=ARGS]` start in a process of their own (the
  server's, whose browser tests often wait on the browser or on a bot's pause), with ARGS added
  to their command line, and the others run one after another beside it;
* the `--then` commands run one after another once the build and every `--first` command have
  finished (the doc tests, the Python package), beside the binaries still running;
* if the build fails (a lint error stops that crate), none of its binaries runs: the
  `--fallback` command runs instead, with the `--unset-on-fallback` variables removed (clippy's
  driver), and runs every test.

Each job's output goes to a log under `--logs` and is printed whole when the job ends, stamped
with the run's clock, so outputs never interleave. A summary of every job and its time closes
the run. The exit status is 0 only when the build and every job passed.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Job:
    """A command the run starts, and what became of it."""

    name: str
    argv: list[str]
    cwd: str | None = None
    shell: bool = False
    status: int | None = None
    seconds: float = 0.0
    summary: str = ""
    log: Path | None = None
    started: float = field(default=0.0)


class Runner:
    """Starts jobs, keeps their logs, prints each whole when it ends."""

    def __init__(self, logs: Path, env: dict[str, str]):
        self.logs = logs
        self.env = env
        self.lock = threading.Lock()
        self.done: list[Job] = []
        self.t0 = time.monotonic()

    def stamp(self) -> str:
        s = int(time.monotonic() - self.t0)
        return f"[{s // 60}:{s % 60:02d}]"

    def say(self, text: str) -> None:
        with self.lock:
            print(text, flush=True)

    def run(self, job: Job) -> Job:
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in job.name)
        job.log = self.logs / f"{safe}.log"
        self.say(f"==> {self.stamp()} start: {job.name}")
        job.started = time.monotonic()
        with open(job.log, "w") as out:
            try:
                p = subprocess.run(
                    job.argv if not job.shell else job.argv[0],
                    cwd=job.cwd,
                    env=self.env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    shell=job.shell,
                )
                job.status = p.returncode
            except OSError as e:
                out.write(f"could not start {job.argv}: {e}\n")
                job.status = 127
        job.seconds = time.monotonic() - job.started
        text = job.log.read_text(errors="replace")
        results = [line for line in text.splitlines() if line.startswith("test result:")]
        job.summary = results[-1][len("test result: ") :] if len(results) == 1 else ""
        verdict = "ok" if job.status == 0 else f"FAILED (exit {job.status})"
        with self.lock:
            print(
                f"==> {self.stamp()} {job.name}: {verdict}, {job.seconds:.0f} s"
                f" (output follows)",
                flush=True,
            )
            sys.stdout.write(text)
            if text and not text.endswith("\n"):
                sys.stdout.write("\n")
            sys.stdout.flush()
            self.done.append(job)
        return job


def package_name(message: dict) -> str:
    """The package of a build message."""
    # "path+file:///…/crates/server#boardroom-server@0.1.0", or "…/crates/engine#0.1.0" when
    # the package is named as its folder.
    location, _, fragment = message["package_id"].partition("#")
    if "@" in fragment:
        return fragment.split("@")[0]
    return location.rstrip("/").rsplit("/", 1)[-1]


def test_binary(message: dict) -> tuple[str, str, str, str] | None:
    """(package, target, directory, executable) of a test executable the build made."""
    if message.get("reason") != "compiler-artifact" or not message.get("executable"):
        return None
    kind = message["target"]["kind"][0]
    if not message["profile"]["test"] or kind not in ("lib", "bin", "test"):
        return None
    return (
        package_name(message),
        message["target"]["name"],
        os.path.dirname(message["manifest_path"]),
        message["executable"],
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--logs", type=Path, required=True, help="folder for the jobs' logs")
    ap.add_argument("--beside", action="append", default=[], metavar="PACKAGE:TARGET[=ARGS]")
    ap.add_argument("--first", action="append", default=[], metavar="NAME=COMMAND")
    ap.add_argument("--then", action="append", default=[], metavar="NAME=COMMAND")
    ap.add_argument("--fallback", metavar="COMMAND", help="run when the build fails")
    ap.add_argument("--unset-on-fallback", action="append", default=[], metavar="VAR")
    ap.add_argument("build", nargs=argparse.REMAINDER, help="-- the build command")
    args = ap.parse_args()
    build = args.build[1:] if args.build[:1] == ["--"] else args.build
    if not build:
        ap.error("no build command after --")
    args.logs.mkdir(parents=True, exist_ok=True)
    runner = Runner(args.logs, dict(os.environ))

    def shell_job(spec: str) -> Job:
        name, _, command = spec.partition("=")
        return Job(name=name, argv=[command], shell=True)

    threads: list[threading.Thread] = []

    def start(job: Job) -> None:
        t = threading.Thread(target=runner.run, args=(job,))
        t.start()
        threads.append(t)

    firsts = [shell_job(s) for s in args.first]
    first_threads = []
    for job in firsts:
        t = threading.Thread(target=runner.run, args=(job,))
        t.start()
        first_threads.append(t)

    # One after another, in the order the build made them.
    line: queue.Queue[Job | None] = queue.Queue()

    def in_line() -> None:
        while (job := line.get()) is not None:
            runner.run(job)

    worker = threading.Thread(target=in_line)
    worker.start()

    # PACKAGE:TARGET -> the arguments added to its command line.
    beside = {
        spec.partition("=")[0]: spec.partition("=")[2].split() for spec in args.beside
    }
    after_build: list[tuple[str, str, Job]] = []

    def dispatch(package: str, target: str, job: Job) -> None:
        if f"{package}:{target}" in beside:
            job.argv += beside[f"{package}:{target}"]
            start(job)
        else:
            line.put(job)

    runner.say(f"==> {runner.stamp()} build: {' '.join(build)}")
    t_build = time.monotonic()
    messages = open(args.logs / "build-messages.jsonl", "w")
    proc = subprocess.Popen(build, stdout=subprocess.PIPE, text=True, env=runner.env)
    assert proc.stdout is not None
    seen = set()
    for raw in proc.stdout:
        messages.write(raw)
        try:
            message = json.loads(raw)
        except json.JSONDecodeError:
            continue
        found = test_binary(message)
        if found is None or found[3] in seen:
            continue
        seen.add(found[3])
        package, target, directory, exe = found
        job = Job(name=f"{package}: {target}", argv=[exe], cwd=directory)
        after_build.append((package, target, job))
    build_status = proc.wait()
    if build_status == 0 or not args.fallback:
        # The binaries that start beside the others first. (After a failed build the
        # fallback runs every test itself.)
        after_build.sort(key=lambda t: f"{t[0]}:{t[1]}" not in beside)
        for package, target, job in after_build:
            dispatch(package, target, job)
    messages.close()
    build_seconds = time.monotonic() - t_build
    verdict = "ok" if build_status == 0 else f"FAILED (exit {build_status})"
    runner.say(f"==> {runner.stamp()} build: {verdict}, {build_seconds:.0f} s")
    if not seen and build_status == 0:
        runner.say("error: the build named no test executable")
        build_status = 1

    for t in first_threads:
        t.join()
    if build_status != 0 and args.fallback:
        # The fallback builds without the lints and runs every test.
        line.put(None)
        worker.join()
        runner.say("==> lint or build errors above; running every test without clippy's driver")
        for var in args.unset_on_fallback:
            runner.env.pop(var, None)
        runner.run(Job(name="fallback", argv=[args.fallback], shell=True))
        for spec in args.then:
            runner.run(shell_job(spec))
    else:
        then = threading.Thread(
            target=lambda: [runner.run(shell_job(s)) for s in args.then],
        )
        then.start()
        line.put(None)
        worker.join()
        then.join()
        for t in threads:
            t.join()

    width = max([len(j.name) for j in runner.done] + [5])
    print("==> summary")
    print(f"    {'build':<{width}}  {'ok' if build_status == 0 else 'FAILED':<6}  "
          f"{build_seconds:5.0f} s")
    failed = build_status != 0 and not args.fallback
    for job in runner.done:
        ok = job.status == 0
        failed |= not ok
        print(
            f"    {job.name:<{width}}  {'ok' if ok else 'FAILED':<6}  {job.seconds:5.0f} s"
            + (f"  {job.summary}" if job.summary else "")
        )
    if build_status != 0:
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
