import Hummingbird

/// The demo server's routing table: Hummingbird's `Router` behind the middleware for
/// what every request goes through.
///
/// Middleware, outermost first (it wraps the routes added after it and the router's
/// not-found responder):
/// 1. ``RequestLogMiddleware``: every request is logged, unknown paths included.
/// 2. ``HeadResponseMiddleware``: `HEAD` is answered like `GET` without a body.
/// 3. ``DemoErrorMiddleware``: ``DemoError``s and unknown paths become JSON responses.
///
/// Every route is registered for all methods (``Router/onAnyMethod(_:use:)``): the
/// handlers check the method and answer 405 themselves.
///
/// The routes are built once per process and shared by every server (``routes``): each route
/// is registered for every method the parser accepts, through the middleware, and building
/// them took ~10 % of the test suite's CPU when each server built its own (a debug build, a
/// server per test). Handlers read their server's state from ``DemoServerState/current``.
enum DemoRouter {
    /// The routes every demo server answers with (``DemoServerStateBinding`` binds its state).
    static let routes: RouterResponder<DemoRequestContext> = make().buildResponder()

    /// The responder of the server whose state is `state`.
    static func responder(for state: DemoServerState) -> DemoServerStateBinding {
        DemoServerStateBinding(state: state, routes: routes)
    }

    static func make() -> Router<DemoRequestContext> {
        let router = Router(context: DemoRequestContext.self)
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: HeadResponseMiddleware())
        router.add(middleware: DemoErrorMiddleware())

