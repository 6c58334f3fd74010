/// glibc's malloc gives the top of a heap back to the kernel once more than its trim
/// threshold (128 KiB at first) lies free there. libcurl 7.88 allocates a 16 KiB receive
/// buffer for every transfer and frees it when the transfer is done, so with dozens of
/// transfers ending in each pass of the transport loop the transport thread's heap was
/// trimmed and grown again every few requests: 0.2 page faults a small GET, about 2 µs of
/// its CPU (measured with `perf stat` against courier-bench's small workload).
///
/// glibc raises both thresholds itself, as the program runs, the first time a block it had
/// to map (one over the mmap threshold) is freed: the mmap threshold becomes that block's
/// size and the trim threshold twice that. It does so only while the program has set
/// neither (`mallopt`, `GLIBC_TUNABLES`), so a host's own choice stands. Freeing one
/// 256 KiB block when the first transport starts takes that step at once rather than
/// whenever a large body happens to pass: the trim threshold becomes about 512 KiB, above
/// what a loop full of receive buffers frees at a time.
enum HeapThresholds {
    static let raised: Void = {
        let block = UnsafeMutableRawPointer.allocate(byteCount: 256 << 10, alignment: 16)
        block.deallocate()
    }()
}
