import Foundation
import Testing

/// The examples' copies in ReadmeExampleTests are the documents' text.
@Suite struct DocumentExampleCopyTests {
    static let documents = ["docs/library.md", "docs/engine.md"]

    @Test func everyExampleHasACopyAndEveryCopyIsAnExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = try DocumentExamples.testSources(under: root.appendingPathComponent("Tests"))
        for document in Self.documents {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            let examples = DocumentExamples.swiftBlocks(in: text)
            #expect(!examples.isEmpty, "\(document) has Swift examples")
            let copies = sources.flatMap { source in
                DocumentExamples.copies(of: document, in: source.text).map { (file: source.path, text: $0) }
            }
            for example in examples {
                let matching = copies.filter { $0.text == example.body }
                #expect(!matching.isEmpty, "no test runs this example of \(document):\n\(example.body)")
                for copy in matching {
                    let sourceLines = Set(sources.first { $0.path == copy.file }?.text.split(separator: "\n").map(String.init) ?? [])
                    for line in example.imports {
                        #expect(sourceLines.contains(line), "\(copy.file) runs an example of \(document) without `\(line)`")
                    }
                }
            }
            for copy in copies where !examples.contains(where: { $0.body == copy.text }) {
                Issue.record("\(copy.file) has a copy that is no example of \(document):\n\(copy.text)")
            }
        }
    }

    @Test func blocksAndCopiesAreReadAsWritten() {
        let markdown = """
        Text
        ```swift
        import Courier

        let a = 1
        ```
        ```sh
        ls
        ```
        ```swift
        print(a)
        ```
        """
        let blocks = DocumentExamples.swiftBlocks(in: markdown)
        expectEqual(blocks.map(\.body), ["let a = 1", "print(a)"])
        expectEqual(blocks.map(\.imports), [["import Courier"], []])
        let (begin, end) = ("// begin", "// end")  // spelled apart, so that this is no copy itself
        let source = """
            func f() {
                \(begin) README.md
                if true {
                    print(1)

                }
                \(end) README.md
                \(begin) docs/engine.md
                x()
                \(end) docs/engine.md
            }
        """
        #expect(DocumentExamples.copies(of: "README.md", in: source) == ["if true {\n    print(1)\n\n}"])
        expectEqual(DocumentExamples.copies(of: "docs/engine.md", in: source), ["x()"])
    }
}

/// Reads the Swift examples of a Markdown document and their copies in test sources.
enum DocumentExamples {
    struct Example: Equatable {
        /// The `import` lines the example opens with (after a manifest's `// swift-tools-version`
        /// line), which a test file has at its top.
        var imports: [String]
        /// The rest of the example.
        var body: String
    }

    /// The ```swift blocks of `markdown`, each without its opening imports and the blank line
    /// after them.
    static func swiftBlocks(in markdown: String) -> [Example] {
        var examples: [Example] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var lines = current {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    var imports: [String] = []
                    while let first = lines.first, first.hasPrefix("import ") || first.hasPrefix("// swift-tools-version") {
                        imports.append(lines.removeFirst())
                    }
                    if !imports.isEmpty, lines.first?.isEmpty == true { lines.removeFirst() }
                    examples.append(Example(imports: imports, body: lines.joined(separator: "\n")))
                    current = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            }
        }
        return examples
    }

    /// The text between `// begin DOCUMENT` and `// end DOCUMENT` lines of `source`, with the
    /// indentation the lines share removed.
    static func copies(of document: String, in source: String) -> [String] {
        var copies: [String] = []
        var current: [String]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let marker = line.trimmingCharacters(in: .whitespaces)
            if marker == "// begin \(document)" {
                current = []
            } else if marker == "// end \(document)", let lines = current {
                copies.append(dedent(lines))
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return copies
    }

    /// Every Swift file under `directory`, with its path relative to the repository.
    static func testSources(under directory: URL) throws -> [(path: String, text: String)] {
        guard let files = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return try files.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            ("Tests/" + path, try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8))
        }
    }

    private static func dedent(_ lines: [String]) -> String {
        let blank = { (line: String) in line.allSatisfy { $0 == " " } }
        let indent = lines.filter { !blank($0) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { blank($0) ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }
}
