"""A WebSocket server from the `websockets` package (a server nobody here wrote), for
Courier's interop tests: `python websockets_server.py PORT`.

/echo echoes text and binary messages; a text `close` makes the server close with 4001
"asked"; the handshake's Authorization header is echoed first as `auth: VALUE`. Answers
`GET /status/200` over plain HTTP so that the test harness sees it is up.
"""
import asyncio
import http
import sys

from websockets.asyncio.server import serve


async def handler(connection):
    auth = connection.request.headers.get("Authorization", "")
    await connection.send(f"auth: {auth}")
    async for message in connection:
        if message == "close":
            await connection.close(4001, "asked")
            return
        await connection.send(message)


def health(connection, request):
    if request.path == "/status/200":
        return connection.respond(http.HTTPStatus.OK, "ok\n")
    return None


async def main(port):
    async with serve(handler, "127.0.0.1", port, process_request=health):
        await asyncio.get_running_loop().create_future()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
