import Courier
import Foundation

/// A mock's routes and how a call finds its own: the most specific route whose template the
/// path fits and whose method it is (`HEAD` falls back to `GET`).
struct MockRouteTable: Sendable {
    /// What a call's method and path come to.
    enum Lookup: Sendable {
        case route(MockRoute, parameters: [String: String])
        /// The path fits routes, none with this method.
        case otherMethods([String])
        case none
    }

    let routes: [MockRoute]

    init(_ routes: [MockRoute]) {
        // One route per method and template: the first request written wins, as a client
        // cannot tell two of them apart.
        var seen: Set<String> = []
        self.routes = routes.filter { seen.insert($0.name).inserted }
    }

    func lookUp(method: String, path: String) -> Lookup {
        let parts = MockRoute.split(path)
        let fitting = routes.compactMap { route in route.match(parts).map { (route, $0) } }
        guard !fitting.isEmpty else { return .none }
        for candidate in method == "HEAD" ? ["HEAD", "GET"] : [method] {
            let best = fitting.filter { $0.0.method == candidate }
                .min { $0.0.specificity.lexicographicallyPrecedes($1.0.specificity, by: >) }
            if let best { return .route(best.0, parameters: best.1) }
        }
        return .otherMethods(Array(Set(fitting.map(\.0.method))).sorted())
    }
}
