#if COURIER_TSAN
import Glibc

/// A pthread mutex in place of `Synchronization.Mutex`, compiled only for ThreadSanitizer
/// runs (`make test-tsan` passes `-DCOURIER_TSAN`): TSan cannot see the futex that
/// `Synchronization.Mutex` uses on Linux, so it reports every access such a lock guards as a
/// race. Declared in the module, it shadows the imported type; the same file is linked into
/// each module and test target that locks (see RELIABILITY.md).
struct Mutex<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    private final class Storage {
        let lock: UnsafeMutablePointer<pthread_mutex_t>
        var value: Value
        init(_ value: consuming Value) {
            self.value = value
            lock = .allocate(capacity: 1)
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
        }
        deinit {
            pthread_mutex_destroy(lock)
            lock.deallocate()
        }
    }
    private let storage: Storage

    init(_ value: consuming sending Value) { storage = Storage(value) }

    borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(storage.lock)
        defer { pthread_mutex_unlock(storage.lock) }
        return try body(&storage.value)
    }
}
#endif
