"""Server-sent events from sse-starlette (a server nobody here wrote) on uvicorn, for
Courier's interop tests: `python sse_starlette_server.py PORT`.

GET /numbers?count=N&drop=K&interval=S sends events `number` with ids 1..N and JSON data,
one every S seconds (0.02), with sse-starlette's own framing (CRLF line ends, `retry:`), a two-line `note` event
after the third, and resumes after `Last-Event-ID`; with `drop=K` it ends the response after
K events of each connection.
"""
import asyncio
import json
import sys

import uvicorn
from sse_starlette.sse import EventSourceResponse, ServerSentEvent
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route


async def numbers(request):
    count = int(request.query_params.get("count", "5"))
    drop = int(request.query_params.get("drop", "0"))
    interval = float(request.query_params.get("interval", "0.02"))
    last = request.headers.get("last-event-id")
    start = int(last) + 1 if last else 1

    async def events():
        sent = 0
        for n in range(start, count + 1):
            yield ServerSentEvent(data=json.dumps({"n": n}), event="number", id=str(n), retry=100)
            if n == 3:
                yield ServerSentEvent(data="first line\nsecond line", event="note")
            sent += 1
            if drop and sent >= drop:
                return
            await asyncio.sleep(interval)

    return EventSourceResponse(events())


async def status(request):
    return PlainTextResponse("ok")


app = Starlette(routes=[Route("/numbers", numbers), Route("/status/200", status)])

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
