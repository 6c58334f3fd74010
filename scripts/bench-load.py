#!/usr/bin/env python3
"""make bench-load: `courier load` beside wrk, hey, ab and raw libcurl against nginx on loopback.

Usage: scripts/bench-load.py COURIER_BINARY RAW_LOAD_BINARY (scripts/bench-load.sh builds both).

1. Throughput at concurrency 64 on a small GET (nginx's 1 KiB static file): each tool for
   LOAD_SECONDS (10) per run, LOAD_RUNS (3) runs taken in turn (so the machine's changing
   load falls on all of them), medians. Client CPU per request is the tool's own process's
   user + system time (wait4) over the requests it completed.
2. Percentiles beside wrk's --latency at a fixed rate that both sustain, 16 connections: on the
   demo server's /delay/0.002 at SERVICE_RATE (1000/s; a 2 ms service time dominates, so both
   measure the server: the target case), and on nginx's file at LATENCY_RATE (1000/s; there the
   clients' own tens of microseconds dominate). wrk is a closed-model tool;
   scripts/wrk-fixed-rate.lua puts its requests on the same fixed schedule as `courier load
   --rate`, so both send the server the same load. LATENCY_RUNS (5) runs in turn, medians;
   every core is kept busy at nice 19 meanwhile (LATENCY_AWAKE=0: not), so that neither
   client's figures carry the VM's wake-up from idle (see AwakeCores).
3. `courier load --rate 2000` for RATE_SECONDS (30): the achieved rate, and a coordinated-
   omission check: an open-model run at 200/s against the demo server's /load/stall, which
   holds every request from 2 s to 3 s after the run's first one — p99 must show the stall.

Every client sends the same request: Courier's header lines for a request without headers of its
own (`User-Agent: courier-bench-load`, set in the workspace, and the `Accept-Encoding` line of the
encodings this libcurl decodes), given to wrk, hey and ab with -H and to the raw client as its
fourth argument. The table also has raw libcurl's bare GET (no header lines), for reference;
the ratios are against raw libcurl sending the same request.

nginx runs pinned to the last core and the clients to the others (LOAD_PIN=0: no pinning).
PARTS=throughput,latency,rate,stall picks parts. Figures go to Benchmarks/bench-load-results.json.
COURIER_BASELINE=path adds a second courier binary to the throughput part, run in turn with the
rest (an A/B in the same minutes, as this VM's speed drifts by 20 % over an hour);
LOAD_TOOLS=raw libcurl,courier load (names as in the table) runs only those.
A tool that is missing is reported and its row skipped; a `courier` without `load` likewise.
"""
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COURIER = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/courier")
BASELINE = os.path.abspath(os.environ["COURIER_BASELINE"]) if os.environ.get("COURIER_BASELINE") else None
ONLY_TOOLS = {name.strip() for name in os.environ.get("LOAD_TOOLS", "").split(",") if name.strip()}
RAW_LOAD = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.path.join(ROOT, "Benchmarks/.build/raw_load")
SECONDS = int(os.environ.get("LOAD_SECONDS", "10"))
RUNS = int(os.environ.get("LOAD_RUNS", "3"))
CONCURRENCY = int(os.environ.get("LOAD_CONCURRENCY", "64"))
LATENCY_RATE = int(os.environ.get("LATENCY_RATE", "1000"))
SERVICE_RATE = int(os.environ.get("SERVICE_RATE", "1000"))
RATE_SECONDS = int(os.environ.get("RATE_SECONDS", "30"))
PARTS = set(os.environ.get("PARTS", "throughput,latency,rate,stall").split(","))
RESULTS = os.path.join(ROOT, "Benchmarks/bench-load-results.json")
SCRATCH = tempfile.mkdtemp(prefix="courier-bench-load-")
CORES = os.cpu_count() or 1
PIN = os.environ.get("LOAD_PIN", "1") != "0" and CORES > 1 and shutil.which("taskset")
SERVER_CORE = str(CORES - 1)
CLIENT_CORES = f"0-{CORES - 2}" if CORES > 2 else "0"
SMALL_JSON = '{"id":1,"name":"Courier","tags":["http","libcurl","swift"],"pad":"'


