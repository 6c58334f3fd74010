import Courier
import CourierFormatCore
import Foundation

extension Check {
    /// Every check run on `facts` (all of them: a failure does not stop the rest), with
    /// values' placeholders filled in by `render`, such as a ``VariableScope``'s `render`.
    package static func evaluate(_ checks: [Check], on facts: ResponseFacts,
                                render: (String) throws(TemplateError) -> String) -> [CheckResult] {
        let evaluation = CheckEvaluation(facts: facts)
        return checks.map { evaluation.result(of: $0, render: render) }
    }

    /// This check run on `facts`.
    package func evaluate(on facts: ResponseFacts, render: (String) throws(TemplateError) -> String) -> CheckResult {
        CheckEvaluation(facts: facts).result(of: self, render: render)
    }
}

/// Checks run on one response, which parses the body (JSON, HTML or XML) at most once.
private final class CheckEvaluation {
    /// A subject's value, or why there is none.
    enum Reading {
        case value(JSONValue)
        /// Not there (a header not sent, a path that leads nowhere): only `exists` can pass.
        case missing(String)
        /// The test cannot be made (the body is not JSON): the check fails, negated or not.
        case unreadable(String)
    }

    /// Bodies larger than this have each `$.` path read from their bytes, in one pass that
    /// builds only what the path selects, unless the whole tree is at hand or needed anyway:
    /// a tree costs about four times the document.
    static let largestParsedWhole = 1 << 20

    private let facts: ResponseFacts
    /// Whether ``json`` was read: once the tree is built, every path reads it.
    private var treeRead = false
    /// What each path read from a large body's bytes selected.
    private var pathReadings: [JSONPath: Reading] = [:]
    private lazy var json: Result<JSONValue, MarkupDocument.Failure> = {
        treeRead = true
        return facts.wholeJSON.map { .success($0) } ?? .failure(.init(reason: facts.wholeJSONRefusal ?? "the body is not JSON"))
    }()
    private lazy var document: Result<MarkupDocument, MarkupDocument.Failure> = {
        do throws(MarkupDocument.Failure) {
            return .success(try MarkupDocument(body: facts.body, html: facts.isHTML))
        } catch {
            return .failure(error)
        }
    }()

    init(facts: ResponseFacts) {
        self.facts = facts
    }

    func result(of check: Check, render: (String) throws(TemplateError) -> String) -> CheckResult {
        let predicate = check.predicate
        var expected: JSONValue?
        do throws(TemplateError) {
            expected = try predicate.value?.resolved(render)
        } catch {
            return CheckResult(check: check, passed: false, expected: predicate.text(), actual: "nothing", note: error.description)
        }
        if check.subject == .sha256, case .string(let digest)? = expected { expected = .string(digest.lowercased()) }
        let expectedText = expected.map { value in
            if predicate.op == .matches, case .string(let pattern) = value { return predicate.text(value: "/\(pattern)/") }
            return predicate.text(value: value.checkText)
        } ?? predicate.text()
        var actual: JSONValue
        switch reading(check) {
        case .unreadable(let reason):
            return CheckResult(check: check, passed: false, expected: expectedText, actual: "nothing", note: reason)
        case .missing(let reason):
            let passed = predicate.op == .exists && predicate.isNegated
            return CheckResult(check: check, passed: passed, expected: expectedText, actual: "nothing", note: passed ? nil : reason)
        case .value(let value):
            actual = value
        }
        // A call's status compared with numbers (`status == 5`, `status in [0, 5]`) is its code.
        if check.subject == .status, let call = facts.grpcStatus, Self.isNumeric(expected) { actual = .int(call.code.rawValue) }
        let outcome = predicate.op.holds(of: actual, expected, loose: check.subject.isText && !check.counts)
        let passed = outcome.reason == nil && outcome.holds != predicate.isNegated
        return CheckResult(check: check, passed: passed, expected: expectedText, actual: Self.short(actual),
                           actualKind: actual.kindName, expectedKind: expected?.kindName, note: outcome.reason)
    }

    /// Whether `value` is a number or a non-empty list of numbers.
    private static func isNumeric(_ value: JSONValue?) -> Bool {
        switch value {
        case .int?, .double?: true
        case .array(let items)?: !items.isEmpty && items.allSatisfy { isNumeric($0) }
        default: false
        }
    }

    // MARK: - Subjects

    private func reading(_ check: Check) -> Reading {
        let reading = value(of: check.subject, counting: check.counts)
        guard check.counts, case .value(let value) = reading else { return reading }
        switch value {
        case .array(let items): return .value(.int(items.count))
        case .object(let members): return .value(.int(members.count))
        case .string(let text): return .value(.int(text.count))
        default: return .unreadable("count needs a list, an object or text, not \(Self.short(value)) (\(value.kindName))")
        }
    }

