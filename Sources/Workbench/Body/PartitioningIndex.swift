import CourierWorkspace

extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `belongsAfter`, in a collection already
    /// partitioned by it (binary search).
    func partitioningIndex(where belongsAfter: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if belongsAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
