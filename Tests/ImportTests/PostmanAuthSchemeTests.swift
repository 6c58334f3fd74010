import Courier
import CourierImport
import CourierWorkspace
import Foundation
import Testing

/// Postman's `digest`, `ntlm` and `awsv4` auth become the workspace's libcurl schemes (they
/// were reported as "not carried over"), and the written workspace reads back the same.
@Suite struct PostmanAuthSchemeTests {
    private static let collection = """
        {"info": {"name": "Schemes", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [
          {"name": "digest", "request": {"method": "GET", "url": "https://api.example.org/d",
            "auth": {"type": "digest", "digest": [{"key": "username", "value": "ada"}, {"key": "password", "value": "{{pw}}"},
                                                   {"key": "realm", "value": "stale-realm"}, {"key": "algorithm", "value": "MD5"}]}}},
          {"name": "ntlm", "request": {"method": "GET", "url": "https://api.example.org/n",
            "auth": {"type": "ntlm", "ntlm": [{"key": "username", "value": "ada"}, {"key": "password", "value": "pw"},
                                               {"key": "domain", "value": "CORP"}]}}},
          {"name": "aws", "request": {"method": "GET", "url": "https://api.example.org/a?b=2&a=1",
            "auth": {"type": "awsv4", "awsv4": [{"key": "accessKey", "value": "AKIA1"}, {"key": "secretKey", "value": "{{secret}}"},
                                                 {"key": "sessionToken", "value": "tok"}, {"key": "region", "value": "eu-west-1"},
                                                 {"key": "service", "value": "s3"}]}}}
         ]}
        """

    @Test func digestNTLMAndAWSAreCarriedOver() throws {
        let result = try PostmanImport.result(collection: Data(Self.collection.utf8), file: "schemes.postman_collection.json", environments: [])
        #expect(!result.report.dropped.contains { $0.contains("auth") }, "\(result.report.dropped)")
        let workspace = try Workspace.parse(yaml: result.workspace.yaml(), file: "imported.yaml")
        #expect(workspace.requests["digest"]?.auth == .scheme(.digest(user: "ada", password: "{{pw}}")))
        expectEqual(workspace.requests["ntlm"]?.auth, .scheme(.ntlm(user: "CORP\\ada", password: "pw")))
        #expect(workspace.requests["aws"]?.auth == .scheme(.aws(AWSCredentials(accessKey: "AKIA1", secretKey: "{{secret}}",
                                                                               sessionToken: "tok", region: "eu-west-1", service: "s3"))))
    }
}
