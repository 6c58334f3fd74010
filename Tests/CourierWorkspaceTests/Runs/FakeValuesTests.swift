import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// `{{random.…}}` and `{{fake.…}}`: fresh at each use, in range, reproducible with a seed,
/// wrong arguments said, accepted by the workspace's validation, sent by `courier run`.
@Suite struct FakeValuesTests {
    private func scope(seed: UInt64?) -> VariableScope {
        VariableScope(variables: [:], environment: [:], fakeValues: FakeValues(seed: seed))
    }

    @Test func valuesAreInRangeAndFreshAtEachUse() throws {
        let scope = scope(seed: nil)
        let dice = try (0..<200).map { _ in try Int(scope.render("{{random.int 1 6}}"))! }
        #expect(dice.allSatisfy { (1...6).contains($0) })
        expectEqual(Set(dice).count, 6)
        let pair = try scope.render("{{random.uuid}} {{random.uuid}}").split(separator: " ")
        #expect(pair[0] != pair[1])
        #expect(UUID(uuidString: String(pair[0])) != nil && pair[0].dropFirst(14).first == "4")
        #expect(try scope.render("{{fake.email}}").wholeMatch(of: /[a-z\-]+\.[a-z\- ]+\d{1,2}@example\.com/) != nil)
        #expect(try scope.render("{{fake.date}}").wholeMatch(of: /20[12]\d-\d\d-\d\d/) != nil)
        #expect(try scope.render("{{random.hex 12}}").wholeMatch(of: /[0-9a-f]{12}/) != nil)
        #expect(try scope.render("{{fake.name}}").split(separator: " ").count >= 2)
        #expect(FakeValues.words.contains(try scope.render("{{random.word}}")))
    }

    @Test func aSeedGivesTheSameValuesInTheSameOrder() throws {
        let text = "{{random.int 1 1000000}} {{fake.name}} {{random.uuid}} {{fake.email}} {{fake.date}}"
        let first = try scope(seed: 42).render(text), second = try scope(seed: 42).render(text)
        expectEqual(first, second)
        #expect(try scope(seed: 43).render(text) != first)
        // A chain's child scope draws from the same generator.
        let root = scope(seed: 7)
        let child = root.child()
        #expect(try child.render("{{random.int 1 1000000}}") != (try root.render("{{random.int 1 1000000}}")))
    }

    @Test func wrongArgumentsAreSaid() {
        #expect(throws: TemplateError(name: "random.int 9", reason: "random.int takes 2 arguments")) { try scope(seed: 1).render("{{random.int 9}}") }
        #expect(throws: TemplateError.self) { try scope(seed: 1).render("{{random.int 9 1}}") }
        #expect(throws: TemplateError(name: "fake.email x", reason: "fake.email takes no arguments")) { try scope(seed: 1).render("{{fake.email x}}") }
        #expect(throws: TemplateError(name: "random.nope")) { try scope(seed: 1).render("{{random.nope}}") }
    }

    @Test func courierRunSendsThemAndTheSeedRepeatsThem() async throws {
        let path = writeWorkspace("""
            config: {baseUrl: "{{demo}}"}
            requests:
              signup:
                url: /anything
                method: POST
                body: {json: {email: "{{fake.email}}", age: "{{random.int 18 99}}"}}
                expect: [$.json.email matches /@example\\.com$/]
            """)
        let first = try jsonLines(await headlessRun(path, ["signup"]) { $0.json = true; $0.seed = 5 }.output)
        let second = try jsonLines(await headlessRun(path, ["signup"]) { $0.json = true; $0.seed = 5 }.output)
        #expect(first.first?["ok"] as? Bool == true, "\(first)")
        #expect((first.first?["checks"] as? [[String: Any]])?.first?["actual"] as? String
                == (second.first?["checks"] as? [[String: Any]])?.first?["actual"] as? String)
    }
}
