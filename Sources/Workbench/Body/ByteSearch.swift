import Foundation

extension UnsafeBufferPointer<UInt8> {
    /// Where `byte` next occurs at or after `start`, by `memchr`.
    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        guard start < count, let base = baseAddress else { return nil }
        return memchr(base + start, Int32(byte), count - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
    }

    /// Where `needle` next occurs at or after `start`; `caseInsensitive` folds ASCII letters.
    /// Candidates are found with `memchr` on the needle's first byte (both cases of it).
    func firstIndex(of needle: [UInt8], from start: Int, caseInsensitive: Bool = false) -> Int? {
        guard let first = needle.first, start >= 0 else { return nil }
        let folds = caseInsensitive && first.isASCIILetter
        let firstBytes = folds ? [first | 0x20, first & ~0x20] : [first]
        var nextCandidates = [Int](repeating: -1, count: firstBytes.count)
        var position = start
        while position + needle.count <= count {
            for (slot, byte) in firstBytes.enumerated() where nextCandidates[slot] < position {
                nextCandidates[slot] = firstIndex(of: byte, from: position) ?? count
            }
            let candidate = nextCandidates.min() ?? count
            guard candidate + needle.count <= count else { return nil }
            if hasBytes(needle, at: candidate, caseInsensitive: caseInsensitive) { return candidate }
            position = candidate + 1
        }
        return nil
    }

    private func hasBytes(_ needle: [UInt8], at position: Int, caseInsensitive: Bool) -> Bool {
        for offset in 1..<needle.count {
            let byte = self[position + offset]
            let wanted = needle[offset]
            if byte == wanted { continue }
            guard caseInsensitive, byte.isASCIILetter, byte | 0x20 == wanted | 0x20 else { return false }
        }
        return true
    }
}
