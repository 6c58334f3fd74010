import ArgumentParser
import Courier
import CourierDemoServer
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `courier demo`: starts the embedded demo server on a free loopback port and sends a
/// tour of requests through the engine, printing each outcome with its timings. What
/// `make run` shows until the workbench lands.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the engine demo headless against the embedded demo server."
    )

    func run() async throws {
        let server = try await DemoServer.start()
        let config = NetworkConfig()
        config.baseURL = server.baseURL
        let agent = NetworkAgent(config: config)
        print("Courier \(courierVersion) demo against \(server.baseURL)\n")

        for step in DemoStep.tour {
            let request = step.makeRequest()
            request.agent = agent
            let line = "\(request.method.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \(step.title.padding(toLength: 44, withPad: " ", startingAt: 0))"
            do {
                try await request.run()
                print("✓ \(line) \(DemoStep.summary(of: request))")
            } catch let error as RequestError {
                printLine("✗ \(line) \(error.family) \(error.code): \(error.message)")
            }
        }

        print("\nChain: POST /login → GET /profile → GET /orders → POST /checkout")
        do {
            let login = ConfigurableRequest("/login", method: .post, arguments: ["user": "demo", "password": "secret"])
            login.agent = agent
            try await login.run()
            let token = login.responseJSON?["token"]?.stringValue ?? ""
            let auth = ["Authorization": "Bearer \(token)"]
            print("  login     \(login.responseStatusCode)  token captured (\(Redaction.placeholder))")
            let profile = ConfigurableRequest("/profile", headers: auth)
            let orders = ConfigurableRequest("/orders", headers: auth)
            for request in [profile, orders] { request.agent = agent }
            async let profileRun = profile.run()
            async let ordersRun = orders.run()
            _ = try await (profileRun, ordersRun)
            printLine("  profile   \(profile.responseStatusCode)  \(profile.responseJSON?["name"]?.stringValue ?? "?")")
            let firstOrder = orders.responseJSON?["orders"]?[0]?["id"] ?? .null
            print("  orders    \(orders.responseStatusCode)  first order \(firstOrder)")
            let checkout = ConfigurableRequest("/checkout", method: .post, arguments: ["orderId": firstOrder], headers: auth)
            checkout.definition.requestSerializer = .json
            checkout.agent = agent
            try await checkout.run()
            printLine("  checkout  \(checkout.responseStatusCode)  \(checkout.responseJSON?["status"]?.stringValue ?? "?")")
        } catch let error as RequestError {
            printLine("  chain failed: \(error)")
        }
        await server.stop()
    }
}

/// One request of the demo tour.
struct DemoStep: Sendable {
    let title: String
    let makeRequest: @Sendable () -> Request

    static let tour: [DemoStep] = [
        DemoStep(title: "/get?lang=swift&page=1") {
            ConfigurableRequest("/get", arguments: ["lang": "swift", "page": 1])
        },
        DemoStep(title: "/post (JSON body)") {
            let request = ConfigurableRequest("/post", method: .post, arguments: ["name": "courier", "tags": ["a", "b"]])
            request.definition.requestSerializer = .json
            return request
        },
        DemoStep(title: "/basic-auth/demo/secret") {
            let request = ConfigurableRequest("/basic-auth/demo/secret")
            request.definition.basicAuthorization = ("demo", "secret")
            return request
        },
        DemoStep(title: "/json validated by a template") {
            let request = ConfigurableRequest("/json")
            request.definition.jsonValidator = .object(["slideshow": .object(["title": .string, "slides": .array(.object(["title": .string]))])])
            return request
        },
        DemoStep(title: "/xml with the XML serializer") {
            let request = ConfigurableRequest("/xml")
            request.definition.responseSerializer = .xml
            return request
        },
        DemoStep(title: "/status/418 (status validator)") { ConfigurableRequest("/status/418") },
        DemoStep(title: "/json with a template it fails") {
            let request = ConfigurableRequest("/json")
            request.definition.jsonValidator = .object(["slideshow": .object(["title": .int])])
            return request
        },
        DemoStep(title: "/delay/2 with a 0.5 s timeout") {
            let request = ConfigurableRequest("/delay/2")
            request.definition.timeoutInterval = 0.5
            return request
        },
        DemoStep(title: "/counter/demo?fail=2 with retries") {
            let request = ConfigurableRequest("/counter/demo-\(UUID().uuidString.prefix(8))", arguments: ["fail": 2])
            request.definition.retryPolicy = RetryPolicy(exponentialBackoffScale: 0.1)
            return request
        },
        DemoStep(title: "/redirect/3") { ConfigurableRequest("/redirect/3") },
        DemoStep(title: "/bytes/4194304 downloaded to a temp dir") {
            let request = ConfigurableRequest("/bytes/4194304?seed=1")
            request.definition.resumableDownloadPath = FileManager.default.temporaryDirectory.path + "/"
            return request
        },
        DemoStep(title: "/post multipart form with a file") {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-upload.txt")
            try? Data("uploaded by courier demo\n".utf8).write(to: file)
            var form = MultipartForm()
            form.addField("note", "hello")
            form.addFile("attachment", path: file.path, filename: "demo.txt", contentType: "text/plain")
            let request = ConfigurableRequest("/post", method: .post)
            request.definition.multipartForm = form
            return request
        },
    ]

    static func summary(of request: Request) -> String {
        var parts = ["\(request.responseStatusCode)"]
        if let metrics = request.metrics {
            parts.append(String(format: "%5.1f ms", metrics.total * 1000))
            parts.append("\(metrics.bytesReceived) B")
            if metrics.bytesSent > 0 { parts.append("\(metrics.bytesSent) B up") }
            if metrics.redirectCount > 0 { parts.append("\(metrics.redirectCount) redirects") }
        }
        if request.retryCount > 0 { parts.append("after \(request.retryCount) retries") }
        if let file = request.downloadedFileURL { parts.append("→ \(file.path)") }
        if let files = request.responseJSON?["files"]?.objectValue, !files.isEmpty {
            parts.append("server got \(files.keys.sorted().joined(separator: ", "))")
        }
        if let root = request.responseXML?.rootElement()?.name { parts.append("<\(root)>") }
        return parts.joined(separator: "  ")
    }
}
