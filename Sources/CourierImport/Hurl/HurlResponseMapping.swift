import Courier
import Foundation
import CourierFormat
import CourierWorkspace

/// A Hurl response section as `expect:` lines and chain captures: `HTTP 200` is
/// `status == 200`, each response header `header NAME == VALUE` (`contains` when the name
/// comes more than once, as Set-Cookie does), each assert its check, a text body
/// `body == "…"` and a JSON body `$ == {…}`; captures become the step's captures.
enum HurlResponseMapping {
    static func apply(_ response: HurlResponse, to built: inout HurlBuiltEntry, place: (Int) -> String) {
        var expect: [String] = []
        func add(_ mapped: HurlCheckMapping.Mapped, line: Int, what: String) {
            switch mapped {
            case .check(let text): expect.append(text)
            case .dropped(let reason): built.dropped.append("\(place(line)): \(what): \(reason)")
            }
        }
        if let status = response.status { expect.append("status == \(status)") }
        if response.version != "HTTP", response.version != "HTTP/*" {
            built.dropped.append("\(place(response.line)): \(response.version): Courier's checks do not look at the HTTP version")
        }
        let repeated = Dictionary(grouping: response.headers, by: { $0.key.lowercased() }).filter { $0.value.count > 1 }
        for header in response.headers {
            let op = repeated[header.key.lowercased()] == nil ? "==" : "contains"
            let value = HurlTemplates.courier(header.value)
            add(HurlCheckMapping.validated("header \(header.key) \(op) \(JSONValue.string(value).description)"), line: header.line,
                what: "header \(header.key)")
        }
        for assert in response.asserts {
            add(HurlCheckMapping.check(assert), line: assert.line, what: "assert `\(assert.text)`")
        }
        if let body = response.body {
            switch body {
            case .oneline(let text), .multiline(let text, language: nil), .multiline(let text, language: "raw"?):
                expect.append("body == " + JSONValue.string(HurlTemplates.courier(text)).description)
            case .json(let text), .multiline(let text, language: "json"?):
                if let value = try? JSONValue(parsing: Data(HurlTemplates.courier(text).utf8)) {
                    expect.append("{subject: $, predicate: \"==\", value: \(YAMLScalar.json(value, at: .flowValue))}")
                } else {
                    built.dropped.append("\(place(response.bodyLine)): the expected JSON body (it is not JSON Courier can compare)")
                }
            default:
                built.dropped.append("\(place(response.bodyLine)): the expected body (Courier compares a text or JSON body, "
                                     + "not XML, bytes or a file)")
            }
        }
        for section in response.otherSections {
            built.dropped.append("\(place(section.line)): section [\(section.name)] (not a response section Courier knows)")
        }
        for capture in response.captures {
            switch HurlCheckMapping.source(capture) {
            case .check(let source): built.captures.append((capture.name, source))
            case .dropped(let reason): built.dropped.append("\(place(capture.line)): capture `\(capture.text)`: \(reason)")
            }
        }
        built.request.expect = expect
    }
}
