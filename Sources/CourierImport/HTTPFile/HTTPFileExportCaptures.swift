import CourierWorkspace

/// A workspace's chain captures as REST Client request variables: `token` captured as
/// `$.token` from `login` is `{{login.response.body.$.token}}`, `header:X-Id` is
/// `{{login.response.headers.X-Id}}` and `body` is `{{login.response.body.*}}`. A status
/// capture, or one from a request left out of the export, has no such form: a comment says
/// where it comes from. Conditions and parallel steps are reported as not carried over.
struct HTTPFileExportCaptures {
    private struct Source {
        var chain: String
        var request: String
        var capture: Capture.Source
    }

    /// The first capture of each variable, in chain order.
    private var sources: [String: Source] = [:]
    private let exported: Set<String>
    private let restNames: [String: String]
    /// Chains whose conditions or parallel steps a `.http` file cannot hold.
    private(set) var notCarried: [String] = []

    init(workspace: Workspace, exported: Set<String>, restNames: [String: String]) {
        self.exported = exported
        self.restNames = restNames
        for name in workspace.chainNames {
            let chain = workspace.chains[name]!
            var involved = false
            for step in chain.steps {
                for item in step.items {
                    involved = involved || exported.contains(item.request.name)
                    for capture in item.captures where sources[capture.variable] == nil {
                        sources[capture.variable] = Source(chain: name, request: item.request.name, capture: capture.source)
                    }
                }
            }
            var lost: [String] = []
            if chain.steps.contains(where: { !$0.conditions.isEmpty }) { lost.append("conditions (when)") }
            if chain.steps.contains(where: \.isParallel) { lost.append("parallel steps") }
            if involved, !lost.isEmpty { notCarried.append("chain \(name): \(lost.joined(separator: " and ")); its requests are run one by one") }
        }
    }

    /// The REST Client reference that gives `variable`'s value, if a chain captures it from an
    /// exported request in a form REST Client can read.
    func reference(for variable: String) -> String? {
        guard let source = sources[variable], exported.contains(source.request), let name = restNames[source.request] else { return nil }
        switch source.capture {
        case .json(let path): return "{{\(name).response.body.\(path.description)}}"
        case .header(let header): return "{{\(name).response.headers.\(header)}}"
        case .body: return "{{\(name).response.body.*}}"
        case .status: return nil
        }
    }

    /// Where a capture without a REST Client reference comes from.
    func comment(for variable: String) -> String? {
        guard let source = sources[variable] else { return nil }
        if case .status = source.capture {
            return "{{\(variable)}} is the status of \(source.request) in chain \(source.chain); a .http file cannot capture a status."
        }
        return "{{\(variable)}} is captured from \(source.request) in chain \(source.chain), which is not exported."
    }
}
