import Foundation

/// A page of docs/ whose examples tests run as written: its fenced blocks by language, and a
/// console line split into words as a shell would.
struct DocumentationPage {
    let path: String

    /// `docs/NAME.md` of the package.
    init(_ name: String) {
        path = EndToEndTests.root + "/docs/" + name
    }

    /// The fenced blocks of `language` in the page, in order, each as its lines.
    func blocks(_ language: String) throws -> [[String]] {
        var found: [[String]] = []
        var current: [String]?
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```" + language {
                current = []
            } else if current != nil, line == "```" {
                found.append(current!)
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return found
    }

    /// A console block's commands (`$ …` lines, without the prompt), each with the lines it prints.
    static func commands(in block: [String]) -> [(command: String, output: [String])] {
        var commands: [(command: String, output: [String])] = []
        for line in block {
            if line.hasPrefix("$ ") {
                commands.append((String(line.dropFirst(2)), []))
            } else if !commands.isEmpty {
                commands[commands.count - 1].output.append(line)
            }
        }
        return commands
    }

    /// A command line split as a shell would: words, single-quoted text.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if character == " ", !quoted {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
