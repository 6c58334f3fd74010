import DequeModule

/// Jobs waiting for a transfer slot: highest priority first, and in arrival order within a
/// priority. One FIFO per priority in use, so queueing and taking the next are O(1) however
/// many wait.
struct PendingJobs {
    /// Ascending priority.
    private var queues: [(priority: RequestPriority, jobs: Deque<TransferJob>)] = []

    mutating func append(_ job: TransferJob) {
        if let index = queues.firstIndex(where: { $0.priority == job.priority }) {
            queues[index].jobs.append(job)
        } else {
            let index = queues.partitioningIndex { $0.priority > job.priority }
            queues.insert((job.priority, [job]), at: index)
        }
    }

    /// Puts a job that had started back in front of those of its priority.
    mutating func prepend(_ job: TransferJob) {
        append(job)
        if let index = queues.firstIndex(where: { $0.priority == job.priority }) {
            queues[index].jobs.insert(queues[index].jobs.removeLast(), at: 0)
        }
    }

    /// The next job to start, removed.
    mutating func popNext() -> TransferJob? {
        for index in queues.indices.reversed() where !queues[index].jobs.isEmpty {
            return queues[index].jobs.removeFirst()
        }
        return nil
    }

    /// Removes the job with `id`; false when none waits.
    mutating func remove(id: Int) -> Bool {
        for index in queues.indices {
            if let position = queues[index].jobs.firstIndex(where: { $0.id == id }) {
                queues[index].jobs.remove(at: position)
                return true
            }
        }
        return false
    }
}

extension Array {
    /// The first index whose element satisfies `belongsAfter`, for a collection already
    /// partitioned by it (binary search).
    func partitioningIndex(where belongsAfter: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
