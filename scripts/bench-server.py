#!/usr/bin/env python3
"""`make bench-server`: the ratings server under load, from wrk.

Reads (GET /emoji/{code points}) and votes (PUT /votes/{code points}, as
1,000 voters) at 1, 16, 64 and 256 connections, against `emoji-rater serve`
on SQLite and on PostgreSQL, beside nginx serving the same emoji answer as
a static file (the ceiling for a read). Prints requests a second, the
latency's median and 99th percentile, answers that were not 2xx, and the
server's peak resident memory. Everything runs on loopback, started here
and stopped after.
"""

import json
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/emoji-rater"
SECONDS = int(os.environ.get("BENCH_SECONDS", "8"))
CONNECTIONS = [int(c) for c in os.environ.get("BENCH_CONNECTIONS", "1,16,64,256").split(",")]
# Parts to run, for a look at one row without the rest (all by default).
KINDS = os.environ.get("BENCH_KINDS", "reads,votes").split(",")
STORES = os.environ.get("BENCH_STORES", "SQLite,PostgreSQL,nginx").split(",")
VOTERS = 1000
EMOJI = ["1f600", "1f602", "1f44d", "1f44d-1f3fd", "1f389", "2764-fe0f", "1f525", "1f4a9", "1f914", "1f64f",
         "1f60d", "1f62d", "1f973", "1f680", "2728", "1f440", "1f4af", "1f923", "1f60a", "1f622"]

READS_LUA = """
local emoji = {%s}
request = function()
  return wrk.format("GET", "/emoji/" .. emoji[math.random(#emoji)])
end
""" % ", ".join('"%s"' % e for e in EMOJI)

VOTES_LUA = """
local emoji = {@EMOJI@}
local tokens = {}
for line in io.lines("@TOKENS@") do tokens[#tokens + 1] = line end
local ballots = {"up", "down", "none"}
local counter = 0
local thread_id = 0
local next_id = 0
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end
function init(args)
  thread_id = id
  math.randomseed(os.time() + thread_id)
end
request = function()
  counter = counter + 1
  local body = string.format('{"vote": "%s", "time": "2026-11-26T%02d:%02d:%02dZ", "id": "t%d-%d"}',
    ballots[math.random(3)], math.floor(counter / 3600) % 24, math.floor(counter / 60) % 60, counter % 60,
    thread_id, counter)
  local headers = {}
  headers["Authorization"] = "Bearer " .. tokens[math.random(#tokens)]
  headers["Content-Type"] = "application/json"
  return wrk.format("PUT", "/votes/" .. emoji[math.random(#emoji)], headers, body)
end
""".replace("@EMOJI@", ", ".join('"%s"' % e for e in EMOJI))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, seconds=20):
    end = time.time() + seconds
    while time.time() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listens on port {port} after {seconds} s")


def as_postgres():
    return ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"] if os.getuid() == 0 else []


class Postgres:
    """A cluster of its own in a temporary folder, on a free loopback port."""

    def __init__(self, folder):
        versions = sorted(int(v) for v in os.listdir("/usr/lib/postgresql") if v.isdigit())
        self.bin = f"/usr/lib/postgresql/{versions[-1]}/bin"
        self.folder = os.path.join(folder, "postgres")
        os.makedirs(self.folder)
        if os.getuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        data = os.path.join(self.folder, "data")
        subprocess.run(as_postgres() + [f"{self.bin}/initdb", "-D", data, "-U", "emoji", "--auth=trust", "-E",
                                        "UTF8"], check=True, stdout=subprocess.DEVNULL)
        self.port = free_port()
        self.process = subprocess.Popen(
            as_postgres() + [f"{self.bin}/postgres", "-D", data, "-p", str(self.port), "-k", self.folder,
                             "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if subprocess.run([f"{self.bin}/createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "emoji",
                               "ratings"], stderr=subprocess.DEVNULL).returncode == 0:
                break
            time.sleep(0.1)
        self.url = f"postgres://emoji@127.0.0.1:{self.port}/ratings"

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=30)