        router.onAnyMethod("/", use: DocumentRoutes.overview)
        addEchoRoutes(to: router)
        addStatusAndAuthRoutes(to: router)
        addStatefulRoutes(to: router)
        addDownloadRoutes(to: router)
        addShopRoutes(to: router)
        addOAuthRoutes(to: router)
        LoadRoutes.add(to: router)
        #if GRPC
        GRPCRoutes.add(to: router)
        #endif
        // Any other single segment: `/json`, `/xml`, `/html`, `/small.json` or a 404.
        // Constant segments take precedence over this capture.
        router.onAnyMethod("/:document") { exchange in
            guard let document = try DocumentRoutes.document(named: exchange.segments[0], exchange) else {
                throw DemoError.notFound(path: exchange.request.uri.path)
            }
            return document
        }
        return router
    }

    private static func addEchoRoutes(to router: Router<DemoRequestContext>) {
        router.onAnyMethod("/get") { try await EchoRoutes.echo($0, only: .get) }
        router.onAnyMethod("/post") { try await EchoRoutes.echo($0, only: .post) }
        router.onAnyMethod("/put") { try await EchoRoutes.echo($0, only: .put) }
        router.onAnyMethod("/patch") { try await EchoRoutes.echo($0, only: .patch) }
        router.onAnyMethod("/delete") { try await EchoRoutes.echo($0, only: .delete) }
        // `**` needs at least one more segment, so `/anything` itself is a route of its own.
        router.onAnyMethod("/anything") { try await EchoRoutes.echo($0, only: nil) }
        router.onAnyMethod("/anything/**") { try await EchoRoutes.echo($0, only: nil) }
        router.onAnyMethod("/delay/:seconds", use: EchoRoutes.delay)
        router.onAnyMethod("/headers", use: EchoRoutes.headers)
        router.onAnyMethod("/response-headers", use: EchoRoutes.responseHeaders)
        router.onAnyMethod("/gzip", use: GzipRoute.gzip)
    }

    private static func addStatusAndAuthRoutes(to router: Router<DemoRequestContext>) {
        router.onAnyMethod("/status/:code", use: StatusRoutes.status)
        router.onAnyMethod("/redirect/:count", use: StatusRoutes.redirect)
        router.onAnyMethod("/redirect-to", use: StatusRoutes.redirectTo)
        router.onAnyMethod("/redirect-to-https", use: HTTPSRedirectRoute.redirect)
        router.onAnyMethod("/basic-auth/:user/:password", use: AuthRoutes.basic)
        router.onAnyMethod("/bearer", use: AuthRoutes.bearer)
        router.onAnyMethod("/digest-auth/:qop/:user/:password", use: DigestAuthRoute.digest)
        router.onAnyMethod("/digest-auth/:qop/:user/:password/:algorithm", use: DigestAuthRoute.digest)
    }

    private static func addStatefulRoutes(to router: Router<DemoRequestContext>) {
        router.onAnyMethod("/counter/:name") { try CounterRoutes.counter($0, store: DemoServerState.current.counters) }
        router.onAnyMethod("/counter/:name/peek") { try CounterRoutes.peek($0, store: DemoServerState.current.counters) }
        router.onAnyMethod("/mutable/:name") { try ByteStreamRoutes.mutable($0, store: DemoServerState.current.mutableResources) }
        router.onAnyMethod("/mutable/:name/touch") { try ByteStreamRoutes.touch($0, store: DemoServerState.current.mutableResources) }
    }

    private static func addDownloadRoutes(to router: Router<DemoRequestContext>) {
        router.onAnyMethod("/bytes/:count", use: ByteStreamRoutes.bytes)
        router.onAnyMethod("/drop", use: ByteStreamRoutes.drop)
        router.onAnyMethod("/drip", use: DripRoute.drip)
        router.onAnyMethod("/sse", use: StreamRoutes.serverSentEvents)
        router.onAnyMethod("/ndjson", use: StreamRoutes.ndjson)
        router.onAnyMethod("/ws", use: WebSocketRoutes.upgradeRequired)
        router.onAnyMethod("/big-json", use: BigJSONRoute.bigJSON)
        router.onAnyMethod("/cjk", use: ViewerSampleRoutes.cjk)
        router.onAnyMethod("/malformed-json", use: ViewerSampleRoutes.malformedJSON)
        router.onAnyMethod("/image/png", use: MediaRoutes.png)
        router.onAnyMethod("/robots.txt", use: MediaRoutes.robots)
        router.onAnyMethod("/cors", use: MediaRoutes.cors)
        router.onAnyMethod("/graphql", use: GraphQLRoute.graphql)
        router.onAnyMethod("/contract/pets", use: ContractRoutes.pets)
        router.onAnyMethod("/contract/pets/:id", use: ContractRoutes.pet)
        router.onAnyMethod("/paged", use: PagedRoutes.pages)
        router.onAnyMethod("/paged/cursor", use: PagedRoutes.cursor)
        router.onAnyMethod("/paged/link", use: PagedRoutes.link)
    }

    private static func addOAuthRoutes(to router: Router<DemoRequestContext>) {
        router.onAnyMethod("/oauth/token") { try await OAuthRoutes.token($0, store: DemoServerState.current.oauth) }
        router.onAnyMethod("/oauth/authorize") { try OAuthRoutes.authorize($0, store: DemoServerState.current.oauth) }
        router.onAnyMethod("/oauth/protected") { try OAuthRoutes.protected($0, store: DemoServerState.current.oauth) }
        router.onAnyMethod("/oauth/revoke-all") { try OAuthRoutes.revokeAll($0, store: DemoServerState.current.oauth) }
        router.onAnyMethod("/oauth/stats") { try OAuthRoutes.stats($0, store: DemoServerState.current.oauth) }
    }

    private static func addShopRoutes(to router: Router<DemoRequestContext>) {
        router.onAnyMethod("/login") { try await ShopRoutes.login($0, sessions: DemoServerState.current.sessions) }
        router.onAnyMethod("/profile") { try ShopRoutes.profile($0, sessions: DemoServerState.current.sessions) }
        router.onAnyMethod("/orders") { try ShopRoutes.orders($0, sessions: DemoServerState.current.sessions) }
        router.onAnyMethod("/checkout") { try await ShopRoutes.checkout($0, sessions: DemoServerState.current.sessions) }
        router.onAnyMethod("/cookies", use: CookieRoutes.cookies)
        router.onAnyMethod("/cookies/set", use: CookieRoutes.set)
        router.onAnyMethod("/cookies/delete", use: CookieRoutes.delete)
        router.onAnyMethod("/session/login") { try await CookieRoutes.login($0, sessions: DemoServerState.current.sessions) }
        router.onAnyMethod("/session/profile") { try CookieRoutes.profile($0, sessions: DemoServerState.current.sessions) }
    }
}
