import CourierWorkspace

/// A `multipart/form-data` body written in a `.http` file: parts between `--BOUNDARY` lines,
/// each with its headers (`Content-Disposition: form-data; name="…"; filename="…"`,
/// `Content-Type`), a blank line, and its content — text, or `< path` for a file.
enum HTTPFileMultipart {
    /// The parts, or nil when the text has no part or a part has no name.
    static func parts(_ lines: [String], boundary: String) -> (parts: [RequestDefinition.Part], notes: [String])? {
        let delimiter = "--" + boundary
        var sections: [[String]] = []
        var current: [String]?
        for line in lines {
            let text = HTTPFileText.trim(line)
            if text == delimiter || text == delimiter + "--" {
                if let current { sections.append(current) }
                current = text == delimiter ? [] : nil
            } else {
                current?.append(line)
            }
        }
        if let current, !current.isEmpty { sections.append(current) }
        guard !sections.isEmpty else { return nil }
        var parts: [RequestDefinition.Part] = []
        var notes: [String] = []
        for section in sections {
            let blank = section.firstIndex { HTTPFileText.trim($0).isEmpty } ?? section.endIndex
            var disposition: [String: String] = [:]
            var contentType: String?
            for header in section[..<blank] {
                guard let colon = header.firstIndex(of: ":") else { return nil }
                let name = HTTPFileText.trim(String(header[..<colon])).lowercased()
                let value = HTTPFileText.trim(String(header[header.index(after: colon)...]))
                if name == "content-disposition" { disposition = parameters(value) }
                if name == "content-type" { contentType = value }
            }
            guard let name = disposition["name"] else { return nil }
            var content = Array(section[min(blank + 1, section.endIndex)...])
            while content.last.map({ HTTPFileText.trim($0).isEmpty }) == true { content.removeLast() }
            if content.count == 1, let reference = HTTPFileBody.fileReference(content[0]) {
                // Without a filename, the file's own name is sent.
                parts.append(RequestDefinition.Part(name: name, file: reference.path, filename: disposition["filename"], contentType: contentType))
            } else {
                if disposition["filename"] != nil {
                    notes.append("part \"\(name)\" has a filename but its content is written in place: it is sent as a field")
                }
                parts.append(RequestDefinition.Part(name: name, value: content.joined(separator: "\n")))
            }
        }
        return parts.isEmpty ? nil : (parts, notes)
    }

    /// `form-data; name="a"; filename="b.txt"` → [name: a, filename: b.txt].
    private static func parameters(_ value: String) -> [String: String] {
        var result: [String: String] = [:]
        for item in value.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1).map { HTTPFileText.trim(String($0)) }
            guard pair.count == 2 else { continue }
            var text = pair[1]
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            result[pair[0].lowercased()] = text
        }
        return result
    }
}
