import CourierWorkspace
import Foundation

/// A line to type: Enter hands it to the shell (``PaneWork/submit(_:text:)``), which does
/// what the prompt asked for or refuses with a reason shown under the line.
final class PromptOverlay: Overlay {
    private(set) var prompt: Prompt

    init(_ prompt: Prompt) {
        self.prompt = prompt
    }

    var scope: KeyMap.Scope { .typing }
    var isTyping: Bool { true }

    /// The shell could not do it: the prompt stays open and says why.
    func refuse(_ reason: String) {
        prompt.error = reason
    }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] { [] }

    func type(_ key: Key, context: PaneContext) -> [PaneWork] {
        switch prompt.editor.handle(key) {
        case .committed: return [.submit(prompt.purpose, text: prompt.editor.text.trimmingCharacters(in: .whitespaces))]
        case .cancelled: return [.close]
        case .editing, .passed:
            prompt.error = nil
            return []
        }
    }

    func render(context: PaneContext) -> PaneRender {
        let preferred = 70
        let inner = OverlayFrame.innerWidth(preferred: preferred, screen: context.rect)
        var field = prompt.editor
        let view = field.view(width: inner - 2)
        var lines = [StyledLine([Span(" ")] + view.line.spans)]
        if let error = prompt.error { lines += Wrapping.lines(error, width: inner - 2).map { StyledLine(" " + $0, .failure) } }
        return OverlayFrame(title: prompt.title, lines: lines, footer: KeyMap.hintLine([(.commitLine, .typing), (.cancelLine, .typing)]),
                            cursor: (0, 1 + view.cursorColumn))
            .render(preferredWidth: preferred, screen: context.rect)
    }
}
