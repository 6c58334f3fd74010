#if GRPC
import ArgumentParser
import Courier
import CourierProtobuf
import Foundation

/// `courier grpc list|describe`: a gRPC server's services, methods and messages, from its
/// server reflection or from `.proto` files or a descriptor set (grpcurl's list and describe).
struct GRPCCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grpc",
        abstract: "List and describe a gRPC server's services, from reflection or .proto files.",
        discussion: """
            TARGET is the server: http://HOST:PORT for HTTP/2 without TLS (prior knowledge), \
            https://HOST:PORT, or HOST:PORT (TLS; --plaintext for none). Without --proto or \
            --descriptor-set the schema comes from the server's reflection service \
            (grpc.reflection.v1, or v1alpha); with one of them no TARGET is needed.
            """,
        subcommands: [List.self, Describe.self]
    )

    /// Where the schema comes from, and how to reach the server.
    struct Source: ParsableArguments {
        @Option(name: .customLong("proto"), help: ArgumentHelp("A .proto file (repeatable); compiled with protoc and its imports.", valueName: "file"),
                completion: .file(extensions: ["proto"]))
        var protoFiles: [String] = []
        @Option(name: [.customShort("I"), .customLong("import-path")],
                help: ArgumentHelp("A folder protoc looks for imports in (repeatable; default: each file's folder).", valueName: "dir"),
                completion: .directory)
        var importPaths: [String] = []
        @Option(help: ArgumentHelp("A descriptor set file (protoc --include_imports --descriptor_set_out).", valueName: "file"),
                completion: .file())
        var descriptorSet: String?
        @Option(name: [.customShort("H"), .customLong("header")],
                help: ArgumentHelp("Metadata sent with reflection, 'key: value' (repeatable; a -bin key's value in base64).", valueName: "header"))
        var headers: [String] = []
        @Flag(help: "HOST:PORT without TLS (HTTP/2 with prior knowledge).") var plaintext = false
        @Option(help: ArgumentHelp("Trust this CA file (PEM) for the server's certificate.", valueName: "file"), completion: .file())
        var cacert: String?
        @Option(help: ArgumentHelp("A client certificate (PEM), with --key.", valueName: "file"), completion: .file()) var cert: String?
        @Option(help: ArgumentHelp("The client certificate's private key (PEM).", valueName: "file"), completion: .file()) var key: String?
        @Flag(name: [.customShort("k"), .customLong("insecure")], help: "Do not verify the server's certificate.") var insecure = false
        @Option(help: ArgumentHelp("Seconds each reflection call may take.", valueName: "seconds")) var timeout: Double = 10

        var usesFiles: Bool { !protoFiles.isEmpty || descriptorSet != nil }

        /// `TARGET` as a URL: a scheme kept, `HOST:PORT` given https (or http with --plaintext).
        func url(_ target: String) -> String {
            target.contains("://") ? target : (plaintext ? "http://" : "https://") + target
        }

        /// The schema, the services to list (reflection's listing, or every service of the
        /// files), and the listed services reflection could not give the files of, with why.
        func load(target: String?) async throws -> (schema: ProtoSchema, services: [String], unresolved: [String: String]) {
            if let descriptorSet {
                do {
                    let schema = try ProtoSchema(descriptorSet: try Data(contentsOf: URL(fileURLWithPath: descriptorSet)))
                    return (schema, schema.serviceNames, [:])
                } catch let problem as ProtoSchema.Problem {
                    fail("\(descriptorSet): \(problem)")
                } catch {
                    fail("\(descriptorSet): cannot read it (\(error.localizedDescription))")
                }
            }
            if !protoFiles.isEmpty {
                guard let compiler = ProtoCompiler.find() else {
                    fail("no protoc on PATH to compile \(protoFiles.joined(separator: " ")) "
                         + "(apt-get install protobuf-compiler, or COURIER_PROTOC=/path/to/protoc)")
                }
                do {
                    let schema = try await compiler.schema(files: protoFiles, importPaths: importPaths)
                    return (schema, schema.serviceNames, [:])
                } catch { fail(error.description) }
            }
            guard let target else { fail("give a TARGET (the server, for its reflection), or --proto or --descriptor-set") }
            let reflection = GRPCReflection(target: url(target), settings: try settings())
            do {
                let answer = try await reflection.answer()
                return (answer.schema, answer.services, answer.unresolved)
            } catch { fail(error.description) }
        }

        /// The settings reflection's calls start from: TLS, the client certificate, metadata, the timeout.
        func settings() throws -> RequestSettings {
            var settings = RequestSettings()
            settings.timeoutInterval = timeout
            var tls = insecure ? TLSPolicy.insecure : TLSPolicy()
            tls.caFile = cacert
            if let cert { tls.clientCertificate = ClientCertificate(certificateFile: cert, keyFile: key) }
            settings.tlsPolicy = tls
            var metadata: [GRPCMetadataEntry] = []
            for header in headers {
                guard let colon = header.firstIndex(of: ":") else { fail("--header \(header): expected 'key: value'") }
                let key = header[..<colon].trimmingCharacters(in: .whitespaces)
                let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if key.lowercased().hasSuffix("-bin") {
                    guard let bytes = GRPCMetadata.decodedBinary(value) else { fail("--header \(key): a -bin value is base64") }
                    metadata.append(GRPCMetadataEntry(key: key, value: bytes))
                } else {
                    metadata.append(GRPCMetadataEntry(key: key, text: value))
                }
            }
            settings.grpc = GRPCCallSettings(metadata: metadata)
            return settings
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "The server's services, or one service's methods.",
            usage: "courier grpc list [TARGET] [SERVICE] [--proto FILE …] [<options>]")
        @Argument(help: ArgumentHelp("The server, then a service to list the methods of.", valueName: "target-or-service"))
        var words: [String] = []
        @OptionGroup var source: Source

        func run() async throws {
            let (target, symbol) = targetAndSymbol(words, usesFiles: source.usesFiles)
            let (schema, services, unresolved) = try await source.load(target: target)
            guard let symbol else {
                services.forEach(printLine)
                return
            }
            if let reason = unresolved[symbol] { fail("the server's reflection lists \(symbol) but cannot give its file: \(reason)") }
            guard let methods = schema.methodNames(ofService: symbol) else {
                fail("no service \(symbol); the services: \(services.joined(separator: ", "))")
            }
            methods.forEach(printLine)
        }
    }

    struct Describe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "describe",
            abstract: "A service, method, message or enum, as .proto text (every service without SYMBOL).",
            usage: "courier grpc describe [TARGET] [SYMBOL] [--proto FILE …] [<options>]")
        @Argument(help: ArgumentHelp("The server, then the symbol: package.Service, package.Service.Method, package.Message.",
                                     valueName: "target-or-symbol"))
        var words: [String] = []
        @OptionGroup var source: Source

        func run() async throws {
            let (target, symbol) = targetAndSymbol(words, usesFiles: source.usesFiles)
            let (schema, services, unresolved) = try await source.load(target: target)
            let symbols = symbol.map { [$0] } ?? services
            var texts: [String] = []
            for name in symbols {
                if let reason = unresolved[name] {
                    if symbol != nil { fail("the server's reflection lists \(name) but cannot give its file: \(reason)") }
                    texts.append("// \(name): listed, but the server's reflection cannot give its file (\(reason))")
                    continue
                }
                guard let text = schema.describe(name) else {
                    fail("no service, method, message or enum \(name) in the schema; the services: \(services.joined(separator: ", "))")
                }
                texts.append(text)
            }
            texts.joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false).forEach { printLine(String($0)) }
        }
    }
}

/// The positional words as TARGET then SYMBOL: a first word that names a server (a scheme, or
/// `HOST:PORT`) is the target; with schema files and no such word, the first word is the symbol.
private func targetAndSymbol(_ words: [String], usesFiles: Bool) -> (target: String?, symbol: String?) {
    guard words.count <= 2 else { fail("expected at most TARGET and one name, got \(words.joined(separator: " "))") }
    guard let first = words.first else { return (nil, nil) }
    let looksLikeServer = first.contains("://") || first.contains(":")
    if usesFiles, !looksLikeServer {
        guard words.count == 1 else { fail("\(first) is not a server (http://HOST:PORT or HOST:PORT)") }
        return (nil, first)
    }
    return (first, words.dropFirst().first)
}

/// Prints `message` as `courier grpc: …` on standard error and exits with status 1.
private func fail(_ message: String) -> Never {
    for (index, line) in message.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        printError((index == 0 ? "courier grpc: " : "  ") + line)
    }
    exit(1)
}
#endif
