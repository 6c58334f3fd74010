import Dispatch

/// Items grouped by the dispatch queue they are bound for, queues in the order first seen
/// and items in the order added: what lets a batch send one `async` per queue.
struct QueueGroups<Item> {
    private(set) var groups: [(queue: DispatchQueue, items: [Item])] = []

    /// Adds `item` to `queue`'s group, after the items already there.
    mutating func add(_ item: Item, to queue: DispatchQueue) {
        if let index = groups.firstIndex(where: { $0.queue === queue }) {
            groups[index].items.append(item)
        } else {
            groups.append((queue, [item]))
        }
    }

    mutating func removeAll() { groups.removeAll() }
}
