import CourierWorkspace

/// The chain that runs the requests whose responses others use (REST Client's request
/// variables, JetBrains' `client.global.set`) before the requests that use them.
enum HTTPFileChains {
    /// One chain named `name` holding every request that provides or uses a capture, providers
    /// first (file order otherwise), each step with its captures; nil when there are none.
    ///
    /// - Parameters:
    ///   - requests: the workspace's request names, in file order.
    ///   - uses: for each request, the variable names it uses (through other variables too).
    ///   - captures: what each providing request captures.
    static func chain(named name: String, requests: [String], uses: [String: Set<String>],
                      captures: [HTTPFilePlaceholders.Capture]) -> (chain: ImportedWorkspace.Chain, notes: [String])? {
        guard !captures.isEmpty else { return nil }
        let position = Dictionary(uniqueKeysWithValues: requests.enumerated().map { ($0.element, $0.offset) })
        var providers: [String: [String]] = [:]
        for capture in captures where !(providers[capture.variable]?.contains(capture.request) ?? false) {
            providers[capture.variable, default: []].append(capture.request)
        }
        // Each use depends on the nearest provider above it (JetBrains' globals are set by the
        // last request run), or the first one when none is above.
        var dependencies: [String: Set<String>] = [:]
        for request in requests {
            for variable in uses[request] ?? [] {
                guard let candidates = providers[variable]?.filter({ $0 != request }), !candidates.isEmpty else { continue }
                let above = candidates.filter { position[$0]! < position[request]! }
                dependencies[request, default: []].insert(above.last ?? candidates[0])
            }
        }
        var members = Set(captures.map(\.request))
        for (request, needed) in dependencies {
            members.insert(request)
            members.formUnion(needed)
        }
        // Providers before users; among the ready ones, file order.
        var order: [String] = []
        var remaining = requests.filter { members.contains($0) }
        var notes: [String] = []
        while !remaining.isEmpty {
            let ready = remaining.firstIndex { request in
                (dependencies[request] ?? []).allSatisfy { order.contains($0) }
            }
            if let ready {
                order.append(remaining.remove(at: ready))
            } else {
                notes.append("requests \(remaining.joined(separator: ", ")) use each other's responses in a cycle; the chain runs them in file order")
                order += remaining
                remaining = []
            }
        }
        let steps = order.map { request in
            var seen = Set<String>()
            let stepCaptures = captures.filter { $0.request == request && seen.insert($0.variable).inserted }
            return ImportedWorkspace.Chain.Step(request: request, captures: stepCaptures.map { ($0.variable, $0.source) })
        }
        let comment = "requests whose responses later requests use run first; run them with: courier run FILE \(name)"
        return (ImportedWorkspace.Chain(name: name, steps: steps, comments: [comment]), notes)
    }
}
