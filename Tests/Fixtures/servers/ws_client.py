"""A WebSocket client from the `websockets` package (a client nobody here wrote), for Courier's
interop tests against the demo server's /ws: `python ws_client.py ws://127.0.0.1:PORT/ws?pingEvery=0.05`.

It offers the subprotocols `x-unknown` and `chat`, reads the welcome, sends the text `hello`
and the JSON object {"id": 7, "n": [1, 2]}, reads an answer to each, waits for the server's
first ping, then asks the server to close with 4000 "done". It prints one JSON object: the
subprotocol the server chose, the messages received (text as is), the pings seen, and the
close code and reason the server sent.
"""
import json
import logging
import sys
import threading

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

TIMEOUT = 10


class PingLog(logging.Handler):
    """websockets logs each frame it receives at DEBUG as `< PING ...`: the pings seen."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.pings = 0
        self.seen = threading.Event()

    def emit(self, record):
        if record.getMessage().startswith("< PING"):
            self.pings += 1
            self.seen.set()


def main(url):
    pings = PingLog()
    logger = logging.getLogger("ws-interop")
    logger.setLevel(logging.DEBUG)
    logger.addHandler(pings)
    logger.propagate = False
    result = {}
    with connect(url, subprotocols=["x-unknown", "chat"], open_timeout=TIMEOUT, logger=logger) as ws:
        result["subprotocol"] = ws.subprotocol
        received = [ws.recv(timeout=TIMEOUT)]
        ws.send("hello")
        received.append(ws.recv(timeout=TIMEOUT))
        ws.send(json.dumps({"id": 7, "n": [1, 2]}))
        received.append(ws.recv(timeout=TIMEOUT))
        # websockets answers pings by itself, in its reading thread, which logs them.
        pings.seen.wait(TIMEOUT)
        ws.send(json.dumps({"type": "close", "code": 4000, "reason": "done"}))
        try:
            while True:
                received.append(ws.recv(timeout=TIMEOUT))
        except ConnectionClosed as closed:
            result["close"] = {"code": closed.rcvd.code, "reason": closed.rcvd.reason} if closed.rcvd else None
    result["received"] = received
    result["pings"] = pings.pings
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1])
