import Courier
import CourierFormatCore
import CourierSchema
import Foundation

/// The JSON Schema file an `expect: {schema: FILE}` names: inside the folders a workspace may
/// use (``PathConfinement``), JSON — or YAML for `.yaml`/`.yml` —, compiled with its `$ref`s.
/// Read when the workspace loads (`Workspace.checkSchemas()`), so that a missing, unreadable
/// or broken file is a load error at the `schema:` key, before anything is sent; and again
/// when a response is checked (the file may have changed since), with the same plain words.
package enum SchemaFile {
    /// Why a schema file cannot be used, in one line: what is wrong, and for a file that does
    /// not parse, the file's own `file:line:column`.
    package struct Failure: Error, CustomStringConvertible {
        package let kind: WorkspaceError.Kind
        package let description: String
    }

    /// The document at `path` (as written, placeholders filled in, relative to the
    /// workspace's folder) and the URI its `$ref`s resolve against.
    package static func read(_ path: String, workspace: some WorkspaceFileResolving) throws(Failure) -> (document: JSONValue, uri: String) {
        let file = workspace.resolvePath(path)
        do {
            _ = try PathConfinement(workspaceDirectory: workspace.directory).check(file, for: "JSON Schema")
        } catch {
            throw Failure(kind: .invalidValue, description: error.description)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw Failure(kind: .unreadable, description: "cannot read the JSON Schema \(file): \(reason(error))")
        }
        let uri = URL(fileURLWithPath: file).absoluteString
        let lowercased = file.lowercased()
        if lowercased.hasSuffix(".yaml") || lowercased.hasSuffix(".yml") {
            do {
                guard let root = try YAMLValue.document(yaml: String(decoding: data, as: UTF8.self), file: file, subject: "the JSON Schema") else {
                    throw Failure(kind: .invalidValue, description: "the JSON Schema \(file) is empty")
                }
                return (try root.json(), uri)
            } catch let error as Failure {
                throw error
            } catch let error as WorkspaceError {
                throw Failure(kind: .syntax, description: "the JSON Schema is not valid YAML: "
                              + (error.location.map { "\($0): " } ?? "") + error.message)
            } catch {
                throw Failure(kind: .syntax, description: "the JSON Schema is not valid YAML: \(error)")
            }
        }
        do {
            return (try JSONValue(parsing: data), uri)
        } catch let error as JSONParseError {
            let place = SourceLocation(file: file, line: 1, column: 1).moved(to: error.offset, in: data)
            throw Failure(kind: .syntax, description: "the JSON Schema is not valid JSON: \(place): \(error.reason)")
        } catch {
            throw Failure(kind: .syntax, description: "the JSON Schema is not valid JSON: \(file): \(error)")
        }
    }

    /// What a schema that does not compile has wrong, in one line: `#/properties/id/type: …`.
    static func explain(_ error: SchemaCompileError) -> String {
        let location = error.location.firstIndex(of: "#").map { String(error.location[$0...]) } ?? error.location
        switch error.reason {
        case .invalidSchema(let errors):
            let shown = errors.prefix(3).map { "\($0.instanceLocation.pointer.isEmpty ? "#" : "#" + $0.instanceLocation.pointer): \($0.message)" }
            return "not a valid schema: " + shown.joined(separator: "; ") + (errors.count > 3 ? " (and \(errors.count - 3) more)" : "")
        default:
            return error.description.replacingOccurrences(of: error.location, with: location)
        }
    }

    /// What the system says about a file it cannot read, without Foundation's error dump.
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue)).lowercased()
        }
        switch nsError.code {
        case CocoaError.Code.fileReadNoSuchFile.rawValue: return "no such file"
        case CocoaError.Code.fileReadNoPermission.rawValue: return "permission denied"
        default: return nsError.localizedDescription
        }
    }
}

extension SourceLocation {
    /// The place `offset` bytes into `data`, which starts at this place's file's 1:1.
    func moved(to offset: Int, in data: Data) -> SourceLocation {
        let before = data.prefix(offset)
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return SourceLocation(file: file, line: line, column: column)
    }
}
