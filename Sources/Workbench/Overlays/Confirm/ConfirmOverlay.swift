import CourierWorkspace

/// A yes/no question. The quit keys answer yes to "quit anyway?", as pressing them twice would.
final class ConfirmOverlay: Overlay {
    let confirmation: Confirmation

    init(_ confirmation: Confirmation) {
        self.confirmation = confirmation
    }

    var scope: KeyMap.Scope { .question }
    var scopes: [KeyMap.Scope] { [.question, .window, .global] }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .answerYes: return [.close, .confirmed(confirmation.consequence)]
        case .answerNo, .closeWindow: return [.close]
        case .quit where confirmation.consequence == .quit: return [.close, .confirmed(.quit)]
        default: return []
        }
    }

    func render(context: PaneContext) -> PaneRender {
        let preferred = 70
        let inner = OverlayFrame.innerWidth(preferred: preferred, screen: context.rect)
        var lines = Wrapping.lines(confirmation.message, width: inner - 2).map { StyledLine(" " + $0, .strong) }
        lines.append("")
        lines.append(StyledLine.build { line in
            for action in [Action.answerYes, .answerNo] {
                guard let hint = KeyMap.hint(action, in: .question) else { continue }
                line.append(" \(hint.key)", .hintKey)
                line.append(" \(hint.label)   ", .hintText)
            }
        })
        return OverlayFrame(title: "Confirm", lines: lines).render(preferredWidth: preferred, screen: context.rect)
    }
}
