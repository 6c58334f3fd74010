import DequeModule
import Dispatch
import Foundation
import Synchronization

/// One run's stream: the parser or line splitter, the events and raw bytes kept (bounded by
/// ``StreamLimits``), and the counters the record table shows. It outlives an attempt, so a
/// reconnection goes on counting and keeps its `Last-Event-ID`. The transport thread feeds
/// it; anyone reads a snapshot.
final class StreamSession: Sendable {
    let settings: StreamSettings
    private let startedAt = DispatchTime.now().uptimeNanoseconds
    /// What only the transport reads and writes as it goes: the parsers and the raw bytes.
    /// Chunks are read under this lock, not under `state`'s, so that a reader of the
    /// figures (the workbench, every frame) never waits for a chunk to be parsed. When both
    /// are taken, this one is taken first.
    private let reading: Mutex<Reading>
    private let state: Mutex<State>

    private struct Reading: Sendable {
        /// The mode of the current attempt; nil while it does not stream.
        var mode: StreamMode?
        var parser: ServerSentEventParser
        var splitter: StreamLineSplitter
        var raw: StreamTail
        /// A gRPC call's response framing; nil for any other stream.
        var grpc: GRPCFrame.Decoder?
        /// Why the call's response stream could not be read on (``grpcProblem``).
        var grpcProblem: GRPCStatus?

        /// What the parsers say of the stream so far, for its state.
        var figures: ParserFigures {
            ParserFigures(dropped: parser.droppedEvents + splitter.droppedLines, comments: parser.comments,
                          lastEventID: parser.lastEventID, reconnectionTime: parser.reconnectionTime)
        }
    }

    /// The parsers' counts, copied into the state as each chunk is recorded.
    private struct ParserFigures {
        var dropped: Int
        var comments: Int
        var lastEventID: String
        var reconnectionTime: Int?
    }

    private struct State: Sendable {
        var kept = Deque<StreamEvent>()
        var info: StreamState?
        /// The streaming response's head, as its body began.
        var head: ReceivedHead?
        var windowStart: UInt64 = 0
        var windowEvents = 0
    }

    /// A session for a run streamed with `settings`; for a gRPC call (`grpc`), its messages
    /// both ways, counted from the start (a call sends before anything comes back).
    init(settings: StreamSettings, grpc: GRPCCallSettings? = nil) {
        self.settings = settings
        var reading = Reading(parser: ServerSentEventParser(maximumEventBytes: settings.limits.maximumEventBytes),
                              splitter: StreamLineSplitter(maximumLineBytes: settings.limits.maximumEventBytes),
                              raw: StreamTail(limit: settings.limits.keptBytes))
        var state = State()
        if let grpc {
            reading.grpc = GRPCFrame.Decoder(limit: grpc.maximumReceivedMessageBytes)
            state.info = StreamState(mode: .messages)
            state.windowStart = startedAt
        }
        self.reading = Mutex(reading)
        self.state = Mutex(state)
    }

    /// At an attempt's first body byte: whether this response streams, given its status and,
    /// for `.automatic`, the mode its content type calls for (`detected`, asked only then).
    /// Only a 2xx response streams; an error page is read whole.
    func begin(statusCode: Int, detected: () -> StreamMode?) -> Bool {
        guard (200..<300).contains(statusCode) else { return false }
        let mode: StreamMode? = switch settings.mode {
        case .automatic: detected()
        case .off: nil
        case let chosen: chosen
        }
        guard let mode else { return false }
        reading.withLock { $0.mode = mode }
        state.withLock { state in
            if state.info == nil {
                state.info = StreamState(mode: mode)
                state.windowStart = startedAt
            } else {
                state.info?.mode = mode
                state.info?.ended = false
            }
        }
        return true
    }

    /// An external transport's session opened: its messages are the stream.
    func beginExternal() {
        reading.withLock { $0.mode = .messages }
        state.withLock { state in
            if state.info == nil {
                state.info = StreamState(mode: .messages)
                state.windowStart = startedAt
            }
            state.info?.ended = false
        }
    }

