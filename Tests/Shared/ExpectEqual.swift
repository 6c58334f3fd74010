import Testing

/// `#expect(actual == expected)` as a function. Each `#expect` is a macro the compiler expands
/// and type-checks at its call site, about 0.1 s of CPU apiece in these modules; 4,000 of them
/// were a fifth of a clean build (ImportTests: 109 s of CPU, 60 s once 429 became calls). A
/// failure is reported as `#expect` reports it — both values, at the caller's line.
/// One file, linked into every test module that uses it (Tests/<Module>/ExpectEqual.swift).
func expectEqual<T: Equatable>(_ actual: T, _ expected: T, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual == expected, sourceLocation: sourceLocation)
}
