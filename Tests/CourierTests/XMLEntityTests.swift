import Courier
import Foundation
import Testing

/// An XML response naming a local file as an external entity (XXE) must not bring the file's
/// text into the request's XML: the XML serializer, `response: auto` and `responseXML` parse
/// without loading external entities.
@Suite struct XMLEntityTests {
    @Test(arguments: [ResponseSerializer.xml, .auto])
    func anExternalEntityIsNotRead(_ serializer: ResponseSerializer) async throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("courier-xxe-\(UUID().uuidString).txt")
        try "top secret \(UUID().uuidString)".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE note [<!ENTITY leak SYSTEM "\(secret.absoluteString)">]>
            <note>&leak;</note>
            """
        let server = try FaultServer(.body(document, contentType: "application/xml"))
        defer { server.stop() }
        let config = NetworkConfig()
        config.proxy = .none
        let request = ConfigurableRequest(server.url + "/note.xml")
        request.agent = NetworkAgent(config: config)
        request.definition.responseSerializer = serializer
        try await request.run()
        let text = try #require(request.responseXML?.rootElement()?.stringValue)
        #expect(!text.contains("top secret"), "the entity was read: \(text)")
    }
}
