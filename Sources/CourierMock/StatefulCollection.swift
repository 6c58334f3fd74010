import Courier
import CourierWorkspace
import Foundation

/// A `stateful: true` route's collection, in memory: `GET /pets` lists the items, `POST /pets`
/// adds one (an id given when it has none), `GET`/`PUT`/`PATCH`/`DELETE /pets/{id}` read,
/// replace, merge into and remove one. Starts with the items of the route's own answer when
/// that is a JSON list.
struct StatefulCollection: Sendable {
    /// `/pets`, as its route writes it (no parameters).
    let path: String
    let idField: String
    let routeName: String
    let requestName: String?
    private(set) var items: [JSONValue]
    private var nextNumber: Int

    init(path: String, idField: String, routeName: String, requestName: String?, items: [JSONValue]) {
        self.path = path
        self.idField = idField
        self.routeName = routeName
        self.requestName = requestName
        self.items = items
        nextNumber = (items.compactMap { $0[idField]?.intValue }.max() ?? 0) + 1
    }

    /// Whether a call to `path` is this collection's: the collection itself or one item under it.
    func covers(_ parts: [Substring]) -> Bool {
        let own = MockRoute.split(path)
        return (parts.count == own.count || parts.count == own.count + 1) && zip(own, parts).allSatisfy { $0 == $1 }
    }

    /// The status and JSON body for `method` on the collection (`id` nil) or one item.
    mutating func handle(method: String, id: String?, body: Data) -> (status: Int, body: JSONValue?, location: String?) {
        switch (method, id) {
        case ("GET", nil), ("HEAD", nil):
            return (200, .array(items), nil)
        case ("POST", nil):
            guard case .object(var members)? = try? JSONValue(parsing: body) else {
                return (400, Self.problem("POST \(path) takes a JSON object"), nil)
            }
            if members[idField] == nil || members[idField] == .null { members[idField] = newID() }
            let item = JSONValue.object(members)
            items.append(item)
            return (201, item, path + "/" + Self.text(of: members[idField]!))
        case (_, nil):
            return (405, Self.problem("\(method) \(path): the collection takes GET and POST"), nil)
        case ("GET", let id?), ("HEAD", let id?):
            guard let index = index(of: id) else { return (404, Self.problem("no item \(idField)=\(id) in \(path)"), nil) }
            return (200, items[index], nil)
        case ("PUT", let id?), ("PATCH", let id?):
            guard case .object(var members)? = try? JSONValue(parsing: body) else {
                return (400, Self.problem("\(method) \(path)/\(id) takes a JSON object"), nil)
            }
            if let index = index(of: id) {
                if method == "PATCH", case .object(let old) = items[index] { members = old.merging(members) { _, new in new } }
                members[idField] = items[index][idField]
                items[index] = .object(members)
                return (200, items[index], nil)
            }
            guard method == "PUT" else { return (404, Self.problem("no item \(idField)=\(id) in \(path)"), nil) }
            members[idField] = Int(id).map(JSONValue.int) ?? .string(id)
            items.append(.object(members))
            return (201, .object(members), path + "/" + id)
        case ("DELETE", let id?):
            guard let index = index(of: id) else { return (404, Self.problem("no item \(idField)=\(id) in \(path)"), nil) }
            items.remove(at: index)
            return (204, nil, nil)
        default:
            return (405, Self.problem("\(method) \(path)/{\(idField)}: an item takes GET, PUT, PATCH and DELETE"), nil)
        }
    }

    private func index(of id: String) -> Int? {
        items.firstIndex { item in item[idField].map { Self.text(of: $0) == id } ?? false }
    }

    /// The next number when the items' ids are numbers (or there are none), else a UUID.
    private mutating func newID() -> JSONValue {
        if items.contains(where: { $0[idField]?.stringValue != nil }) { return .string(UUID().uuidString.lowercased()) }
        defer { nextNumber += 1 }
        return .int(nextNumber)
    }

    private static func text(of value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return String(decoding: value.serialized(), as: UTF8.self)
    }

    static func problem(_ message: String) -> JSONValue {
        .object(["error": .string(message)])
    }
}
