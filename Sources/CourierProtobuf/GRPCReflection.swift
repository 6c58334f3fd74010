import Courier
import Foundation
import SwiftProtobuf

/// A server's schema read through gRPC server reflection (`grpc.reflection.v1`, or
/// `v1alpha` when the server has only that — as Python's grpcio-reflection): the services it
/// lists, and every file that defines them with the files those import, as a ``ProtoSchema``.
///
/// Reflection is itself a gRPC call (`ServerReflectionInfo`, a bidirectional stream) made
/// through the engine like any other, so it takes the same TLS, client certificate,
/// authentication and deadline as the calls it describes (``settings``). Its few messages are
/// encoded here by hand: both versions share one wire format, and no generated code is needed.
public struct GRPCReflection: Sendable {
    /// Which version of the reflection service answered.
    public enum Version: String, Sendable, Hashable {
        /// `grpc.reflection.v1.ServerReflection`.
        case v1 = "grpc.reflection.v1"
        /// `grpc.reflection.v1alpha.ServerReflection`, the one older servers have.
        case v1alpha = "grpc.reflection.v1alpha"
    }

    /// What reflection found: the services the server lists, the schema that defines them,
    /// and the version that answered.
    public struct Answer: Sendable {
        /// Every service the server lists, as it names them (`package.Service`), sorted.
        public var services: [String]
        /// The files defining them and their imports.
        public var schema: ProtoSchema
        /// The reflection service that answered.
        public var version: Version
        /// Services the server lists but whose files its reflection could not give, each with
        /// its answer (`NOT_FOUND (5): not found`): grpcio lists the reflection service itself
        /// under a name its descriptor pool may lack. The others are described all the same.
        public var unresolved: [String: String]
    }

