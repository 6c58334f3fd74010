import Courier
import CourierFormat
import CourierFormatCore

extension HUDSettings {
    /// The text as a status line may show it: placeholders filled in from `scope` (left as
    /// written while one has no value yet, such as a capture of a later step) and the scope's
    /// secrets hidden. Nil without a `hud:`.
    package func shownText(in scope: VariableScope) -> String? {
        guard let text else { return nil }
        return scope.redact((try? scope.render(text)) ?? text)
    }

    /// Puts these settings on a batch or chain of `requests`; a quiet group's requests are
    /// quiet too, so that none of its failures makes a toast.
    func present(_ group: RequestGroup, of requests: [WorkspaceRequest], scope: VariableScope) {
        group.hudText = shownText(in: scope)
        group.quietErrors = quietErrors
        if quietErrors { requests.forEach { $0.quietErrors = true } }
    }
}
