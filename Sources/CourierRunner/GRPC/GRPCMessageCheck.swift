#if GRPC
import Courier
import CourierFormat
import CourierFormatCore
import Foundation

/// A `grpc:` request's message checked against its method's schema before anything is sent:
/// every unknown field and every value of the wrong type, each at the `file:line:column` where
/// it is written and naming the message field. A value that still holds a `{{placeholder}}`
/// is left to the send (its value may be captured by an earlier step of a chain).
///
/// The codec stops at the first problem, so the message is encoded again with each problem
/// taken out (a field removed, a list element replaced by a value its type accepts) until it
/// encodes, at most ``passLimit`` times.
package enum GRPCMessageCheck {
    /// How many encodings one message may take: more problems than this are not looked for.
    static let passLimit = 64
    /// Values tried in place of a list element in the way: one of them suits any field type.
    private static let standIns: [JSONValue] = [.int(0), .bool(false), .object([:]), .string(""), .string("0s"),
                                                 .string("1970-01-01T00:00:00Z")]

    /// The problems of `template` as a message of the call's input type, in the order they are
    /// written.
    static func problems(in template: GRPCDefinition.MessageTemplate, codec: GRPCMessageCodec) -> [GRPCMessageError] {
        found(in: template, codec: codec).sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
    }

    /// The problems in the order the codec meets them (its objects' members in no set order).
    private static func found(in template: GRPCDefinition.MessageTemplate, codec: GRPCMessageCodec) -> [GRPCMessageError] {
        var json = template.json
        var problems: [GRPCMessageError] = []
        for _ in 0..<passLimit {
            do throws(GRPCMessageError) {
                _ = try codec.encoded(json)
                return problems
            } catch {
                guard let path = error.path, let steps = JSONValuePath(path) else {
                    problems.append(located(error, in: template))
                    return problems
                }
                if !steps.holdsPlaceholder(in: json) { problems.append(located(error, in: template)) }
                guard steps.takeOut(from: &json, codec: codec, standIns: standIns) else { return problems }
            }
        }
        return problems
    }

    private static func located(_ error: GRPCMessageError, in template: GRPCDefinition.MessageTemplate) -> GRPCMessageError {
        var located = error
        located.location = error.path.flatMap { template.location(of: $0) }
        return located
    }
}

/// A value's place in a JSON message as the codec's errors name it: `$.area.low`, `$.tags[0]`,
/// a map's key as `$.labels[key]`.
struct JSONValuePath {
    enum Step: Equatable {
        case member(String)
        case bracket(String)
    }

    var steps: [Step]

    init?(_ text: String) {
        guard text.hasPrefix("$") else { return nil }
        var rest = text.dropFirst()
        steps = []
        while let first = rest.first {
            if first == "." {
                let name = rest.dropFirst().prefix { $0 != "." && $0 != "[" }
                steps.append(.member(String(name)))
                rest = rest.dropFirst(1 + name.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                steps.append(.bracket(String(rest[rest.index(after: rest.startIndex)..<close])))
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
    }

    private init(steps: [Step]) { self.steps = steps }

    /// The value at this path in `json`, when the path leads to one.
    func value(in json: JSONValue) -> JSONValue? {
        var current = json
        for step in steps {
            switch (step, current) {
            case (.member(let key), .object(let members)), (.bracket(let key), .object(let members)):
                guard let next = members[key] else { return nil }
                current = next
            case (.bracket(let index), .array(let items)):
                guard let index = Int(index), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }

    /// Whether what the error is about is still a template: a string or key with `{{…}}`.
    func holdsPlaceholder(in json: JSONValue) -> Bool {
        if case .string(let text) = value(in: json), text.contains("{{") { return true }
        switch steps.last {
        case .member(let key), .bracket(let key): return key.contains("{{")
        case nil: return false
        }
    }

    /// Takes the value at this path out of `json`: a member removed from its object, a list
    /// element replaced by the first stand-in the codec accepts there (else the list's own
    /// field taken out). False when nothing could be taken out.
    func takeOut(from json: inout JSONValue, codec: GRPCMessageCodec, standIns: [JSONValue]) -> Bool {
        guard let last = steps.last else { return false }
        let parent = JSONValuePath(steps: Array(steps.dropLast()))
        switch (last, parent.value(in: json)) {
        case (.member(let key), .object(var members)), (.bracket(let key), .object(var members)):
            guard members.removeValue(forKey: key) != nil else { return false }
            return parent.replace(in: &json, with: .object(members))
        case (.bracket(let text), .array(var items)):
            guard let index = Int(text), items.indices.contains(index) else { return false }
            for standIn in standIns {
                items[index] = standIn
                var trial = json
                guard parent.replace(in: &trial, with: .array(items)) else { return false }
                do throws(GRPCMessageError) {
                    _ = try codec.encoded(trial)
                } catch where error.path.flatMap(JSONValuePath.init)?.steps.starts(with: steps) == true {
                    continue  // still at this element (or inside it)
                } catch {}
                json = trial
                return true
            }
            return parent.takeOut(from: &json, codec: codec, standIns: standIns)
        default: return false
        }
    }

    /// `json` with the value at this path replaced by `value`; false when the path leads nowhere.
    func replace(in json: inout JSONValue, with value: JSONValue) -> Bool {
        guard let first = steps.first else {
            json = value
            return true
        }
        let rest = JSONValuePath(steps: Array(steps.dropFirst()))
        switch (first, json) {
        case (.member(let key), .object(var members)), (.bracket(let key), .object(var members)):
            guard var child = members[key], rest.replace(in: &child, with: value) else { return false }
            members[key] = child
            json = .object(members)
            return true
        case (.bracket(let text), .array(var items)):
            guard let index = Int(text), items.indices.contains(index) else { return false }
            var child = items[index]
            guard rest.replace(in: &child, with: value) else { return false }
            items[index] = child
            json = .array(items)
            return true
        default: return false
        }
    }
}
#endif