    /// Why reflection could not give a schema.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, in a sentence that names the server.
        public var description: String
    }

    /// The server: `http://host:port` (HTTP/2 with prior knowledge) or `https://host:port`.
    public var target: String
    /// The settings each reflection call starts from (TLS, a client certificate, headers,
    /// authentication, a timeout); its URL and ``RequestSettings/grpc`` are set per call.
    public var settings: RequestSettings
    /// The agent that sends the calls; nil: each call's own default.
    public var agent: NetworkAgent?

    /// Reflection of the server at `target`, with `settings` for every call it makes.
    public init(target: String, settings: RequestSettings = RequestSettings(), agent: NetworkAgent? = nil) {
        self.target = target.hasSuffix("/") ? String(target.dropLast()) : target
        self.settings = settings
        self.agent = agent
    }

    /// The server's services and the schema of all of them. Tries `v1`, then `v1alpha` when
    /// the server does not implement `v1`; follows imports the server did not send at once,
    /// asking for each file by name (at most 32 rounds).
    public func answer() async throws(Failure) -> Answer {
        var version = Version.v1
        var listing: [ReflectionResponse]
        do {
            // Asked once: a server with v1 reads the question before it answers, so an early
            // close here means no v1 (see exchange), and asking again would only repeat it.
            listing = try await ask([.listServices], version: version)
        } catch let failure as CallFailure where failure.status?.code == .unimplemented || failure.isEarlyClose {
            version = .v1alpha
            do { listing = try await exchange([.listServices], version: version) } catch let failure as CallFailure {
                throw Failure(description: "\(target) has no server reflection: \(failure.text) (neither grpc.reflection.v1 nor v1alpha)")
            } catch { throw Failure(description: "\(error)") }
        } catch let failure as CallFailure {
            throw Failure(description: "server reflection at \(target) failed: \(failure.text)")
        } catch { throw Failure(description: "\(error)") }
        guard let services = listing.first?.services else {
            throw Failure(description: "\(target)'s reflection did not list its services: \(listing.first?.errorText ?? "no answer")")
        }
        var files: [String: Google_Protobuf_FileDescriptorProto] = [:]
        var order: [String] = []
        var unresolved: [String: String] = [:]
        func take(_ responses: [ReflectionResponse], asked: [ReflectionRequest]) throws(Failure) {
            for (index, response) in zip(asked.indices, responses) {
                if let error = response.errorText {
                    guard case .fileContainingSymbol(let service) = asked[index] else {
                        throw Failure(description: "\(target)'s reflection could not answer \(asked[index]): \(error)")
                    }
                    unresolved[service] = error
                    continue
                }
                for bytes in response.files {
                    guard let file = try? Google_Protobuf_FileDescriptorProto(serializedBytes: bytes) else {
                        throw Failure(description: "\(target)'s reflection sent bytes that are not a file descriptor")
                    }
                    if files[file.name] == nil { order.append(file.name) }
                    files[file.name] = file
                }
            }
        }
        var questions = services.map { ReflectionRequest.fileContainingSymbol($0) }
        for _ in 0..<32 where !questions.isEmpty {
            let responses: [ReflectionResponse]
            do { responses = try await exchange(questions, version: version) } catch let failure as CallFailure {
                throw Failure(description: "server reflection at \(target) failed: \(failure.text)")
            } catch { throw Failure(description: "\(error)") }
            try take(responses, asked: questions)
            let missing = Set(files.values.flatMap(\.dependency)).subtracting(files.keys)
            questions = missing.sorted().map { .fileByFilename($0) }
        }
        do {
            return Answer(services: services.sorted(), schema: try ProtoSchema(files: order.compactMap { files[$0] }),
                          version: version, unresolved: unresolved)
        } catch {
            throw Failure(description: "\(target)'s reflection gave an incomplete schema: \(error)")
        }
    }

    /// A reflection call that failed as a call (its status, or the request's error).
    private struct CallFailure: Error {
        var status: GRPCStatus?
        var text: String
        var curlCode: Int?

        /// The server closed the stream before the request's body went out, and libcurl 7.88
        /// lost its answer (``GRPCStatus/answerLost``; see ``GRPCReflection/exchange(_:version:)``).
        var isEarlyClose: Bool { status == .answerLost || (status == nil && curlCode == 92) }
    }

    /// ``ask(_:version:)``, asked again (at most three times in all) when the server closed
    /// the stream before libcurl sent the questions: libcurl 7.88 then reports an HTTP/2 stream
    /// error (curl 92) and drops the server's answer — a server that answers without reading,
    /// as grpcio does for a service it lacks (the v1 probe), races its own answer against the
    /// request's body. Reflection only reads, so asking again is safe.
    private func exchange(_ questions: [ReflectionRequest], version: Version) async throws -> [ReflectionResponse] {
        for _ in 1..<3 {
            do { return try await ask(questions, version: version) } catch let failure as CallFailure where failure.isEarlyClose {
                continue
            }
        }
        return try await ask(questions, version: version)
    }

    /// One `ServerReflectionInfo` call asking `questions` together: one answer each, in order.
    private func ask(_ questions: [ReflectionRequest], version: Version) async throws -> [ReflectionResponse] {
        var definition = settings
        definition.requestURL = target + "/\(version.rawValue).ServerReflection/ServerReflectionInfo"
        var call = definition.grpc ?? GRPCCallSettings()
        call.messages = questions.map(\.encoded)
        call.keepsSending = false
        definition.grpc = call
        let request = ConfigurableRequest(definition)
        // What a user interface names the call by (In flight, the status line).
        request.hudText = "gRPC reflection (\(version.rawValue))"
        if let agent { request.agent = agent }
        do {
            try await request.run()
        } catch {
            let curlCode = request.error?.curlCode
            var text = request.grpcStatus?.description ?? "\(request.error.map { "\($0)" } ?? "\(error)")"
            if request.grpcStatus == .answerLost || curlCode == 92 {
                text = "the server closed the call before reading it, and libcurl dropped its answer "
                    + "(most likely UNIMPLEMENTED, or a refused authentication)"
            }
            throw CallFailure(status: request.grpcStatus, text: text, curlCode: curlCode)
        }
        let answers = try request.grpcMessages.map { data throws(Failure) in
            do throws(ProtoWireError) { return try ReflectionResponse(Array(data)) } catch {
                throw Failure(description: "\(target)'s reflection answered with a message that is not one (\(error))")
            }
        }
        guard answers.count == questions.count else {
            throw Failure(description: "\(target)'s reflection answered \(answers.count) of \(questions.count) questions")
        }
        return answers
    }
}

