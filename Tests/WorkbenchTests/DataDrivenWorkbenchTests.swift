import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// `each:` in the workbench: a batch item sends once per row with that row's values, and a
/// chain with rows runs once per row, each its own run in Runs.
@Suite struct DataDrivenWorkbenchTests {
    static func editing(_ text: String) -> String {
        text.replacingOccurrences(of: "\nbatches:\n", with: """

            batches:
              per-city:
                requests:
                  - {request: city-echo, each: [{city: Oslo}, {city: "São Paulo"}]}

            """).replacingOccurrences(of: "\nrequests:\n", with: """

            requests:
              city-echo: {url: "/anything?city={{city}}"}

            """)
    }

    @Test func aBatchItemWithRowsSendsEachRowsValues() async throws {
        try await AppHarness.run(editing: Self.editing) { app in
            app.model.session.runBatch("per-city")
            try await app.settle("both rows answered") {
                app.model.session.exchangesByRequest.values.filter { $0.name == "city-echo" && !$0.isInFlight && $0.request.response != nil }.count == 2
            }
            let cities = Set(app.model.session.exchangesByRequest.values.filter { $0.name == "city-echo" }
                .compactMap { $0.request.responseJSON?["args"]?["city"]?.stringValue })
            expectEqual(cities, ["Oslo", "São Paulo"])
        }
    }
}
