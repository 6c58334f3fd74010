import NIOCore

/// The deterministic product catalogue served by `/big-json`: `{"count":N,"items":[…]}`
/// and a newline, the same bytes on every call.
///
/// Item `id` (1...N) has an id, a name (Chinese or Japanese every seventh item), a SKU,
/// one to three tags, a float price and rating, an integer quantity, a boolean, a
/// discount that is usually `null`, nested `dimensions` and `supplier` objects and a
/// `note`. The note is cut from filler text so that every item is exactly ``itemSize``
/// bytes: the body's length is known before it is generated, and the body is produced
/// chunk by chunk (``chunks(of:)``) so that it never sits in memory whole.
struct BigJSONDocument: Sendable {
    /// Number of items.
    let count: Int

    /// The length of every serialised item in bytes.
    static let itemSize = 320
    /// What follows the last item.
    static let suffix = "]}\n"

    /// A document of `count` items.
    init(count: Int) {
        precondition(count >= 0, "count must not be negative")
        self.count = count
    }

    /// The document whose length is closest to `bytes` (a short one has no items).
    init(approximateBytes bytes: Int) {
        let overhead = BigJSONDocument(count: 0).length
        self.init(count: max(0, (bytes - overhead + Self.itemSize / 2) / (Self.itemSize + 1)))
    }

    /// What precedes the first item.
    var prefix: String { #"{"count":\#(count),"items":["# }

    /// The body's length in bytes: items are separated by commas.
    var length: Int {
        prefix.utf8.count + count * Self.itemSize + max(0, count - 1) + Self.suffix.utf8.count
    }

    /// The body in order, in buffers of at least `chunkSize` bytes (the last may be shorter).
    func chunks(of chunkSize: Int) -> Chunks { Chunks(document: self, chunkSize: chunkSize) }

    /// The body as a sequence of buffers; see ``chunks(of:)``.
    struct Chunks: Sequence, IteratorProtocol {
        let document: BigJSONDocument
        let chunkSize: Int
        private var nextID = 0  // 0: the prefix has not been written yet
        private var finished = false

        init(document: BigJSONDocument, chunkSize: Int) {
            self.document = document
            self.chunkSize = chunkSize
        }

        mutating func next() -> ByteBuffer? {
            guard !finished else { return nil }
            var buffer = ByteBufferAllocator().buffer(capacity: chunkSize + BigJSONDocument.itemSize)
            if nextID == 0 {
                buffer.writeString(document.prefix)
                nextID = 1
            }
            while nextID <= document.count, buffer.readableBytes < chunkSize {
                if nextID > 1 { buffer.writeInteger(UInt8(ascii: ",")) }
                buffer.writeString(BigJSONDocument.item(nextID))
                nextID += 1
            }
            if nextID > document.count {
                buffer.writeString(BigJSONDocument.suffix)
                finished = true
            }
            return buffer
        }
    }

    // MARK: - Items

    /// Item `id` serialised, exactly ``itemSize`` bytes.
    static func item(_ id: Int) -> String {
        let name = id % 7 == 3 ? "\(cjkNames[id / 7 % cjkNames.count]) \(id)" : "Item \(id)"
        let tags = (0...(id % 3)).map { "\"\(tagWords[(id + $0 * 5) % tagWords.count])\"" }.joined(separator: ",")
        let supplier = suppliers[id % suppliers.count]
        let cents = id * 7919 % 100_000
        let rating = id * 3 % 41
        let discount = id % 5 == 0 ? "0.\(10 + id % 40)" : "null"
        let dimensions = #"{"width":\#(10 + id % 90),"height":\#(5 + id * 7 % 60),"depth":\#(1 + id % 12),"unit":"cm"}"#
        let opening = #"{"id":\#(id),"name":"\#(name)","sku":"CR-\#(zeroPadded(id, digits: 7))","tags":[\#(tags)],"#
            + #""price":\#(cents / 100).\#(zeroPadded(cents % 100, digits: 2)),"quantity":\#(id * 31 % 500),"#
            + #""rating":\#(rating / 10).\#(rating % 10),"inStock":\#(id % 3 != 0),"discount":\#(discount),"#
            + #""dimensions":\#(dimensions),"supplier":{"name":"\#(supplier.name)","country":"\#(supplier.country)"},"#
            + #""note":""#
        let closing = "\"}"
        let noteLength = itemSize - opening.utf8.count - closing.utf8.count
        precondition(noteLength >= 0, "item \(id) does not fit in \(itemSize) bytes")
        return opening + String(filler.prefix(noteLength)) + closing
    }

    private static func zeroPadded(_ value: Int, digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    private static let cjkNames = ["抹茶ラテ", "北京烤鸭", "寿司セット", "小笼包", "ラーメン", "绿茶", "東京タワー模型", "月饼礼盒"]
    private static let tagWords = ["new", "sale", "popular", "eco", "limited", "gift", "bundle", "imported"]
    private static let suppliers: [(name: String, country: String)] = [
        ("Courier Supplies", "SE"), ("東京商事", "JP"), ("上海贸易", "CN"), ("Northwind Traders", "US"), ("大阪物産", "JP"),
    ]
    /// ASCII text (no quotes or backslashes) the notes are cut from: longer than any note
    /// (items take 251...304 bytes before their note for ids up to ``BigJSONRoute/maximumItems``).
    private static let filler = "Every item is padded to the same length, so the document's size is known before it is streamed."
}
