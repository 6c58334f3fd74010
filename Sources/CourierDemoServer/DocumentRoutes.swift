import Hummingbird

/// Fixed documents: `/`, `/json`, `/xml`, `/html` and `/small.json`.
enum DocumentRoutes {
    /// The httpbin-style slideshow served by `/json`.
    static let slideshow: DemoJSON = [
        "slideshow": [
            "author": "Courier Demo",
            "date": "2025-01-01",
            "title": "Sample Slide Show",
            "slides": [
                ["title": "Wake up to Courier!", "type": "all", "items": []],
                [
                    "title": "Overview",
                    "type": "all",
                    "items": ["Why Courier is great", "Who uses Courier"],
                ],
            ],
        ]
    ]

    /// The XML document served by `/xml`.
    static let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <slideshow title="Sample Slide Show" date="2025-01-01" author="Courier Demo">
          <slide type="all">
            <title>Wake up to Courier!</title>
          </slide>
          <slide type="all">
            <title>Overview</title>
            <item>Why <em>Courier</em> is great</item>
            <item>Who <em>uses</em> Courier</item>
          </slide>
        </slideshow>

        """

    /// The HTML page served by `/html`.
    static let html = """
        <!DOCTYPE html>
        <html lang="en">
          <head><meta charset="utf-8"><title>Courier demo server</title></head>
          <body>
            <h1>Courier demo server</h1>
            <p>An httpbin-like server for trying out Courier requests. Try <a href="/get">/get</a>.</p>
          </body>
        </html>

        """

    /// Size of `/small.json` in bytes.
    static let smallDocumentSize = 1024

    /// A JSON object padded to exactly ``smallDocumentSize`` bytes (newline included).
    static let smallDocument: [UInt8] = {
        func document(padding: Int) -> DemoJSON {
            [
                "name": "small.json",
                "description": "A fixed JSON document of exactly 1024 bytes for benchmarks.",
                "items": .array((1...8).map { .object([("id", .int(Int64($0))), ("label", .string("item \($0)"))]) }),
                "padding": .string(String(repeating: "x", count: padding)),
            ]
        }
        let unpadded = document(padding: 0).responseBytes.count
        let bytes = document(padding: smallDocumentSize - unpadded).responseBytes
        precondition(bytes.count == smallDocumentSize)
        return bytes
    }()

    /// The endpoint overview served at `/`.
    static let index: DemoJSON = [
        "name": "Courier demo server",
        "endpoints": [
            "/get", "/post", "/put", "/patch", "/delete", "/anything/**", "/status/{code}", "/delay/{seconds}",
            "/basic-auth/{user}/{pass}", "/bearer", "/headers", "/response-headers?k=v", "/gzip", "/json", "/xml", "/html",
            "/redirect/{n}", "/counter/{name}[/peek]?fail=K&status=S", "/bytes/{n}?seed=S&rate=R",
            "/drop?after=N&bytes=M&seed=S", "/mutable/{name}?bytes=M", "/mutable/{name}/touch",
            "/drip?bytes=N&duration=S", "/login", "/profile", "/orders", "/checkout", "/small.json",
            "/big-json?items=N|bytes=N", "/cjk", "/malformed-json", "/redirect-to-https", "/redirect-to?url=U&status_code=C",
            "/image/png", "/robots.txt", "/cors (OPTIONS: a CORS preflight)",
            "/ws?pingEvery=S&dropAfter=K&subprotocols=a,b (WebSocket: welcome, ack/echo, broadcast, close on request)",
            "/load/ok", "/load/flaky?every=N&status=S&key=K", "/load/stall?key=K[&after=A&for=F]", "/load/pause?key=K&seconds=S",
        ],
    ]

    /// `GET /`: the endpoint overview, ``index``.
    static func overview(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        return DemoResponse.json(index)
    }

    /// `GET /json`, `/xml`, `/html[?status=S]` or `/small.json` for `name`, nil for any
    /// other name.
    static func document(named name: Substring, _ exchange: DemoExchange) throws -> Response? {
        switch name {
        case "json":
            try exchange.require(.get)
            return DemoResponse.json(slideshow)
        case "xml":
            try exchange.require(.get)
            return DemoResponse.bytes(Array(xml.utf8), contentType: "application/xml")
        case "html":
            // `?status=404`: the same page as an error page, as servers send for a wrong path.
            try exchange.require(.get)
            let status = try exchange.integerQuery("status", default: 200, range: 200...599)
            return DemoResponse.bytes(Array(html.utf8), contentType: "text/html; charset=utf-8",
                                      status: HTTPResponse.Status(code: status))
        case "small.json":
            try exchange.require(.get)
            return DemoResponse.bytes(smallDocument, contentType: "application/json")
        default:
            return nil
        }
    }
}
