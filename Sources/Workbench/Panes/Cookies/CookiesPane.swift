import CourierWorkspace
import Courier
import Foundation

/// The Cookies pane: the session's cookie jar — libcurl's own, which every send uses — with
/// each cookie's domain, path, name, value (hidden until `v`), expiry and flags; the cookies
/// the selected exchange's response set are marked. `a` adds one, Enter edits it, `d` deletes
/// it, `D` empties the jar, `f` filters. The jar is read on the events that change it (a
/// request stopping, an edit here), never while drawing.
final class CookiesPane: FilteringPane {
    let scope = KeyMap.Scope.cookies
    var filter = TypedFilter()
    /// The list the kit filters, moves and clicks (``FilteringPane``).
    var rows: FilteredList<Cookie> {
        get { list }
        _modify { yield &list }
    }
    private unowned let source: any ExchangeSource
    /// What the user selected in Requests.
    private unowned let selection: any SelectionSource
    private(set) var list = FilteredList<Cookie>(id: { Cookie.Key($0) }, matches: { cookie, needle in
        cookie.domain.lowercased().contains(needle) || cookie.name.lowercased().contains(needle) || cookie.path.lowercased().contains(needle)
    })
    /// The cookies the selected exchange's response set (`Set-Cookie`), by name.
    private(set) var setBySelection: Set<String> = []
    /// How many times the jar was read: on events, never per frame.
    private(set) var reads = 0
    /// The cookie the open edit prompt is for (the selection may move while it is open).
    private var editing: Cookie?
    /// The jar's file is still being read (off the input loop): nothing to list or change yet.
    private(set) var isReadingFile = false

    init(environment: PaneEnvironment) {
        source = environment.source
        selection = environment.selection
        reload()
    }

    /// The jar of the session's agent (nil: the workspace keeps no cookies).
    private var jar: CookieJar? { source.engine.agent.cookieJar }

    var isEmpty: Bool { list.all.isEmpty }

    /// Reads the jar again. (Not the selection: the pane is made while the shell is.)
    func reload() {
        // Never wait here for a file being read: its end posts `cookieJarRead`.
        isReadingFile = jar?.isReadingFile ?? false
        guard !isReadingFile else { return }
        reads += 1
        let cookies = (jar?.cookies ?? []).sorted { ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name) }
        list.replace(cookies)
    }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .filter:
            beginFilter()
        case .revealSecrets:
            return [.workspace(.revealSecrets)]
        case .addCookie:
            let host = URLComponents(string: context.baseURL)?.host ?? "the base URL's host"
            return [.prompt(Prompt(title: "New cookie for \(host)",
                                   editor: LineEditor(), purpose: .pane(.cookies, purpose: "add")))]
        case .editCookie:
            guard let cookie = list.selected else { return [] }
            editing = cookie
            return [.prompt(Prompt(title: "Cookie \(cookie.name) of \(cookie.domain)", editor: LineEditor(CookieLine.line(cookie)),
                                   purpose: .pane(.cookies, purpose: "edit")))]
        case .deleteCookie:
            guard let cookie = list.selected, let jar else { return [] }
            jar.remove(name: cookie.name, domain: cookie.domain, path: cookie.path)
            return saved("deleted the cookie \(cookie.name) of \(cookie.domain)")
        case .clearCookies:
            return [.confirm(Confirmation(message: "Delete all \(list.all.count) cookies in the jar\(jar?.file.map { " (\($0))" } ?? "")?",
                                          consequence: .pane(.cookies, question: "clear")))]
        default:
            moveList(action, context: context)
        }
        return []
    }

    func answer(_ purpose: String, text: String, context: PaneContext) -> PromptAnswer {
        guard let jar else { return .refused("this workspace keeps no cookies (config.cookies: none)") }
        // A new cookie is for the base URL's host; an edited one stays on its own.
        let edited = purpose == "edit" ? editing : nil
        let host = edited?.domain ?? URLComponents(string: context.baseURL)?.host ?? ""
        let cookie: Cookie
        switch CookieLine.parse(text, host: host, now: context.now) {
        case .success(let parsed): cookie = parsed
        case .failure(let problem): return .refused(problem.message)
        }
        // An edit that renames the cookie or moves it replaces the one edited.
        if let edited, Cookie.Key(edited) != Cookie.Key(cookie) {
            jar.remove(name: edited.name, domain: edited.domain, path: edited.path)
        }
        do {
            try jar.set(cookie)
        } catch {
            return .refused(error.description)
        }
        let work = saved("\(purpose == "add" ? "added" : "changed") the cookie \(cookie.name) of \(cookie.domain)")
        _ = list.select(id: Cookie.Key(cookie), height: listHeight(context))
        return .done(work)
    }

    func confirmed(_ question: String, context: PaneContext) -> [PaneWork] {
        guard question == "clear", let jar else { return [] }
        let count = list.all.count
        jar.clear()
        return saved("deleted \(count) cookie\(count == 1 ? "" : "s")")
    }

    /// After an edit: the jar read again and, when it is kept in a file, written there.
    private func saved(_ message: String) -> [PaneWork] {
        reload()
        do {
            try jar?.saveToFile()
        } catch {
            return [.say("\(message), but the jar could not be saved: \(error.description)", .failure)]
        }
        return [.say(message, .success)]
    }

    func apply(_ update: EngineUpdate, context: PaneContext) -> [PaneWork] {
        switch update {
        case .stopped(.request), .workspaceRead, .cookieJarRead:
            reload()
            setBySelection = Self.namesSet(by: selection.selectedExchange)
        default: break
        }
        return []
    }

    func selectionChanged(context: PaneContext) -> [PaneWork] {
        setBySelection = Self.namesSet(by: selection.selectedExchange)
        return []
    }

    func disabledReason(for action: Action) -> String? {
        if isReadingFile, [.editCookie, .deleteCookie, .clearCookies, .addCookie].contains(action) {
            return "the jar's file is still being read"
        }
        switch action {
        case .editCookie, .deleteCookie:
            if list.selected == nil { return "no cookie selected" }
            if action == .editCookie, !source.revealsSecrets { return "the value is hidden: v shows it, then Enter edits it" }
            return nil
        case .clearCookies: return list.all.isEmpty ? "the jar is empty" : nil
        case .addCookie: return jar == nil ? "this workspace keeps no cookies (config.cookies: none)" : nil
        default: return nil
        }
    }

    /// The names of the cookies an exchange's response set.
    private static func namesSet(by exchange: Exchange?) -> Set<String> {
        guard let request = exchange?.request else { return [] }
        let fields = request.responseHeaders.filter { $0.name.canonicalName == "set-cookie" }
        return Set(fields.compactMap { $0.value.split(separator: "=", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } })
    }
}
