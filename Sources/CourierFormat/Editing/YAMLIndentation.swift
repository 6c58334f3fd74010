import Yams

/// Moving a YAML snippet (a request's block) to the indentation of the file it goes into.
enum YAMLIndentation {
    /// `yaml` with its first line at `indentation` and each nesting level `step` further in,
    /// ending with a newline. When scaling the snippet's own step would change what it says
    /// (a block scalar's lines, uneven indentation), its lines are only shifted.
    static func reindent(_ yaml: String, to indentation: Int, step: Int) -> String {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let indents = lines.map { line in line.allSatisfy { $0 == " " } ? nil : line.prefix { $0 == " " }.count }
        guard let base = indents.compactMap({ $0 }).first else { return yaml }
        func written(_ newIndent: (Int) -> Int) -> String {
            let moved = zip(lines, indents).map { line, indent in
                indent.map { String(repeating: " ", count: max(0, newIndent($0))) + line.dropFirst($0) } ?? ""
            }
            var text = moved.joined(separator: "\n")
            while text.hasSuffix("\n") { text.removeLast() }
            return text + "\n"
        }
        let shifted = written { $0 - base + indentation }
        // The snippet's own step: how much further in than its first line its nested lines are.
        guard let inner = indents.compactMap({ $0 }).filter({ $0 > base }).min().map({ $0 - base }), inner != step,
              indents.allSatisfy({ indent in indent.map { $0 >= base && ($0 - base) % inner == 0 } ?? true }) else {
            return shifted
        }
        let scaled = written { ($0 - base) / inner * step + indentation }
        let same = (try? Yams.compose(yaml: scaled)) == (try? Yams.compose(yaml: shifted))
        return same ? scaled : shifted
    }
}
