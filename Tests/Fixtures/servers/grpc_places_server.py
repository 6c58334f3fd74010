"""A gRPC server from Python's grpcio (a server nobody here wrote), for Courier's gRPC tests:
`python grpc_places_server.py PORT [--tls CERT KEY [--client-ca CA]] [--gzip]`.

It serves courier.demo.Places from Tests/Fixtures/grpc/places.proto, compiled at run time by
grpcio-tools (`grpc.protos_and_services`; no generated code is kept), on 127.0.0.1:PORT only
(PORT 0 takes a free one). Once it listens it prints `ready PORT` (the bound port) and flushes;
SIGTERM or SIGINT stops it at once (calls in flight end UNAVAILABLE). SO_REUSEPORT is off, so a port
already taken fails the start (exit 1) rather than sharing it.

--tls CERT KEY     serve over TLS (HTTP/2 with ALPN h2) with that PEM certificate chain and key
--client-ca CA     with --tls: require a client certificate that the PEM CA signed
--gzip             compress responses with gzip: grpcio then sends `grpc-encoding: gzip` on every
                   response, whatever the client's grpc-accept-encoding says, but sets the
                   compressed flag only on messages that gzip makes smaller (a Place of ~20
                   bytes goes uncompressed; a Chat note with a long message is compressed).
                   Requests may be gzip (or deflate) either way.

Also registered: server reflection (grpc.reflection.v1alpha.ServerReflection — the only
version grpcio-reflection implements; v1 answers UNIMPLEMENTED like any unknown method; with
--reflection v1 or both, the same servicer answers as grpc.reflection.v1 too, or with none
there is no reflection) and
health checking (grpc.health.v1.Health: SERVING for "" and "courier.demo.Places").

Places:
- GetPlace(Point) answers Place(name="place LAT,LON", location=the point), except:
  latitude 0  → NOT_FOUND "no place at 0,LON";
  latitude -1 → waits up to 10 s (ending early once the call is cancelled or past its
                deadline), then answers as usual: for deadline tests;
  latitude -2 → INVALID_ARGUMENT "café 100% wrong" (grpc-message is percent-encoded);
  latitude -3 → INVALID_ARGUMENT "bad point" with google.rpc.Status details (one
                google.rpc.BadRequest field violation: field "latitude", description
                "must not be -3") in the grpc-status-details-bin trailer.
  An error with no x-echo metadata to send is a trailers-only response (one HEADERS frame with
  :status 200, content-type and grpc-status). When the call has a deadline, the trailers also
  carry x-time-remaining-ms: the milliseconds left of it when the call started here.
- ListPlaces(Area) streams `limit` places (3 when 0) "place 1".."place N" at (i, i); a limit over
  1000 streams two, then ends with RESOURCE_EXHAUSTED "too many places".
- RecordTrip(stream Point) answers TripSummary(point_count=N, distance=sum of
  |Δlatitude|+|Δlongitude| between successive points, elapsed=wall time of the call until the
  client ended its stream).
- Chat(stream Note) answers each note as it arrives with Note(location=its location,
  message="echo: " + its message), so replies interleave with the client's sends; after
  answering a note whose message is "bye" it ends the call (OK) without waiting for the
  client's half-close.

Metadata echo (every method): each request metadata entry whose key starts with `x-echo` is
sent back twice, in order and with repeats kept: as is in the response headers (initial
metadata), and in the trailers under the key with `-trailer` added to its name — before the
`-bin` suffix of a binary key. So `x-echo: a` comes back as `x-echo: a` and `x-echo-trailer: a`,
`x-echo-id-bin: <bytes>` as `x-echo-id-bin` and `x-echo-id-trailer-bin` (same bytes).
Echoed headers go out before the status, so an error on a call that sent x-echo metadata is
headers, then trailers — not trailers-only.

What grpcio (1.85) puts on the wire, seen with curl: grpc-message is percent-encoded
(`caf%C3%A9 100%25 wrong`); -bin values, grpc-status-details-bin too, are unpadded base64; a
success ends with `grpc-status: 0` and an empty `grpc-message:`; responses other than
trailers-only carry `grpc-accept-encoding: identity, deflate, gzip`; an unknown service or
method is a trailers-only UNIMPLEMENTED "Method not found!"; a request without `te: trailers`
(or not a POST) is refused with RST_STREAM INTERNAL_ERROR and no headers.
"""
import os
import signal
import sys
import threading
import time
from concurrent import futures

import grpc
from google.protobuf import duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection, reflection_pb2, reflection_pb2_grpc
from grpc_status import rpc_status

PROTO_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "grpc")
# protos_and_services finds the .proto on sys.path (and google/protobuf/*.proto in grpc_tools).
sys.path.insert(0, os.path.normpath(PROTO_DIR))
protos, services = grpc.protos_and_services("places.proto")
SERVICE_NAME = protos.DESCRIPTOR.services_by_name["Places"].full_name  # courier.demo.Places


def echoed(context):
    """The x-echo request metadata, as (initial, trailing) metadata to send back."""
    initial, trailing = [], []
    for key, value in context.invocation_metadata():
        if not key.startswith("x-echo"):
            continue
        initial.append((key, value))
        if key.endswith("-bin"):
            trailing.append((key[: -len("-bin")] + "-trailer-bin", value))
        else:
            trailing.append((key + "-trailer", value))
    return initial, trailing


def start_echo(context, extra_trailing=()):
    """Sends the echoed headers (if any) and sets the echoed trailers; returns the trailers."""
    initial, trailing = echoed(context)
    if initial:
        context.send_initial_metadata(initial)
    trailing = trailing + list(extra_trailing)
    context.set_trailing_metadata(trailing)
    return trailing


