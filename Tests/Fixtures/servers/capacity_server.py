"""A loopback HTTP/1.1 server that serves at most CAPACITY requests a second, for the knee
finder's test: requests beyond that wait their turn (a token bucket of one), so a rate above
the capacity builds a queue and its latency grows without end, while a rate below it is
answered at once. `slow` instead answers every request after DELAY seconds, however few.

    python3 capacity_server.py PORT_FILE capacity 200
    python3 capacity_server.py PORT_FILE slow 0.1

Listens on 127.0.0.1 on a free port, written to PORT_FILE once listening. Keep-alive; every
answer is `200 ok`. Stops on SIGTERM.
"""
import asyncio
import signal
import sys
import time


async def main() -> None:
    port_file, mode, value = sys.argv[1], sys.argv[2], float(sys.argv[3])
    next_slot = 0.0

    async def answer() -> None:
        nonlocal next_slot
        if mode == "slow":
            await asyncio.sleep(value)
            return
        now = time.monotonic()
        slot = max(now, next_slot)
        next_slot = slot + 1.0 / value
        if slot > now:
            await asyncio.sleep(slot - now)

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n")[1:]:
                    name, _, rest = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(rest.strip() or 0)
                if length:
                    await reader.readexactly(length)
                await answer()
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok")
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0, backlog=1024)
    port = server.sockets[0].getsockname()[1]
    with open(port_file + ".tmp", "w") as out:
        out.write(str(port))
    import os
    os.replace(port_file + ".tmp", port_file)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    async with server:
        await stop.wait()


asyncio.run(main())
