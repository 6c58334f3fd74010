import Foundation

/// What Courier's fuzz targets exercise, one case each: the libFuzzer executables of `Fuzz/`
/// (`make fuzz`, with AddressSanitizer) hand every input to ``run(_:)``, and
/// `FuzzCorpusTests` replays each committed corpus (`Fuzz/Corpus/<name>`) through it in the
/// ordinary test build. An input may be refused with an error; it may never trap, hang or
/// break the target's own checks (each says what must hold).
public enum FuzzTarget: String, CaseIterable, Sendable {
    case workspace, template, condition, capture, curl, url, json, cookie, token, load

    /// Runs one input through the target; a broken property stops the process
    /// (`preconditionFailure`), which is what libFuzzer and the corpus test catch.
    public func run(_ input: Data) {
        let text = String(decoding: input, as: UTF8.self)
        switch self {
        case .workspace: Self.workspace(text)
        case .template: Self.template(text)
        case .condition: Self.condition(text)
        case .capture: Self.capture(text)
        case .curl: Self.curl(text)
        case .url: Self.url(text)
        case .json: Self.json(input)
        case .cookie: Self.cookie(text)
        case .token: Self.token(input)
        case .load: Self.load(text)
        }
    }
}
