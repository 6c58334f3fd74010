import Foundation
import Testing

extension CommandLineTests {
    /// grpc-go's own RouteGuide example (RouteGuideServer: Debian's copy of grpc's example, in
    /// Go's gRPC implementation) — a second server nobody here wrote, beside Python's grpcio. A
    /// workspace with the example's route_guide.proto makes the four kinds of call with
    /// `courier run`, each checked against what the example's data says, over h2c and over TLS
    /// (a certificate for 127.0.0.1 made here, the workspace's `tls: caFile`).
    @Test func grpcGosRouteGuideExampleAnswersEveryKindOfCallOverH2CAndTLS() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/protoc") else {
            print("skipping: no /usr/bin/protoc for route_guide.proto (scripts/test-servers-bootstrap.sh installs it)")
            try Test.cancel("no /usr/bin/protoc")
        }
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let folder = sandbox.directory
        let certificate = folder + "/server.pem", key = folder + "/server.key"
        let made = try await ChildProcess.finish(["/usr/bin/openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                                                  "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                                                  "-keyout", key, "-out", certificate], discardingErrors: true)
        try #require(made.status == 0, "openssl: \(made.output)")
        let plain = try await RouteGuideServer.required()
        defer { plain.stop() }
        let secure = try await RouteGuideServer.required(tls: (certificate, key))
        defer { secure.stop() }
        try FileManager.default.copyItem(atPath: RouteGuideServer.proto, toPath: folder + "/route_guide.proto")
        let workspace = folder + "/routeguide.yaml"
        // The example's data: a feature named at 409146138,-746188906 and at 407838351,-746143763;
        // all 100 of its features within the rectangle. RouteChat answers each note with every
        // note sent to its location so far, the new one included.
        try """
            environments:
              plain: {guide: "\(plain.baseURL)"}
              secure: {guide: "\(secure.baseURL)"}
            requests:
              feature:
                grpc: {target: "{{guide}}", service: routeguide.RouteGuide, method: GetFeature, proto: route_guide.proto}
                tls: {caFile: "\(certificate)"}
                message: {latitude: 409146138, longitude: -746188906}
                expect: [status == OK, '$.name == "Berkshire Valley Management Area Trail, Jefferson, NJ, USA"', $.location.longitude == -746188906]
              features:
                grpc: {target: "{{guide}}", service: routeguide.RouteGuide, method: ListFeatures, proto: route_guide.proto}
                tls: {caFile: "\(certificate)"}
                message: {lo: {latitude: 400000000, longitude: -750000000}, hi: {latitude: 420000000, longitude: -730000000}}
                expect: [status == OK, messages == 100]
              route:
                grpc: {target: "{{guide}}", service: routeguide.RouteGuide, method: RecordRoute, proto: route_guide.proto}
                tls: {caFile: "\(certificate)"}
                messages:
                  - send: {latitude: 409146138, longitude: -746188906}
                  - send: {latitude: 407838351, longitude: -746143763}
                  - send: {latitude: 1, longitude: 1}
                expect: [$.pointCount == 3, $.featureCount == 2]
              chat:
                grpc: {target: "{{guide}}", service: routeguide.RouteGuide, method: RouteChat, proto: route_guide.proto}
                tls: {caFile: "\(certificate)"}
                messages:
                  - send: {location: {latitude: 7, longitude: 7}, message: first}
                  - expect: '$.message == "first"'
                  - send: {location: {latitude: 7, longitude: 7}, message: second}
                  - expect: '$.message == "second"'
                expect: [messages == 3]
            """.write(toFile: workspace, atomically: true, encoding: .utf8)

        for environment in ["plain", "secure"] {
            let run = try await courier(["run", workspace, "feature", "features", "route", "chat", "--env", environment, "--json", "--no-history"],
                                        environment: sandbox.environment)
            #expect(run.status == 0, "\(environment): \(run.output)\(run.errors)")
            var checked: [String: Int] = [:]
            for line in run.output.split(separator: "\n") {
                guard let result = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let name = result["name"] as? String, result["grpcStatus"] != nil else { continue }
                #expect(result["ok"] as? Bool == true && result["grpcStatus"] as? String == "OK", "\(environment) \(name): \(result)")
                checked[name] = (result["checks"] as? [[String: Any]])?.count
            }
            #expect(checked == ["feature": 3, "features": 2, "route": 2, "chat": 1], "\(environment): \(run.output)")
        }
    }
}