    /// Messages an external transport moved: numbered, timed from the run's start, kept and
    /// counted, with their data as raw bytes of the transcript.
    func record(external events: [StreamEvent], at now: UInt64) -> [StreamEvent] {
        var events = events.map { event in
            var event = event
            event.elapsed = Double(now &- startedAt) / 1e9
            return event
        }
        let bytes = events.reduce(0) { $0 + $1.data.count }
        let figures = reading.withLock { reading in
            for event in events {
                let line = "\(event.direction == .sent ? ">" : "<") \(event.name ?? "message") " + event.text + "\n"
                line.utf8CString.withUnsafeBytes { reading.raw.append(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
            }
            return reading.figures
        }
        state.withLock { record(&events, bytes: bytes, figures: figures, now: now, in: &$0) }
        return events
    }

    /// Messages a gRPC call handed to libcurl: numbered, timed and kept as sent events.
    func record(sent messages: [Data]) -> [StreamEvent] {
        let now = DispatchTime.now().uptimeNanoseconds
        let date = Date()
        var events = messages.map { message in
            var event = Self.event(.message, message, name: "message", (startedAt, now, date))
            event.direction = .sent
            return event
        }
        let figures = reading.withLock { $0.figures }
        state.withLock { record(&events, bytes: 0, figures: figures, now: now, in: &$0) }
        return events
    }

    /// A gRPC call's transfer ended: its stream has ended, whether or not a response streamed.
    func endCall() {
        reading.withLock { $0.mode = nil }
        markEnded()
    }

    /// Why a gRPC call's response stream could not be read on (not gRPC framing, a message
    /// over the limit or not inflatable): the status the call ends with; nil when it was read.
    var grpcProblem: GRPCStatus? { reading.withLock { $0.grpcProblem } }

    /// The messages `chunk` completes of a gRPC call's response, inflated when compressed.
    /// After a problem nothing more is read: the call has failed.
    private static func grpcMessages(_ chunk: UnsafeRawBufferPointer, in reading: inout Reading,
                                     _ context: (start: UInt64, now: UInt64, date: Date)) -> [StreamEvent] {
        guard reading.grpcProblem == nil, var decoder = reading.grpc else { return [] }
        defer { reading.grpc = decoder }
        do throws(GRPCFrame.DecodingError) {
            return try decoder.consume(chunk).compactMap { message in
                guard reading.grpcProblem == nil else { return nil }
                var data = message.bytes
                if message.compressed {
                    do throws(GRPCGzip.Failure) { data = try GRPCGzip.decompress(data, limit: decoder.limit) } catch {
                        reading.grpcProblem = GRPCStatus(code: .internal, message: "the response's \(error)")
                        return nil
                    }
                }
                var event = Self.event(.message, data, name: "message", context)
                event.direction = .received
                return event
            }
        } catch {
            let code: GRPCStatusCode = if case .tooLong = error { .resourceExhausted } else { .internal }
            reading.grpcProblem = GRPCStatus(code: code, message: "the response's \(error)")
            return []
        }
    }

    /// The external session ended.
    func endExternal() {
        reading.withLock { $0.mode = nil }
        markEnded()
    }

    /// Reads a chunk of the body; the events it completed, in order (possibly none). The
    /// chunk is parsed and kept under the transport's own lock; the state's is taken only
    /// to number and keep the events it completed.
    func consume(_ chunk: UnsafeRawBufferPointer) -> [StreamEvent] {
        let now = DispatchTime.now().uptimeNanoseconds
        let parsed: (events: [StreamEvent], figures: ParserFigures)? = reading.withLock { reading in
            guard let mode = reading.mode else { return nil }
            var events: [StreamEvent] = []
            let context = (start: startedAt, now: now, date: Date())
            switch mode {
            case .events:
                reading.parser.consume(chunk) { event in
                    events.append(Self.event(.event, event.data.utf8, name: event.type, id: event.lastEventID, context))
                }
            case .lines:
                reading.splitter.consume(chunk) { line in events.append(Self.event(.line, line, context)) }
            case .messages where reading.grpc != nil:
                events = Self.grpcMessages(chunk, in: &reading, context)
            default:
                events.append(Self.event(.chunk, chunk.bindMemory(to: UInt8.self), context))
            }
            reading.raw.append(chunk)
            return (events, reading.figures)
        }
        guard var (events, figures) = parsed else { return [] }
        state.withLock { record(&events, bytes: chunk.count, figures: figures, now: now, in: &$0) }
        return events
    }

    /// The attempt's body ended (or broke): a last unterminated line is an event too; a
    /// server-sent event without its closing blank line is discarded, as the standard says.
    /// Returns the events this completed.
    func endAttempt() -> [StreamEvent] {
        let now = DispatchTime.now().uptimeNanoseconds
        let ended: (events: [StreamEvent], figures: ParserFigures)? = reading.withLock { reading in
            guard let mode = reading.mode else { return nil }
            reading.mode = nil
            var events: [StreamEvent] = []
            switch mode {
            case .events:
                reading.parser.finish()
            case .lines:
                if let line = reading.splitter.finish() {
                    events.append(Self.event(.line, line.utf8, (startedAt, now, Date())))
                }
            case .messages where reading.grpc != nil && reading.grpcProblem == nil:
                do throws(GRPCFrame.DecodingError) { try reading.grpc?.finish() } catch {
                    reading.grpcProblem = GRPCStatus(code: .internal, message: "the response's \(error)")
                }
            default:
                break
            }
            return (events, reading.figures)
        }
        guard var (events, figures) = ended else { return [] }
        state.withLock { state in
            record(&events, bytes: 0, figures: figures, now: now, in: &state)
            state.info?.ended = true
            state.info?.eventsPerSecond = 0
        }
        return events
    }

    /// The run was stopped: the stream ends where it was. Returns its state, the events and
    /// the raw bytes kept, for the request to keep; nil when nothing streamed.
    func stop() -> (state: StreamState, events: [StreamEvent], transcript: Data)? {
        let transcript = reading.withLock { reading in
            reading.mode = nil
            return reading.raw.data
        }
        return state.withLock { state in
            guard state.info != nil else { return nil }
            state.info?.ended = true
            state.info?.eventsPerSecond = 0
            return (state.info!, Array(state.kept), transcript)
        }
    }

    /// A reconnection begins: counted, and the `Last-Event-ID` to send with it.
    func reconnecting() -> String {
        state.withLock { $0.info?.reconnections += 1 }
        return reading.withLock { $0.parser.lastEventID }
    }

    /// The head of the response that is streaming (the latest attempt's); nil before one streams.
    var head: ResponseHead? { state.withLock { $0.head }?.parsed() }

    /// Keeps the head of the attempt whose body begins to stream.
    func setHead(_ head: ReceivedHead) {
        state.withLock { $0.head = head }
    }

    /// The stream's state; nil when nothing of this run has streamed. The rate falls when
    /// events stop coming, though no chunk arrives to say so.
    var snapshot: StreamState? {
        guard let read = state.withLock({ state in state.info.map { (info: $0, windowStart: state.windowStart, windowEvents: state.windowEvents) } })
        else { return nil }
        var info = read.info
        // The clock is read only for a stream still running, and after the lock: its window
        // cannot have started after the reading.
        if !info.ended {
            let window = DispatchTime.now().uptimeNanoseconds &- read.windowStart
            if window >= 1_000_000_000 { info.eventsPerSecond = Double(read.windowEvents) / (Double(window) / 1e9) }
        }
        return info
    }
    /// The events kept, oldest first.
    var keptEvents: [StreamEvent] { state.withLock { Array($0.kept) } }
    /// The newest raw bytes kept (at most ``StreamLimits/keptBytes``).
    var transcript: Data { reading.withLock { $0.raw.data } }

    /// The stream has ended: no rate any more.
    private func markEnded() {
        state.withLock { state in
            state.info?.ended = true
            state.info?.eventsPerSecond = 0
        }
    }

    private static func event(_ kind: StreamEvent.Kind, _ bytes: some Collection<UInt8>,
                              name: String? = nil, id: String? = nil,
                              _ context: (start: UInt64, now: UInt64, date: Date)) -> StreamEvent {
        StreamEvent(kind: kind, sequence: 0, elapsed: Double(context.now &- context.start) / 1e9, receivedAt: context.date,
                    name: name, id: id.flatMap { $0.isEmpty ? nil : $0 }, data: Data(bytes))
    }

    /// Numbers the events, keeps the newest, counts them and updates the rate.
    private func record(_ events: inout [StreamEvent], bytes: Int, figures: ParserFigures, now: UInt64, in state: inout State) {
        guard var info = state.info else { return }
        for index in events.indices {
            info.events += 1
            events[index].sequence = info.events
            state.kept.append(events[index])
        }
        let overflow = state.kept.count - settings.limits.keptEvents
        if overflow > 0 {
            state.kept.removeFirst(overflow)
            info.evictedEvents += overflow
        }
        info.bytes += Int64(bytes)
        info.droppedEvents = figures.dropped
        info.comments = figures.comments
        info.lastEventID = figures.lastEventID
        info.reconnectionTime = figures.reconnectionTime
        state.windowEvents += events.count
        let window = now &- state.windowStart
        if window >= 1_000_000_000 {
            info.eventsPerSecond = Double(state.windowEvents) / (Double(window) / 1e9)
            state.windowStart = now
            state.windowEvents = 0
        } else if info.eventsPerSecond == 0, window >= 250_000_000 {
            info.eventsPerSecond = Double(state.windowEvents) / (Double(window) / 1e9)
        }
        state.info = info
    }
}