    private func value(of subject: CheckSubject, counting: Bool) -> Reading {
        switch subject {
        case .status:
            guard let call = facts.grpcStatus else { return .value(.int(facts.status)) }
            return .value(.string(call.code.name))
        case .header(let name):
            return facts.header(name).map { .value(.string($0)) } ?? .missing("no header \(name)")
        case .cookie(let name, let attribute):
            guard let cookie = facts.setCookies.last(where: { $0.name == name }) else { return .missing("the response set no cookie \(name)") }
            guard let attribute else { return .value(.string(cookie.value)) }
            return cookie.attribute(attribute).map { .value(.string($0)) } ?? .missing("cookie \(name) has no \(attribute) attribute")
        case .json(let path):
            if !treeRead, facts.json == nil, facts.body.count > Self.largestParsedWhole || facts.spooledBytes != nil {
                return reading(path)
            }
            switch json {
            case .failure(let failure): return .unreadable(failure.reason)
            case .success(let json): return path.evaluate(in: json).map(Reading.value) ?? .missing("nothing at \(path) in the body")
            }
        case .xpath(let expression):
            return xpath(expression, counting: counting)
        case .body:
            if let spooled = facts.spooledBytes {
                return .unreadable("the body (\(spooled) bytes) was spooled to a file as it arrived, and `body` reads it "
                                   + "as text in memory: check `bytes`, `sha256` or `$.` paths instead (read from the file)")
            }
            return .value(.string(facts.text))
        case .bytes:
            return .value(.int(facts.body.count))
        case .sha256:
            return .value(.string(SHA256Hex.of(facts.body)))
        case .duration:
            return .value(.int(Int(facts.durationMilliseconds.rounded())))
        case .contentType:
            return facts.contentType.map { .value(.string($0)) } ?? .missing("no Content-Type header")
        case .url:
            return .value(.string(facts.url))
        case .redirects:
            return .value(.int(facts.redirects))
        case .trailer(let name):
            return facts.trailer(name).map { .value(.string($0)) } ?? .missing("no trailer \(name)")
        case .messages:
            return .value(.int(facts.messageCount))
        }
    }

    /// What `path` selects in the body's bytes (``JSONValue/value(at:in:)``), read once.
    private func reading(_ path: JSONPath) -> Reading {
        if let known = pathReadings[path] { return known }
        let steps = path.components.map { component -> JSONPathStep in
            switch component {
            case .key(let name): .member(name)
            case .index(let position): .element(position)
            }
        }
        let reading: Reading
        do throws(JSONParseError) {
            reading = try JSONValue.value(at: steps, in: facts.body).map(Reading.value) ?? .missing("nothing at \(path) in the body")
        } catch {
            reading = .unreadable("the body is not JSON")
        }
        pathReadings[path] = reading
        return reading
    }

    /// One node reads as its text, several as a list of texts; counting, the nodes are a list.
    /// A body over ``MarkupDocument/largestParsed`` is streamed for a path or its count, and
    /// anything else on it fails saying so (its document would cost twenty times its size).
    private func xpath(_ expression: String, counting: Bool) -> Reading {
        let result: MarkupDocument.Value
        do throws(MarkupDocument.Failure) {
            if facts.body.count <= MarkupDocument.largestParsed {
                result = try document.get().evaluate(expression)
            } else if let query = MarkupStream.Query(expression) {
                result = try MarkupStream.evaluate(query, body: facts.body, html: facts.isHTML)
            } else {
                return .unreadable("the body is \(ByteCountText.size(facts.body.count)): over \(MarkupDocument.largestParsed >> 20) MiB only a path "
                    + "(//tr, /html/head/title, //a/@href) or its count(…) is evaluated, not \(expression)")
            }
        } catch {
            return .unreadable(error.reason)
        }
        switch result {
        case .nodes(let texts) where counting: return .value(.array(texts.map(JSONValue.string)))
        case .nodes(let texts) where texts.isEmpty: return .missing("\(expression) selects nothing")
        case .nodes(let texts): return .value(texts.count == 1 ? .string(texts[0]) : .array(texts.map(JSONValue.string)))
        case .number(let number): return .value(number.isFinite && number == number.rounded() && abs(number) < 1e15 ? .int(Int(number)) : .double(number))
        case .string(let text): return .value(.string(text))
        case .boolean(let flag): return .value(.bool(flag))
        }
    }

    /// The value as JSON, cut to 80 characters.
    static func short(_ value: JSONValue) -> String {
        let text = value.checkText
        guard text.count > 80 else { return text }
        let count: String
        switch value {
        case .string(let string): count = "\(string.count) characters"
        case .array(let items): count = "\(items.count) items"
        case .object(let members): count = "\(members.count) members"
        default: count = "\(text.count) characters"
        }
        return "\(text.prefix(72))… (\(count))"
    }
}
