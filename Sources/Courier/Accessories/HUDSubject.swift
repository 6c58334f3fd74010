/// What a loading indicator shows for one request, batch or chain, and whether it announces
/// its failure — YTK's HUD plugin, where a request carries its `animatingText` and a base
/// request's subclass says `isHideErrorToast`. ``Request`` and ``RequestGroup`` are subjects;
/// an accessory reads these from the `subject` it is given:
///
/// ```swift
/// func requestWillStart(_ subject: AnyObject) {
///     if let text = (subject as? any HUDSubject)?.hudText { show(text) }
/// }
/// ```
public protocol HUDSubject: AnyObject {
    /// Shown while it runs instead of a generic busy text (YTK `animatingText`); nil = none.
    var hudText: String? { get }
    /// Its failure is not announced as a toast; it is still reported everywhere else (its
    /// `error`, the failure callbacks, events) — YTK's `isHideErrorToast`.
    var quietErrors: Bool { get }
}

extension Request: HUDSubject {}
extension RequestGroup: HUDSubject {}
