import Hummingbird

/// Documents for trying out response viewers: `/cjk` (wide characters) and
/// `/malformed-json` (JSON that is cut off).
enum ViewerSampleRoutes {
    /// A small product list in Chinese and Japanese with a few emoji, plus full-width and
    /// half-width forms, served by `/cjk`.
    static let cjkCatalogue: DemoJSON = [
        "store": "東京・上海セレクトショップ",
        "greeting": "欢迎光临！いらっしゃいませ 👋",
        "currency": "JPY",
        "products": [
            ["id": 1, "name": "抹茶ラテ", "description": "京都・宇治の抹茶を使用 🍵", "price": 480, "tags": ["飲み物", "人気"]],
            ["id": 2, "name": "北京烤鸭", "description": "传统挂炉烤制，外酥里嫩 🦆", "price": 3200, "tags": ["主菜", "推荐"]],
            ["id": 3, "name": "寿司セット", "description": "握り寿司八貫とお味噌汁 🍣", "price": 1800, "tags": ["和食"]],
            ["id": 4, "name": "小笼包", "description": "上海风味，一笼六个 🥟", "price": 650, "tags": ["点心", "热销"]],
            ["id": 5, "name": "豚骨ラーメン", "description": "濃厚スープ、替え玉一回無料 🍜", "price": 980, "tags": ["麺類"]],
            ["id": 6, "name": "月饼礼盒", "description": "中秋节限定，四种口味 🥮🎁", "price": 2500, "tags": ["礼品", "季节限定"]],
        ],
        "widths": ["全角ＡＢＣ１２３", "半角ｶﾀｶﾅ", "mixed 漢字 and ASCII"],
    ]

    /// A JSON document cut off in the middle of a string, served by `/malformed-json`.
    static let truncatedJSON = #"{"items":[{"id":1,"name":"complete"},{"id":2,"name":"cut of"#

    /// `GET /cjk`: ``cjkCatalogue`` as `application/json; charset=utf-8`.
    static func cjk(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        return DemoResponse.bytes(cjkCatalogue.responseBytes, contentType: "application/json; charset=utf-8")
    }

    /// `GET /malformed-json`: ``truncatedJSON`` labelled `application/json`.
    static func malformedJSON(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        return DemoResponse.bytes(Array(truncatedJSON.utf8), contentType: "application/json")
    }
}
