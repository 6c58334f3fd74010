import CourierChecks
import CourierFormatCore
/// A name written in the file that refers to a request or a batch.
public struct Reference: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation
}

/// `batches.<name>`: requests started together; a batch may include another batch's requests
/// and send a request several times (see ``BatchItem``).
public struct BatchDefinition: Sendable {
    public var name: String
    public var location: SourceLocation
    /// Request or batch names and repeated requests, in order.
    public var items: [BatchItem]
    /// Run every request even after one fails, and report each failure.
    public var continueOnFailure: Bool
    /// `hud:` and `quietErrors:` — the workbench's status line and toasts.
    package var hud = HUDSettings()

    static let keys = ["requests", "continueOnFailure", "description"] + HUDSettings.keys

    init(name: String, yaml: YAMLValue, templates: inout [TemplateUse]) throws(WorkspaceError) {
        self.name = name
        location = yaml.location
        if case .sequence = yaml.node {
            items = try yaml.list().map { item throws(WorkspaceError) in try BatchItem(yaml: item) }
            continueOnFailure = false
            return
        }
        let map = try yaml.mapping(allowed: Self.keys, expected: "a batch: {requests: [names], continueOnFailure}")
        items = try map.required("requests").list(expected: "a list of request names").map { item throws(WorkspaceError) in
            try BatchItem(yaml: item)
        }
        continueOnFailure = try map["continueOnFailure"]?.bool() ?? false
        hud = try HUDSettings(map, templates: &templates)
    }
}

/// `chains.<name>`: steps run one after another; see ``ChainStepDefinition``. With `each:`
/// the chain runs once per row, the row's values as variables (``DataRows``).
public struct ChainDefinition: Sendable {
    public var name: String
    public var location: SourceLocation
    public var steps: [ChainStepDefinition]
    /// `each:`: one run of the chain per row.
    package var each: DataRows?
    /// The TUI pauses before each step by default.
    public var stepMode: Bool
    /// `hud:` and `quietErrors:` — the workbench's status line and toasts.
    package var hud = HUDSettings()

    static let keys = ["steps", "stepMode", "each", "description"] + HUDSettings.keys

    init(name: String, yaml: YAMLValue, templates: inout [TemplateUse]) throws(WorkspaceError) {
        self.name = name
        location = yaml.location
        let map = try yaml.mapping(allowed: Self.keys, expected: "a chain: {steps: [...], stepMode}")
        each = try map["each"].map { rows throws(WorkspaceError) in try DataRows(yaml: rows) }
        steps = try map.required("steps").list(expected: "a list of steps").map { item throws(WorkspaceError) in
            try ChainStepDefinition(yaml: item)
        }
        stepMode = try map["stepMode"]?.bool() ?? false
        hud = try HUDSettings(map, templates: &templates)
    }

    /// Every capture the chain declares.
    package var captures: [Capture] { steps.flatMap { $0.items.flatMap(\.captures) } }
}

/// One step of a chain: a request, or a `parallel` group of requests, each with optional
/// captures; `when` conditions (all must hold) decide whether the step runs, and `repeat`
/// sends a one-request step again until a condition holds (``StepRepeat``).
///
/// ```yaml
/// - request: login
///   capture: {token: $.token}
/// - parallel: [profile, {request: orders, capture: {orderId: $.orders[0].id}}]
/// - request: checkout
///   when: orderId exists
/// ```
public struct ChainStepDefinition: Sendable {
    /// A request of the step, what to capture from its response, and what the step expects
    /// of it (besides the request's own `expect:`).
    public struct Item: Sendable {
        public var request: Reference
        package var captures: [Capture]
        package var expectations: [Expectation] = []
    }

    public var items: [Item]
    public var isParallel: Bool
    package var conditions: [Condition]
    /// `repeat:`, on a step with one request.
    public var repetition: StepRepeat?
    public var title: String?
    public var location: SourceLocation

    static let keys = ["request", "parallel", "capture", "expect", "when", "repeat", "title"]

    init(yaml: YAMLValue) throws(WorkspaceError) {
        location = yaml.location
        if case .scalar = yaml.node {
            items = [Item(request: Reference(name: try yaml.string(), location: yaml.location), captures: [])]
            isParallel = false
            conditions = []
            return
        }
        let map = try yaml.mapping(allowed: Self.keys, expected: "a step: a request name, {request: …} or {parallel: […]}")
        title = try map["title"]?.string()
        conditions = []
        if let when = map["when"] {
            let texts = if case .sequence = when.node { try when.list() } else { [when] }
            for text in texts { conditions.append(try Condition(yaml: text)) }
        }
        switch (map["request"], map["parallel"]) {
        case (let request?, nil):
            items = [try Self.item(request: request, capture: map["capture"], expect: map["expect"])]
            isParallel = false
        case (nil, let parallel?):
            if map["capture"] != nil || map["expect"] != nil {
                throw map.owner.error(.invalidValue, "in a parallel step, put capture and expect under each request: {request: NAME, capture: {…}, expect: […]}")
            }
            items = try parallel.list(expected: "a list of requests").map { entry throws(WorkspaceError) in
                if case .scalar = entry.node { return try Self.item(request: entry, capture: nil, expect: nil) }
                let fields = try entry.mapping(allowed: ["request", "capture", "expect"])
                return try Self.item(request: fields.required("request"), capture: fields["capture"], expect: fields["expect"])
            }
            isParallel = true
        case (nil, nil):
            throw yaml.error(.missingKey, "a step needs request or parallel")
        default:
            throw yaml.error(.invalidValue, "a step has either request or parallel, not both")
        }
        if let repetition = map["repeat"] {
            if isParallel { throw repetition.error(.invalidValue, "repeat: sends one request again; a parallel step cannot repeat") }
            self.repetition = try StepRepeat(yaml: repetition)
        }
    }

    private static func item(request: YAMLValue, capture: YAMLValue?, expect: YAMLValue?) throws(WorkspaceError) -> Item {
        let reference = Reference(name: try request.string(expected: "a request name"), location: request.location)
        var captures: [Capture] = []
        for entry in try capture?.mapping(expected: "a mapping of variable names to sources").entries ?? [] {
            captures.append(Capture(variable: entry.name, source: try Capture.source(entry.value), location: entry.key.location))
        }
        return Item(request: reference, captures: captures, expectations: try expect.map(Expectation.list) ?? [])
    }
}
