import CourierWorkspace

/// What is wrong with a config file, each at its `file:line:column`, in file order. Reading
/// goes on past a problem, so `courier config check` reports all of them at once.
package struct ConfigProblems: Error, Sendable {
    package private(set) var errors: [WorkspaceError] = []

    package var isEmpty: Bool { errors.isEmpty }

    package init() {}

    mutating func append(_ error: WorkspaceError) {
        errors.append(error)
    }

    mutating func append(_ problems: ConfigProblems) {
        errors += problems.errors
    }

    /// The problems in the order of the file.
    var inFileOrder: ConfigProblems {
        var sorted = self
        sorted.errors.sort { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
        return sorted
    }

    /// Runs `body`, keeping what it throws.
    mutating func collect(_ body: () throws(WorkspaceError) -> Void) {
        do {
            try body()
        } catch {
            errors.append(error)
        }
    }
}
