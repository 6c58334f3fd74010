import Foundation
import Testing
@testable import CourierFormat
@testable import CourierFormatCore

// Parsing and saving workspaces for tests: symlinked into each test target that reads or edits
// workspace text (test targets cannot import one another).

/// Parses YAML text as a workspace named `test.yaml`.
func parseWorkspace(_ yaml: String, extraVariables: Set<String> = []) throws -> Workspace {
    try Workspace.parse(yaml: yaml, file: "test.yaml", extraVariables: extraVariables)
}

/// The description of the error parsing `yaml` throws, or nil when it parses.
func parseError(_ yaml: String) -> WorkspaceError? {
    do {
        _ = try parseWorkspace(yaml)
        return nil
    } catch {
        return error as? WorkspaceError
    }
}

/// The fields in which two definitions differ, named, with both values; empty when equal.
/// (RequestDefinition is not Equatable: its headers are tuples and it carries a location.)
func differences(_ a: RequestDefinition, _ b: RequestDefinition) -> [String] {
    var found: [String] = []
    func compare<Value: Equatable>(_ field: String, _ left: Value, _ right: Value) {
        if left != right { found.append("\(field): \(left) ≠ \(right)") }
    }
    compare("description", a.description, b.description)
    compare("method", a.method, b.method)
    compare("url", a.url, b.url)
    compare("useCDN", a.useCDN, b.useCDN)
    compare("args", a.args, b.args)
    compare("argumentOrder", a.argumentOrder, b.argumentOrder)
    compare("headers", a.headers.map { "\($0.name): \($0.value)" }, b.headers.map { "\($0.name): \($0.value)" })
    compare("auth", a.auth, b.auth)
    compare("body", a.body, b.body)
    compare("timeout", a.timeout, b.timeout)
    compare("priority", a.priority, b.priority)
    compare("cache", a.cache, b.cache)
    compare("validate", a.validate, b.validate)
    compare("accept", a.acceptedContentTypes, b.acceptedContentTypes)
    compare("response", a.response, b.response)
    compare("download", a.download, b.download)
    compare("retry", a.retry, b.retry)
    compare("tls", a.tls, b.tls)
    compare("sensitive", a.sensitive, b.sensitive)
    compare("hud", a.hud, b.hud)
    compare("grpc", a.grpc.map(grpcWithoutLocations), b.grpc.map(grpcWithoutLocations))
    return found
}

/// A `grpc:` definition as text without where its values were written.
private func grpcWithoutLocations(_ grpc: GRPCDefinition) -> String {
    let steps = grpc.steps.map { step in
        switch step {
        case .send(let message): "send \(message.json)"
        case .expect(let condition, let timeout): "expect \(condition.text) within \(timeout)"
        case .wait(let seconds): "wait \(seconds)"
        case .close: "close"
        }
    }
    return "\(grpc.target) \(grpc.path) \(grpc.schema) plaintext \(grpc.plaintext) \(String(describing: grpc.compression)) "
        + "message \(String(describing: grpc.message?.json)) metadata \(grpc.metadata) steps \(steps)"
}

/// A request block parsed on its own, its templates' variables taken as defined.
func parseBlock(_ block: String, name: String) throws -> RequestDefinition {
    let text = "requests:\n" + YAMLIndentation.reindent(block, to: 2, step: 2)
    let workspace = try Workspace.parse(yaml: text, file: "block.yaml", extraVariables: Set(Template.references(in: block)))
    return try #require(workspace.requests[name])
}

/// Saves the composer's draft of request `name`, changed by `change`, into `text`.
func saveDraft(_ text: String, _ name: String, _ change: (inout RequestDraft) -> Void) throws -> WorkspaceSaveResult {
    var draft = RequestDraft(try #require(try parseWorkspace(text).requests[name]))
    change(&draft)
    return try WorkspaceWriter.apply([.update(original: name, draft: draft)], to: text, file: "test.yaml")
}

/// The error saving throws, or nil when it saves.
func saveError(_ text: String, _ edits: [WorkspaceEdit]) -> WorkspaceError? {
    do {
        _ = try WorkspaceWriter.apply(edits, to: text, file: "test.yaml")
        return nil
    } catch {
        return error
    }
}
