#if GRPC
import Courier
import CourierProtobuf
import Foundation

/// `courier.demo.Places` (Tests/Fixtures/grpc/places.proto) as the demo server serves it — one
/// method of each kind, paced so that a stream is seen arriving:
/// - `GetPlace(Point)`: `place LAT,LON` at the point; latitude 0 is NOT_FOUND
///   (`no place at 0,LON`), a negative latitude INVALID_ARGUMENT.
/// - `ListPlaces(Area)`: `limit` places (3 when 0, at most 100) `place 1`… at (i, i), one
///   every `interval` (0.3 s); over 100, RESOURCE_EXHAUSTED. With `perSecond`, that many a
///   second instead, `limit` up to 10,000,000 and 0 for a stream without end (a firehose).
/// - `RecordTrip(stream Point)`: once the client half-closes, how many points, the distance
///   (|Δlatitude| + |Δlongitude| summed) and the time since the call started.
/// - `Chat(stream Note)`: each note echoed as it arrives (`echo: MESSAGE`); after `bye`, the
///   call ends.
struct DemoPlaces: Sendable {
    let schema: ProtoSchema
    let interval: Duration

    init(interval: Duration = .milliseconds(300)) {
        // The descriptor set is the committed one; its reading is checked by the tests.
        schema = try! ProtoSchema(descriptorSet: DemoPlacesSchema.descriptorSet)
        self.interval = interval
    }

    static let service = "courier.demo.Places"

    /// The call of `method`, or nil when the service has no such method.
    func handler(of method: Substring) -> (@Sendable (GRPCMessages, ([Data]) async throws -> Void) async throws -> Void)? {
        switch method {
        case "GetPlace": { messages, send in try await send([try getPlace(try await first(of: messages, as: "Point"))]) }
        case "ListPlaces": { messages, send in try await listPlaces(try await first(of: messages, as: "Area"), send: send) }
        case "RecordTrip": { messages, send in try await send([try await recordTrip(messages)]) }
        case "Chat": { messages, send in try await chat(messages, send: send) }
        default: nil
        }
    }

    private func getPlace(_ point: [String: JSONValue]) throws -> Data {
        let latitude = point["latitude"]?.intValue ?? 0, longitude = point["longitude"]?.intValue ?? 0
        if latitude == 0 { throw GRPCCallFailure(code: 5, "no place at 0,\(longitude)") }
        if latitude < 0 { throw GRPCCallFailure(code: 3, "latitude \(latitude) is south of the map (it starts at 1)") }
        return try encode(place("place \(latitude),\(longitude)", latitude, longitude), as: "Place")
    }

    private func listPlaces(_ area: [String: JSONValue], send: ([Data]) async throws -> Void) async throws {
        let asked = area["limit"]?.intValue ?? 0
        if let perSecond = area["perSecond"]?.intValue, perSecond > 0 {
            return try await firehose(perSecond: perSecond, limit: asked, send: send)
        }
        if asked > 100 { throw GRPCCallFailure(code: 8, "at most 100 places a call (asked for \(asked))") }
        for index in 1...(asked == 0 ? 3 : max(1, asked)) {
            if index > 1 { try await Task.sleep(for: interval) }
            try await send([try encode(place("place \(index)", index, index), as: "Place")])
        }
    }

    /// `limit` places (0: until the client ends the call), `perSecond` of them a second: each
    /// 10 ms tick sends what the schedule says is due in one write, so a late tick catches up.
    private func firehose(perSecond: Int, limit: Int, send: ([Data]) async throws -> Void) async throws {
        guard limit <= 10_000_000 else { throw GRPCCallFailure(code: 8, "at most 10,000,000 places a call (asked for \(limit))") }
        let clock = ContinuousClock(), started = clock.now
        var sent = 0
        while limit == 0 || sent < limit {
            let elapsed = (clock.now - started) / .seconds(1)
            let due = min(limit == 0 ? Int.max : limit, Int(elapsed * Double(perSecond)) + 1)
            var batch: [Data] = []
            while sent < due {
                sent += 1
                batch.append(try encode(place("place \(sent)", sent, sent), as: "Place"))
            }
            if !batch.isEmpty { try await send(batch) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    private func recordTrip(_ messages: GRPCMessages) async throws -> Data {
        let started = ContinuousClock.now
        var count = 0, distance = 0, last: (Int, Int)?
        for try await message in messages {
            let point = try decode(message, as: "Point")
            let here = (point["latitude"]?.intValue ?? 0, point["longitude"]?.intValue ?? 0)
            if let last { distance += abs(here.0 - last.0) + abs(here.1 - last.1) }
            last = here
            count += 1
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return try encode(.object(["pointCount": .int(count), "distance": .string(String(distance)),
                                   "elapsed": .string(String(format: "%.3fs", seconds))]), as: "TripSummary")
    }

    private func chat(_ messages: GRPCMessages, send: ([Data]) async throws -> Void) async throws {
        for try await message in messages {
            var note = try decode(message, as: "Note")
            let text = note["message"]?.stringValue ?? ""
            note["message"] = .string("echo: " + text)
            try await send([try encode(.object(note), as: "Note")])
            if text == "bye" { return }
        }
    }

    private func place(_ name: String, _ latitude: Int, _ longitude: Int) -> JSONValue {
        .object(["name": .string(name), "location": .object(["latitude": .int(latitude), "longitude": .int(longitude)])])
    }

    /// The call's one request message; INVALID_ARGUMENT when there is none or it is not one.
    private func first(of messages: GRPCMessages, as type: String) async throws -> [String: JSONValue] {
        var iterator = messages.makeAsyncIterator()
        guard let message = try await iterator.next() else { throw GRPCCallFailure(code: 3, "the call sent no \(type)") }
        return try decode(message, as: type)
    }

    private func decode(_ message: Data, as type: String) throws -> [String: JSONValue] {
        do { return try schema.decode(message, as: "courier.demo." + type).json.objectValue ?? [:] } catch {
            throw GRPCCallFailure(code: 3, "not a courier.demo.\(type): \(error)")
        }
    }

    private func encode(_ json: JSONValue, as type: String) throws -> Data {
        do { return try schema.encode(json, as: "courier.demo." + type) } catch { throw GRPCCallFailure(code: 13, "\(error)") }
    }
}
#endif
