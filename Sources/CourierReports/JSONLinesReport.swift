import Courier
import CourierRunner
import Foundation

/// `courier run --json`: one JSON object per executed or skipped request (each event of a
/// streamed response before it, as it arrives: ``StreamEventReport``), then `{"summary": {…}}`.
public enum JSONLinesReport {
    /// The line for an event, or nil for events that have none (targets, steps).
    public static func line(for event: RunEvent) -> String? {
        switch event {
        case .streamEvent(let event): return encode(event)
        case .request(let result): return encode(result)
        case .finished(let summary): return encode(["summary": summary])
        case .targetStarted, .step: return nil
        }
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