class Serve:
    def __init__(self, database):
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", "0", "--latency", "0", "--database", database, "--log-level", "warning",
             "--votes-per-second", "1000000", "--registrations-per-hour", "1000000",
             "--max-connections-per-address", "100000"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.search(r":(\d+)$", line.strip())
        if not match:
            raise SystemExit(f"serve said no port: {line!r}")
        self.port = int(match.group(1))

    def register(self, count, path):
        with open(path, "w") as tokens:
            for _ in range(count):
                request = urllib.request.Request(f"http://127.0.0.1:{self.port}/voters", method="POST")
                with urllib.request.urlopen(request) as answer:
                    tokens.write(json.load(answer)["token"] + "\n")

    def peak_memory_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return 0

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


class Nginx:
    def __init__(self, folder, answer):
        self.folder = os.path.join(folder, "nginx")
        os.makedirs(os.path.join(self.folder, "www", "emoji"))
        for emoji in EMOJI:
            with open(os.path.join(self.folder, "www", "emoji", emoji), "w") as file:
                file.write(answer)
        self.port = free_port()
        config = os.path.join(self.folder, "nginx.conf")
        with open(config, "w") as file:
            file.write(f"""daemon off; worker_processes 1; pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log;
events {{ worker_connections 4096; }}
http {{ access_log off; default_type application/json;
  server {{ listen 127.0.0.1:{self.port}; location / {{ root {self.folder}/www; }} }} }}
""")
        self.process = subprocess.Popen(["nginx", "-c", config, "-p", self.folder],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(self.port)

    def stop(self):
        self.process.send_signal(signal.SIGQUIT)
        self.process.wait(timeout=30)


def wrk(port, script, connections):
    threads = min(2, connections)
    output = subprocess.run(
        ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{SECONDS}s", "--latency", "-s", script,
         f"http://127.0.0.1:{port}"], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))

    def percentile(name):
        match = re.search(rf"^\s+{name}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = re.search(r"Socket errors: (.*)", output)
    return rate, percentile("50"), percentile("99"), int(bad.group(1)) if bad else 0, \
        errors.group(1) if errors else ""


def main():
    for tool in ["wrk", "nginx"]:
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is missing: make bench-server installs it")
    folder = tempfile.mkdtemp(prefix="emoji-rater-bench-server-")
    os.chmod(folder, 0o755)  # PostgreSQL's and nginx's users look inside.
    rows = []
    sample = None  # a server's answer, which nginx serves as a file
    reads = os.path.join(folder, "reads.lua")
    with open(reads, "w") as file:
        file.write(READS_LUA)
    try:
        postgres = Postgres(folder)
        try:
            for name, database in [("SQLite", os.path.join(folder, "server.sqlite")), ("PostgreSQL", postgres.url)]:
                if name not in STORES:
                    continue
                serve = Serve(database)
                try:
                    tokens = os.path.join(folder, f"tokens-{name}.txt")
                    serve.register(VOTERS, tokens)
                    votes = os.path.join(folder, f"votes-{name}.lua")
                    with open(votes, "w") as file:
                        file.write(VOTES_LUA.replace("@TOKENS@", tokens))
                    with urllib.request.urlopen(f"http://127.0.0.1:{serve.port}/emoji/1f602") as answer:
                        sample = answer.read().decode()
                    for kind, script in [("reads", reads), ("votes", votes)]:
                        if kind not in KINDS:
                            continue
                        for connections in CONNECTIONS:
                            result = wrk(serve.port, script, connections)
                            rows.append((kind, name, connections) + result + (serve.peak_memory_mb(),))
                            print("  ".join(str(v) for v in rows[-1]), file=sys.stderr)
                finally:
                    serve.stop()
        finally:
            postgres.stop()
        if sample and "nginx" in STORES and "reads" in KINDS:
            nginx = Nginx(folder, sample)
            try:
                for connections in CONNECTIONS:
                    rows.append(("reads", "nginx (static)", connections) + wrk(nginx.port, reads, connections) + (None,))
            finally:
                nginx.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    print(f"\nThe ratings server under wrk, {SECONDS} s a row, {VOTERS} voters, loopback:\n")
    print("| what | store | connections | requests/s | p50 ms | p99 ms | not 2xx | socket errors | peak RSS MB |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for kind, store, connections, rate, p50, p99, bad, errors, rss in rows:
        rss_text = f"{rss:.0f}" if rss is not None else "—"
        print(f"| {kind} | {store} | {connections} | {rate:,.0f} | {p50:.2f} | {p99:.2f} | {bad} | {errors or '—'} "
              f"| {rss_text} |")


if __name__ == "__main__":
    main()