/// A `ServerReflectionRequest` this client asks (fields 3, 4 and 7 of both versions).
enum ReflectionRequest: Sendable, CustomStringConvertible {
    case listServices
    case fileContainingSymbol(String)
    case fileByFilename(String)

    var encoded: Data {
        var writer = ProtoWireWriter()
        let (number, text): (Int, String) = switch self {
        case .listServices: (7, "*")
        case .fileContainingSymbol(let symbol): (4, symbol)
        case .fileByFilename(let name): (3, name)
        }
        writer.tag(number, .lengthDelimited)
        writer.lengthDelimited(Array(text.utf8))
        return Data(writer.bytes)
    }

    var description: String {
        switch self {
        case .listServices: "the list of services"
        case .fileContainingSymbol(let symbol): "the file defining \(symbol)"
        case .fileByFilename(let name): "the file \(name)"
        }
    }
}

/// The parts of a `ServerReflectionResponse` this client reads: listed services (field 6),
/// serialized file descriptors (field 4) and an error (field 7).
struct ReflectionResponse: Sendable {
    var services: [String]?
    var files: [Data] = []
    var errorText: String?

    init(_ bytes: [UInt8]) throws(ProtoWireError) {
        var reader = ProtoWireReader(bytes)
        while !reader.isAtEnd {
            let tag = try reader.tag()
            guard tag.type == .lengthDelimited, [4, 6, 7].contains(tag.number) else {
                _ = try reader.skip(tag.type, number: tag.number)
                continue
            }
            let range = try reader.lengthDelimited()
            switch tag.number {
            case 4: files += try Self.repeatedBytes(bytes, range, field: 1).map { Data(bytes[$0]) }
            case 6:
                var names: [String] = []
                for service in try Self.repeatedBytes(bytes, range, field: 1) {
                    names += try Self.repeatedBytes(bytes, service, field: 1).map { String(decoding: bytes[$0], as: UTF8.self) }
                }
                services = (services ?? []) + names
            default: errorText = try Self.error(bytes, range)
            }
        }
    }

    /// The ranges of every length-delimited field `field` inside `range`.
    private static func repeatedBytes(_ bytes: [UInt8], _ range: Range<Int>, field: Int) throws(ProtoWireError) -> [Range<Int>] {
        var reader = ProtoWireReader(bytes, range: range), found: [Range<Int>] = []
        while !reader.isAtEnd {
            let tag = try reader.tag()
            if tag.number == field, tag.type == .lengthDelimited { found.append(try reader.lengthDelimited()) } else {
                _ = try reader.skip(tag.type, number: tag.number)
            }
        }
        return found
    }

    /// `ErrorResponse {int32 error_code = 1; string error_message = 2}` as `NOT_FOUND (5): …`.
    private static func error(_ bytes: [UInt8], _ range: Range<Int>) throws(ProtoWireError) -> String {
        var reader = ProtoWireReader(bytes, range: range), code = 0, message = ""
        while !reader.isAtEnd {
            let tag = try reader.tag()
            switch (tag.number, tag.type) {
            case (1, .varint): code = Int(truncatingIfNeeded: try reader.varint())
            case (2, .lengthDelimited): message = String(decoding: bytes[try reader.lengthDelimited()], as: UTF8.self)
            default: _ = try reader.skip(tag.type, number: tag.number)
            }
        }
        let status = GRPCStatus(code: GRPCStatusCode(rawValue: code) ?? .unknown, message: message)
        return status.description
    }
}
