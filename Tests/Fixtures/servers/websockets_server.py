"""A WebSocket server from the `websockets` package (a server nobody here wrote), for
Courier's interop tests: `python websockets_server.py PORT [--tls CERT KEY PORTFILE [CLIENT_CA]]`.

/echo echoes text and binary messages; a text `close` makes the server close with 4001
"asked"; the handshake's Authorization header is echoed first as `auth: VALUE`. Answers
`GET /status/200` over plain HTTP so that the test harness sees it is up.

With --tls, the same handler is also served over TLS (wss://) with CERT and KEY on a free
port written to PORTFILE once it listens; with CLIENT_CA the TLS side requires a client
certificate that CA signed, and says `client: CN` (its common name) after the auth line.
"""
import asyncio
import http
import ssl
import sys

from websockets.asyncio.server import serve


async def handler(connection):
    auth = connection.request.headers.get("Authorization", "")
    await connection.send(f"auth: {auth}")
    tls = connection.transport.get_extra_info("ssl_object")
    peer = tls.getpeercert() if tls is not None else None
    if peer:
        names = dict(pair[0] for pair in peer.get("subject", ()))
        await connection.send(f"client: {names.get('commonName', '')}")
    async for message in connection:
        if message == "close":
            await connection.close(4001, "asked")
            return
        await connection.send(message)


def health(connection, request):
    if request.path == "/status/200":
        return connection.respond(http.HTTPStatus.OK, "ok\n")
    return None


async def main(port, tls):
    secure = None
    if tls is not None:
        # Listening over TLS before the plain side answers: once the harness sees it up, the port file is there.
        cert, key, port_file, client_ca = tls
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        if client_ca:
            context.verify_mode = ssl.CERT_REQUIRED
            context.load_verify_locations(client_ca)
        secure = await serve(handler, "127.0.0.1", 0, ssl=context)
        with open(port_file, "w") as handle:
            handle.write(str(secure.sockets[0].getsockname()[1]))
    async with serve(handler, "127.0.0.1", port, process_request=health):
        await asyncio.get_running_loop().create_future()


if __name__ == "__main__":
    arguments = sys.argv[1:]
    tls = None
    if len(arguments) >= 5 and arguments[1] == "--tls":
        tls = (arguments[2], arguments[3], arguments[4], arguments[5] if len(arguments) > 5 else None)
    asyncio.run(main(int(arguments[0]), tls))
