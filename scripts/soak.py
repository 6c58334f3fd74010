#!/usr/bin/env python3
"""`make soak`: runs courier-soak (the binary given, then its arguments) against nginx on loopback.

nginx serves `GET /get` from a static JSON file on a free port, in a scratch directory under
.build, and is stopped when the soak ends. The soak then measures the client alone (the demo
server is no longer in its process), and the two cores are not shared with a debug-built
server: in CI the demo server took over a third of the soak's CPU (its NIO threads, sampled
from /proc/PID/task on 2026-12-02). Without nginx the soak runs the demo server in its own
process, as before, and says why first.
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

BODY = ('{"args": {}, "headers": {"Accept": "*/*", "Host": "127.0.0.1"}, '
        '"origin": "127.0.0.1", "url": "http://127.0.0.1/get", "served-by": "nginx for make soak"}\n')


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(port, process, seconds=10):
    """True once nginx accepts on `port`; False when it exited first (the port was taken)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return True
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"soak: nginx did not listen on port {port} in {seconds} s")


def start_nginx(binary, directory):
    """nginx on a free loopback port: (process, base URL). A port taken between choosing it and
    nginx binding it is chosen again, at most five times."""
    os.makedirs(os.path.join(directory, "www"))
    with open(os.path.join(directory, "www", "get"), "w") as handle:
        handle.write(BODY)
    user = "user root root;\n" if os.geteuid() == 0 else ""
    temp = "".join(f"    {kind}_temp_path {directory}/{kind};\n" for kind in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
    for _ in range(5):
        port = free_port()
        with open(os.path.join(directory, "nginx.conf"), "w") as handle:
            handle.write(f"""{user}daemon off;
worker_processes 1;
pid {directory}/nginx.pid;
error_log {directory}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
{temp}    keepalive_requests 100000000;
    default_type application/json;
    server {{ listen 127.0.0.1:{port}; root {directory}/www; }}
}}
""")
        process = subprocess.Popen([binary, "-p", directory, "-c", directory + "/nginx.conf", "-e", directory + "/error.log"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if listening(port, process):
            return process, f"http://127.0.0.1:{port}"
    raise SystemExit(f"soak: nginx exited five times before listening; its log: {directory}/error.log")


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: scripts/soak.py COURIER-SOAK [COUNT]")
    soak, arguments = sys.argv[1], sys.argv[2:]
    binary = next((path for path in ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]
                   if os.access(path, os.X_OK)), None)
    if binary is None:
        print("soak: nginx is not installed (as root: apt-get install -y nginx), so the demo server "
              "runs in the soak's own process", flush=True)
        sys.exit(subprocess.call([soak] + arguments))
    os.makedirs(".build", exist_ok=True)
    directory = tempfile.mkdtemp(prefix="soak-nginx.", dir=os.path.abspath(".build"))
    os.chmod(directory, 0o755)
    process = None
    try:
        process, base_url = start_nginx(binary, directory)
        print(f"soak: against nginx at {base_url}/get", flush=True)
        status = subprocess.call([soak] + arguments + ["--base-url", base_url])
    finally:
        if process is not None and process.poll() is None:
            process.terminate()
            process.wait(timeout=10)
        shutil.rmtree(directory, ignore_errors=True)
    sys.exit(status)


if __name__ == "__main__":
    main()