def pinned(command, cores):
    return ["taskset", "-c", cores, *command] if PIN else command


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, process, what, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"bench-load: {what} exited with status {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"bench-load: {what} did not listen on port {port}")


class Servers:
    """nginx serving the small file (as `make bench` configures it), and the demo server."""

    def __init__(self):
        self.processes = []

    def nginx(self):
        binary = next((path for path in ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]
                       if os.access(path, os.X_OK)), None)
        if binary is None:
            raise SystemExit("bench-load: nginx is not installed (as root: apt-get install -y nginx)")
        directory = os.path.join(SCRATCH, "nginx")
        os.makedirs(os.path.join(directory, "www"))
        os.chmod(SCRATCH, 0o755)
        with open(os.path.join(directory, "www/small.json"), "w") as handle:
            handle.write(SMALL_JSON + "x" * (1024 - len(SMALL_JSON) - 2) + '"}')
        port = free_port()
        user = "user root root;\n" if os.geteuid() == 0 else ""
        temp = "".join(f"    {kind}_temp_path {directory}/{kind};\n" for kind in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
        with open(os.path.join(directory, "nginx.conf"), "w") as handle:
            handle.write(f"""{user}daemon off;
worker_processes 1;
pid {directory}/nginx.pid;
error_log {directory}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
{temp}    keepalive_requests 100000000;
    keepalive_timeout 300s;
    sendfile on;
    types {{ application/json json; }}
    server {{ listen 127.0.0.1:{port}; root {directory}/www; }}
}}
""")
        command = [binary, "-p", directory, "-c", directory + "/nginx.conf", "-e", directory + "/error.log"]
        process = subprocess.Popen(pinned(command, SERVER_CORE), stdout=subprocess.DEVNULL)
        self.processes.append(process)
        wait_for_port(port, process, "nginx")
        version = subprocess.run([binary, "-v"], capture_output=True, text=True).stderr.strip().split("/")[-1]
        return f"http://127.0.0.1:{port}/small.json", f"nginx {version}, 1 worker" + (f" on core {SERVER_CORE}" if PIN else "")

    def demo(self):
        if getattr(self, "demo_url", None):
            return self.demo_url
        port = free_port()
        process = subprocess.Popen(pinned([COURIER, "serve", "--port", str(port)], SERVER_CORE),
                                   stdout=subprocess.DEVNULL, env=courier_environment())
        self.processes.append(process)
        wait_for_port(port, process, "courier serve")
        self.demo_url = f"http://127.0.0.1:{port}"
        return self.demo_url

    def stop(self):
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def courier_environment():
    """Courier's state (history, tokens) in the scratch directory, not the user's home."""
    return {**os.environ, "HOME": SCRATCH, "XDG_STATE_HOME": SCRATCH + "/state", "XDG_CONFIG_HOME": SCRATCH + "/config"}


def measured(command, environment=None, timeout=None):
    """Runs `command` on the client cores; returns (stdout, stderr, exit status, CPU seconds, wall seconds)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        process = subprocess.Popen(pinned(command, CLIENT_CORES), stdout=out, stderr=err, env=environment)
        deadline = start + (timeout or SECONDS * 3 + 30)
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                process.kill()
            time.sleep(0.02)
        process.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        return (out.read().decode(errors="replace"), err.read().decode(errors="replace"), process.returncode,
                usage.ru_utime + usage.ru_stime, wall)


def number(pattern, text, what):
    match = re.search(pattern, text)
    if not match:
        raise ValueError(f"no {what} in output:\n{text[-2000:]}")
    return float(match.group(1))


def courier_supports_load():
    if not os.access(COURIER, os.X_OK):
        return f"no courier binary at {COURIER}"
    help_text = subprocess.run([COURIER, "load", "--help"], capture_output=True, text=True, env=courier_environment())
    return None if help_text.returncode == 0 and "--rate" in help_text.stdout else "this courier has no `load` command"


USER_AGENT = "courier-bench-load"


def request_lines():
    """The header lines Courier sends for the bench's request, as the raw client builds them."""
    encodings = subprocess.run([RAW_LOAD, "--accept-encoding"], capture_output=True, text=True).stdout.strip()
    return [f"User-Agent: {USER_AGENT}"] + ([encodings] if encodings else [])


def header_options(flag="-H"):
    return [part for line in request_lines() for part in (flag, line)]


def workspace(url):
    path = os.path.join(SCRATCH, f"load-{abs(hash(url))}.yaml")
    with open(path, "w") as handle:
        # stream: off: read whole, as a load run reads every response (older builds refused the default, auto).
        handle.write(f"name: bench-load\nconfig:\n  userAgent: {USER_AGENT}\n"
                     f"requests:\n  target:\n    url: \"{url}\"\n    stream: off\n")
    return path


def courier_load(url, *options, timeout=None, binary=None):
    command = [binary or COURIER, "load", workspace(url), "target", "--json", "--no-history", *options]
    out, err, status, cpu, wall = measured(command, courier_environment(), timeout)
    if status != 0:
        raise ValueError(f"courier load exited with {status}: {err[-2000:]}")
    return json.loads(out), cpu, wall


# Part 1: throughput and CPU per request. Each returns (requests/s, requests completed, failures, CPU s).

def run_wrk(url):
    out, err, status, cpu, _ = measured(["wrk", "-t1", f"-c{CONCURRENCY}", f"-d{SECONDS}s", *header_options(), url])
    requests = number(r"(\d+) requests in", out, "request count")
    failures = sum(float(value) for value in re.findall(r"Non-2xx or 3xx responses: (\d+)", out))
    return number(r"Requests/sec:\s+([\d.]+)", out, "Requests/sec"), requests, failures, cpu


def run_hey(url):
    out, err, status, cpu, _ = measured(["hey", "-c", str(CONCURRENCY), "-z", f"{SECONDS}s", *header_options(), url])
    statuses = {int(code): int(count) for code, count in re.findall(r"\[(\d+)\]\s+(\d+) responses", out)}
    errors = sum(int(count) for count in re.findall(r"\[(\d+)\]\s+Get", out))
    return (number(r"Requests/sec:\s+([\d.]+)", out, "Requests/sec"), sum(statuses.values()),
            sum(count for code, count in statuses.items() if code != 200) + errors, cpu)


def run_ab(url):
    # -t alone caps ab at 50,000 requests; a larger -n after it lifts the cap.
    out, err, status, cpu, _ = measured(["ab", "-q", "-k", "-c", str(CONCURRENCY), "-t", str(SECONDS), "-n", "100000000",
                                         *header_options(), url])
    failures = number(r"Failed requests:\s+(\d+)", out, "failures")
    non2xx = re.search(r"Non-2xx responses:\s+(\d+)", out)
    return (number(r"Requests per second:\s+([\d.]+)", out, "Requests per second"),
            number(r"Complete requests:\s+(\d+)", out, "complete requests"),
            failures + (float(non2xx.group(1)) if non2xx else 0), cpu)


def run_raw(url, *user_agent):
    out, err, status, cpu, _ = measured([RAW_LOAD, url, str(SECONDS), str(CONCURRENCY), *user_agent])
    figures = json.loads(out)
    return figures["requests"] / figures["seconds"], figures["requests"], figures["failed"], cpu


def run_raw_as_courier(url):
    return run_raw(url, USER_AGENT)


def run_courier(url, binary=None):
    result, cpu, _ = courier_load(url, "--concurrency", str(CONCURRENCY), "--duration", f"{SECONDS}s", binary=binary)
    failures = sum(count for code, count in result.get("statuses", {}).items() if code != "200")
    failures += sum(error["count"] for error in result.get("errors", []))
    return result["throughput"], result["requests"], failures, cpu


TOOLS = [
    ("wrk -t1", "wrk", run_wrk),
    ("hey", "hey", run_hey),
    ("ab -k", "ab", run_ab),
    ("raw libcurl, bare GET", None, run_raw),
    ("raw libcurl", None, run_raw_as_courier),
    ("courier load", None, run_courier),
] + ([("courier load (baseline)", None, lambda url: run_courier(url, BASELINE))] if BASELINE else [])


def throughput_part(url, missing, figures):
    rows = {}
    available = []
    for name, binary, function in TOOLS:
        why = missing.get(name) or (binary and not shutil.which(binary) and f"{binary} is not installed")
        if name.startswith("raw libcurl") and not os.access(RAW_LOAD, os.X_OK):
            why = f"no raw client at {RAW_LOAD}"
        if ONLY_TOOLS and name not in ONLY_TOOLS:
            why = "not in LOAD_TOOLS"
        if why:
            print(f"  skipped {name}: {why}")
            rows[name] = {"skipped": why}
        else:
            available.append((name, function))
            rows[name] = {"runs": []}
    for run in range(RUNS):
        for name, function in available:
            try:
                rate, requests, failures, cpu = function(url)
            except ValueError as error:
                print(f"  {name}, run {run + 1}: {error}")
                continue
            rows[name]["runs"].append({"rps": rate, "requests": requests, "failures": failures,
                                       "cpuMicrosPerRequest": cpu / requests * 1e6 if requests else None})
            print(f"  run {run + 1} {name}: {rate:,.0f} req/s, {cpu / max(requests, 1) * 1e6:.1f} µs CPU/req"
                  + (f", {failures:.0f} failed" if failures else ""))
    for row in rows.values():
        runs = [run for run in row.get("runs", []) if run["cpuMicrosPerRequest"] is not None]
        if runs:
            row["rps"] = statistics.median(run["rps"] for run in runs)
            row["cpuMicrosPerRequest"] = statistics.median(run["cpuMicrosPerRequest"] for run in runs)
    raw = rows.get("raw libcurl", {})
    print(f"\nConcurrency {CONCURRENCY}, small GET, {SECONDS} s a run, median of {RUNS} runs:\n")
    print("| Tool | req/s | client CPU µs/req | req/s × raw libcurl | CPU × raw libcurl |")
    print("|---|---:|---:|---:|---:|")
    for name, _, _ in TOOLS:
        row = rows[name]
        if "rps" not in row:
            print(f"| {name} | skipped: {row.get('skipped', 'no run completed')} | | | |")
            continue
        if "rps" in raw:
            row["rpsTimesRaw"] = row["rps"] / raw["rps"]
            row["cpuTimesRaw"] = row["cpuMicrosPerRequest"] / raw["cpuMicrosPerRequest"]
        ratios = (f"{row['rpsTimesRaw']:.2f}× | {row['cpuTimesRaw']:.2f}×" if "rpsTimesRaw" in row else "– | –")
        print(f"| {name} | {row['rps']:,.0f} | {row['cpuMicrosPerRequest']:.1f} | {ratios} |")
    courier = rows["courier load"]
    if "rps" in courier:
        print()
        for other, target in [("hey", "≥ 1.8×"), ("wrk -t1", None), ("ab -k", None), ("raw libcurl", "≥ 0.9×")]:
            if "rps" in rows[other]:
                ratio = courier["rps"] / rows[other]["rps"]
                courier[f"rpsOver {other}"] = ratio
                print(f"courier ÷ {other}: {ratio:.2f}× req/s" + (f" (target {target})" if target else ""))
        if "cpuTimesRaw" in courier:
            print(f"courier CPU per request ÷ raw libcurl: {courier['cpuTimesRaw']:.2f}× (target ≤ 1.1×)")
    baseline = rows.get("courier load (baseline)", {})
    if "rps" in courier and "rps" in baseline:
        print(f"courier ÷ its baseline: {courier['rps'] / baseline['rps']:.2f}× req/s, "
              f"{courier['cpuMicrosPerRequest'] / baseline['cpuMicrosPerRequest']:.2f}× CPU per request")
    figures["throughput"] = rows


def wrk_percentiles(text):
    scale = {"us": 1e-3, "ms": 1.0, "s": 1e3}
    return {f"p{percent}": float(value) * scale[unit]
            for percent, value, unit in re.findall(r"^\s+(\d+)%\s+([\d.]+)(us|ms|s)\s*$", text, re.MULTILINE)}


class AwakeCores:
    """Keeps every core from going idle while the latency part runs: one busy loop at nice 19
    pinned to each, the server's too. On this VM a core that went idle wakes 0.1–0.3 ms late (the
    hypervisor's halt), and that lands in whichever process slept before a message: wrk sleeps in
    epoll_wait between requests, courier's pacer spins the last 50 µs before a due time, and the
    server sleeps between requests at these rates. With the cores kept awake both clients measure
    the server and the loopback, not the wake-up (LATENCY_AWAKE=0: off). The loops take almost
    nothing from the clients and the server: at nice 19 a runnable process at nice 0 preempts them."""

    def __init__(self):
        self.processes = []

    def __enter__(self):
        if os.environ.get("LATENCY_AWAKE", "1") != "0" and PIN:
            for core in client_core_list() + [int(SERVER_CORE)]:
                self.processes.append(subprocess.Popen(
                    ["taskset", "-c", str(core), "nice", "-n", "19", "sh", "-c", "while :; do :; done"]))
        return self

    def __exit__(self, *_):
        for process in self.processes:
            process.kill()
            process.wait()


def client_core_list():
    first, _, last = CLIENT_CORES.partition("-")
    return list(range(int(first), int(last or first) + 1))


WRK_FIXED_RATE = os.path.join(ROOT, "scripts/wrk-fixed-rate.lua")


def latency_once(url, rate, connections):
    """One wrk run and one courier run, in turn, on the same schedule: (wrk's percentiles, wrk's
    rate, wrk's CPU a request, courier's JSON result, courier's CPU a request)."""
    out, err, status, wrk_cpu, _ = measured(["wrk", "-t1", f"-c{connections}", f"-d{SECONDS}s", "--latency",
                                             "-s", WRK_FIXED_RATE, *header_options(), url, "--", str(rate)])
    if status != 0:
        raise ValueError(f"wrk exited with {status}: {err[-2000:]}")
    wrk = wrk_percentiles(out)
    wrk_rate = number(r"Requests/sec:\s+([\d.]+)", out, "Requests/sec")
    wrk_requests = number(r"(\d+) requests in", out, "request count")
    result, courier_cpu, _ = courier_load(url, "--rate", str(rate), "--duration", f"{SECONDS}s",
                                          "--max-in-flight", str(connections))
    return wrk, wrk_rate, wrk_cpu / wrk_requests, result, courier_cpu / max(result["requests"], 1)


def latency_part(url, figures, rate=LATENCY_RATE, what="nginx's 1 KiB file", key="latency"):
    """wrk --latency and courier load --rate, LATENCY_RUNS (5) times in turn; medians of each percentile."""
    connections = 16
    runs = max(1, int(os.environ.get("LATENCY_RUNS", "5")))
    with AwakeCores() as awake:
        samples = [latency_once(url, rate, connections) for _ in range(runs)]
    median = statistics.median
    wrk_rate = median(sample[1] for sample in samples)
    courier_rate = median(sample[3]["throughput"] for sample in samples)
    print(f"\nLatency of {what} at about {rate}/s, 16 connections, medians of {runs} runs in turn "
          f"(wrk: {wrk_rate:,.0f} req/s on the same schedule, wrk-fixed-rate.lua, "
          f"{median(sample[2] for sample in samples) * 1e6:.1f} µs CPU/req; courier load --rate {rate}: "
          f"{courier_rate:,.0f} req/s, {median(sample[4] for sample in samples) * 1e6:.1f} µs CPU/req; cores "
          + ("kept awake" if awake.processes else "left to idle") + "):\n")
    print("| Percentile | wrk --latency | courier load (from due) | difference | runs' differences | courier, libcurl's total (from sent) | difference |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    rows = {}
    for percentile in ["p50", "p90", "p99"]:
        pairs = [(sample[0][percentile], sample[3]["latency"][percentile]) for sample in samples if percentile in sample[0]]
        if not pairs:
            print(f"| {percentile} | not reported | | | | | |")
            continue
        wrk_ms = median(pair[0] for pair in pairs)
        courier_ms = median(pair[1] for pair in pairs)
        difference = (courier_ms - wrk_ms) / wrk_ms * 100
        each = [(pair[1] - pair[0]) / pair[0] * 100 for pair in pairs]
        rows[percentile] = {"wrkMs": wrk_ms, "courierMs": courier_ms, "differencePercent": difference,
                            "runDifferencesPercent": each}
        sent = [sample[3].get("phases", {}).get("total", {}).get(percentile) for sample in samples]
        sent_cells = "| |"
        if all(value is not None for value in sent):
            sent_ms = median(sent)
            rows[percentile]["courierSentMs"] = sent_ms
            rows[percentile]["sentDifferencePercent"] = (sent_ms - wrk_ms) / wrk_ms * 100
            sent_cells = f"{sent_ms:.3f} ms | {rows[percentile]['sentDifferencePercent']:+.1f} % |"
        spread = f"{min(each):+.1f} … {max(each):+.1f} %"
        print(f"| {percentile} | {wrk_ms:.3f} ms | {courier_ms:.3f} ms | {difference:+.1f} % | {spread} | {sent_cells}")
    figures[key] = {"rate": rate, "url": url, "runs": runs, "coresAwake": bool(awake.processes),
                    "wrkRps": wrk_rate, "courierRps": courier_rate, "percentiles": rows}


def rate_part(url, figures):
    rate = 2000
    result, cpu, _ = courier_load(url, "--rate", str(rate), "--duration", f"{RATE_SECONDS}s", timeout=RATE_SECONDS * 2 + 30)
    achieved = result["requests"] / result["seconds"]
    off = (achieved - rate) / rate * 100
    print(f"\ncourier load --rate {rate} for {RATE_SECONDS} s: {achieved:,.1f} req/s ({off:+.2f} %, target ±2 %), "
          f"p99 {result['latency']['p99']:.3f} ms, {cpu / max(result['requests'], 1) * 1e6:.1f} µs CPU/req")
    figures["rate"] = {"target": rate, "seconds": result["seconds"], "requests": result["requests"],
                       "achieved": achieved, "offPercent": off, "p99Ms": result["latency"]["p99"]}


def stall_part(base, figures):
    key = f"bench-load-{os.getpid()}-{time.monotonic_ns()}"
    url = f"{base}/load/stall?key={key}&after=2&for=1"
    result, _, _ = courier_load(url, "--rate", "200", "--duration", "5s")
    latency = result["latency"]
    print(f"\nCoordinated omission: 200/s for 5 s, the demo server stalls 1 s from 2 s in: "
          f"p50 {latency['p50']:.1f} ms, p99 {latency['p99']:.1f} ms, max {latency['max']:.1f} ms "
          f"({result['requests']} requests; target p99 ≥ 800 ms)")
    figures["stall"] = {"rate": 200, "requests": result["requests"], "p50Ms": latency["p50"],
                        "p99Ms": latency["p99"], "maxMs": latency["max"]}


def main():
    servers = Servers()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    figures = {"date": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "cores": CORES, "pinned": bool(PIN),
               "seconds": SECONDS, "runs": RUNS, "concurrency": CONCURRENCY}
    try:
        url, kind = servers.nginx()
        figures["server"] = kind
        print(f"bench-load: {kind}, {url}; clients" + (f" on core(s) {CLIENT_CORES}" if PIN else " unpinned"))
        no_load = courier_supports_load()
        if no_load:
            print(f"bench-load: skipping courier load rows: {no_load}")
        if "throughput" in PARTS:
            throughput_part(url, {"courier load": no_load} if no_load else {}, figures)
        if no_load:
            return
        if "latency" in PARTS:
            if shutil.which("wrk"):
                latency_part(url, figures)
                # A response with a service time of its own (2 ms): what a load run measures
                # is the server, and both clients should see the same distribution of it.
                latency_part(servers.demo() + "/delay/0.002", figures, rate=SERVICE_RATE,
                             what="the demo server's /delay/0.002 (2 ms)", key="serviceLatency")
            else:
                print("\nbench-load: wrk is not installed; latency comparison skipped")
        if "rate" in PARTS:
            rate_part(url, figures)
        if "stall" in PARTS:
            stall_part(servers.demo(), figures)
    finally:
        servers.stop()
        with open(RESULTS, "w") as handle:
            json.dump(figures, handle, indent=2)
        shutil.rmtree(SCRATCH, ignore_errors=True)
        print(f"\nbench-load: figures in {os.path.relpath(RESULTS, ROOT)}")


if __name__ == "__main__":
    main()
