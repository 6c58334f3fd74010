/// Turns a `text/event-stream` body, fed in chunks as libcurl delivers them, into
/// ``ServerSentEvent``s, following the WHATWG HTML standard's "interpreting an event stream":
/// lines end at CRLF, LF or CR (a CRLF split across chunks too); one byte-order mark at the
/// start of the stream is dropped; `:` lines are comments; `data:` lines join with line feeds;
/// an `id:` holding NUL is ignored and an id lasts until the next one; `retry:` takes ASCII
/// digits only; a blank line dispatches the event unless it has no data; an event left open
/// when the stream ends is discarded.
///
/// mattt/EventSource's parser is an actor fed one byte per `await`, strips a BOM from every
/// line and dispatches events without data; libcurl's write callback is synchronous and hot,
/// so this one works on whole chunks in place.
///
/// One event's size is bounded (``maximumEventBytes``): a larger event is dropped whole and
/// counted in ``droppedEvents``, so a stream that never sends a blank line cannot grow memory.
public struct ServerSentEventParser: Sendable {
    /// The largest event kept, in bytes of its pending line and data; larger ones are dropped.
    public var maximumEventBytes: Int
    /// The reconnection time the stream asked for with `retry:`, in milliseconds.
    public private(set) var reconnectionTime: Int?
    /// The last event ID, sent as `Last-Event-ID` when reconnecting; empty when none was given.
    public private(set) var lastEventID = ""
    /// Events dropped for being larger than ``maximumEventBytes``.
    public private(set) var droppedEvents = 0
    /// Comment lines seen (servers send them to keep an idle connection open).
    public private(set) var comments = 0

    private var line: [UInt8] = []
    private var lineOversized = false
    private var data: [UInt8] = []
    private var eventType: [UInt8] = []
    private var eventOversized = false
    private var afterCR = false
    private var atFirstLine = true

    /// A parser for a new stream; `maximumEventBytes` bounds one event (8 MiB by default).
    public init(maximumEventBytes: Int = 8 << 20) {
        self.maximumEventBytes = maximumEventBytes
    }

    /// Reads `chunk`, calling `emit` for each event it completes, in order.
    public mutating func consume(_ chunk: UnsafeRawBufferPointer, _ emit: (ServerSentEvent) -> Void) {
        let bytes = chunk.bindMemory(to: UInt8.self)
        var start = 0
        var index = 0
        if afterCR, let first = bytes.first, first == 0x0A {
            start = 1
            index = 1
        }
        afterCR = false
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index += 1
                continue
            }
            endLine(UnsafeBufferPointer(rebasing: bytes[start..<index]), emit)
            if byte == 0x0D {
                if index + 1 < bytes.count {
                    if bytes[index + 1] == 0x0A { index += 1 }
                } else {
                    afterCR = true
                }
            }
            index += 1
            start = index
        }
        if start < bytes.count { appendToLine(UnsafeBufferPointer(rebasing: bytes[start...])) }
    }

    /// Reads `chunk` and returns the events it completes.
    public mutating func consume(_ chunk: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        Array(chunk).withUnsafeBytes { consume($0) { events.append($0) } }
        return events
    }

    /// The stream ended: an event without its closing blank line is discarded, as the
    /// standard says. The parser is then ready for a reconnection's stream, keeping
    /// ``lastEventID`` and ``reconnectionTime``.
    public mutating func finish() {
        line.removeAll(keepingCapacity: true)
        data.removeAll(keepingCapacity: true)
        eventType.removeAll(keepingCapacity: true)
        lineOversized = false
        eventOversized = false
        afterCR = false
        atFirstLine = true
    }

    private mutating func appendToLine(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !lineOversized else { return }
        if line.count + data.count + bytes.count > maximumEventBytes {
            lineOversized = true
            line.removeAll()
        } else {
            line.append(contentsOf: bytes)
        }
    }

    private mutating func endLine(_ tail: UnsafeBufferPointer<UInt8>, _ emit: (ServerSentEvent) -> Void) {
        if line.isEmpty && !lineOversized {
            interpret(tail, emit)
        } else {
            appendToLine(tail)
            let oversized = lineOversized
            lineOversized = false
            if oversized {
                atFirstLine = false
                eventOversized = true
                data.removeAll()
            } else {
                let pending = line
                pending.withUnsafeBufferPointer { interpret($0, emit) }
            }
            line.removeAll(keepingCapacity: true)
        }
    }

    private mutating func interpret(_ raw: UnsafeBufferPointer<UInt8>, _ emit: (ServerSentEvent) -> Void) {
        var text = raw[...]
        if atFirstLine {
            atFirstLine = false
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        }
        guard let first = text.first else { return dispatch(emit) }
        if first == 0x3A {
            comments += 1
            return
        }
        let colon = text.firstIndex(of: 0x3A)
        let name = colon.map { text[..<$0] } ?? text
        var value = colon.map { text[($0 + 1)...] } ?? text[text.endIndex...]
        if value.first == 0x20 { value = value.dropFirst() }
        switch Field(name) {
        case .event:
            eventType = Array(value)
        case .data:
            guard !eventOversized else { return }
            if data.count + value.count + 1 > maximumEventBytes {
                eventOversized = true
                data.removeAll()
            } else {
                data.append(contentsOf: value)
                data.append(0x0A)
            }
        case .id:
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case .retry:
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }) {
                reconnectionTime = value.count > 9 ? Int(Int32.max) : Int(String(decoding: value, as: UTF8.self))
            }
        case nil:
            break
        }
    }

    private mutating func dispatch(_ emit: (ServerSentEvent) -> Void) {
        defer {
            data.removeAll(keepingCapacity: true)
            eventType.removeAll(keepingCapacity: true)
            eventOversized = false
        }
        if eventOversized {
            droppedEvents += 1
            return
        }
        guard !data.isEmpty else { return }
        data.removeLast()
        emit(ServerSentEvent(type: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
                             data: String(decoding: data, as: UTF8.self), lastEventID: lastEventID))
    }

    /// The fields the standard gives a meaning to; any other name is ignored.
    private enum Field {
        case event, data, id, retry

        init?(_ name: Slice<UnsafeBufferPointer<UInt8>>) {
            switch name.count {
            case 2 where name.elementsEqual("id".utf8): self = .id
            case 4 where name.elementsEqual("data".utf8): self = .data
            case 5 where name.elementsEqual("event".utf8): self = .event
            case 5 where name.elementsEqual("retry".utf8): self = .retry
            default: return nil
            }
        }
    }
}