class Places(services.PlacesServicer):
    def GetPlace(self, request, context):
        remaining = context.time_remaining()
        extra = []
        # No grpc-timeout: grpcio reports an infinite deadline as about 2**63 ns away.
        if remaining is not None and remaining < 1e9:
            extra.append(("x-time-remaining-ms", str(max(0, int(remaining * 1000)))))
        trailing = start_echo(context, extra)
        lat, lon = request.latitude, request.longitude
        if lat == 0:
            context.abort(grpc.StatusCode.NOT_FOUND, f"no place at 0,{lon}")
        if lat == -1:
            until = time.monotonic() + 10
            while context.is_active() and time.monotonic() < until:
                time.sleep(0.05)
        elif lat == -2:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "café 100% wrong")
        elif lat == -3:
            detail = error_details_pb2.BadRequest(
                field_violations=[
                    error_details_pb2.BadRequest.FieldViolation(
                        field="latitude", description="must not be -3"
                    )
                ]
            )
            status = status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message="bad point")
            status.details.add().Pack(detail)
            # rpc_status gives grpc-status-details-bin; the echoed trailers stay beside it.
            grpc_status = rpc_status.to_status(status)
            context.set_trailing_metadata(trailing + list(grpc_status.trailing_metadata))
            context.abort(grpc_status.code, grpc_status.details)
        return protos.Place(name=f"place {lat},{lon}", location=request)

    def ListPlaces(self, request, context):
        start_echo(context)
        limit = request.limit or 3
        for i in range(1, min(limit, 2 if limit > 1000 else limit) + 1):
            yield protos.Place(name=f"place {i}", location=protos.Point(latitude=i, longitude=i))
        if limit > 1000:
            context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, "too many places")

    def RecordTrip(self, request_iterator, context):
        start_echo(context)
        started = time.monotonic()
        count, distance, previous = 0, 0, None
        for point in request_iterator:
            count += 1
            if previous is not None:
                distance += abs(point.latitude - previous.latitude)
                distance += abs(point.longitude - previous.longitude)
            previous = point
        elapsed = duration_pb2.Duration()
        elapsed.FromNanoseconds(int((time.monotonic() - started) * 1e9))
        return protos.TripSummary(point_count=count, distance=distance, elapsed=elapsed)

    def Chat(self, request_iterator, context):
        start_echo(context)
        for note in request_iterator:
            yield protos.Note(location=note.location, message="echo: " + note.message)
            if note.message == "bye":
                return


def add_reflection(server, versions):
    """Server reflection as grpcio-reflection implements it (v1alpha), and under the name
    grpc.reflection.v1 too when asked: the two versions' messages are the same on the wire,
    so grpcio-reflection's servicer answers either."""
    v1 = "grpc.reflection.v1.ServerReflection"
    names = [SERVICE_NAME, health.SERVICE_NAME]
    if versions in ("v1alpha", "both"):
        names.append(reflection.SERVICE_NAME)
    if versions in ("v1", "both"):
        names.append(v1)
    if versions == "none":
        return
    servicer = reflection.ReflectionServicer(names)
    if versions in ("v1alpha", "both"):
        reflection_pb2_grpc.add_ServerReflectionServicer_to_server(servicer, server)
    if versions in ("v1", "both"):
        handler = grpc.stream_stream_rpc_method_handler(
            servicer.ServerReflectionInfo,
            request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
            response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
        )
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler(v1, {"ServerReflectionInfo": handler}),)
        )


def main(argv):
    usage = ("usage: grpc_places_server.py PORT [--tls CERT KEY [--client-ca CA]] [--gzip]"
             " [--reflection v1alpha|v1|both|none]")
    if not argv:
        sys.exit(usage)
    port, tls, client_ca, gzip, versions = int(argv[0]), None, None, False, "v1alpha"
    rest = argv[1:]
    while rest:
        flag = rest.pop(0)
        if flag == "--tls" and len(rest) >= 2:
            tls = (rest.pop(0), rest.pop(0))
        elif flag == "--client-ca" and rest:
            client_ca = rest.pop(0)
        elif flag == "--gzip":
            gzip = True
        elif flag == "--reflection" and rest and rest[0] in ("v1alpha", "v1", "both", "none"):
            versions = rest.pop(0)
        else:
            sys.exit(usage)
    if client_ca and not tls:
        sys.exit("--client-ca needs --tls")

    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=32),
        options=[("grpc.so_reuseport", 0)],
        compression=grpc.Compression.Gzip if gzip else None,
    )
    services.add_PlacesServicer_to_server(Places(), server)
    checker = health.HealthServicer()
    for name in ("", SERVICE_NAME):
        checker.set(name, health_pb2.HealthCheckResponse.SERVING)
    health_pb2_grpc.add_HealthServicer_to_server(checker, server)
    add_reflection(server, versions)

    address = f"127.0.0.1:{port}"
    try:
        if tls:
            def read(path):
                with open(path, "rb") as handle:
                    return handle.read()

            credentials = grpc.ssl_server_credentials(
                [(read(tls[1]), read(tls[0]))],
                root_certificates=read(client_ca) if client_ca else None,
                require_client_auth=bool(client_ca),
            )
            bound = server.add_secure_port(address, credentials)
        else:
            bound = server.add_insecure_port(address)
    except RuntimeError as error:  # grpcio raises when it cannot bind
        sys.exit(f"cannot listen on {address}: {error}")
    if not bound:
        sys.exit(f"cannot listen on {address}")

    stopped = threading.Event()

    def stop(signum, frame):
        stopped.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    server.start()
    print(f"ready {bound}", flush=True)
    # A short wait, so the signal handler (main thread only) runs promptly.
    while not stopped.wait(0.2):
        pass
    server.stop(grace=None).wait(5)


if __name__ == "__main__":
    main(sys.argv[1:])
