import CourierWorkspace
import Foundation

extension UnsafeBufferPointer<UInt8> {
    /// Where `byte` next occurs at or after `start`, by `memchr`.
    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        firstIndex(of: byte, in: start..<count)
    }

    /// Where `byte` first occurs in `range`, by `memchr`.
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = baseAddress else { return nil }
        return memchr(base + range.lowerBound, Int32(byte), range.count).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
    }

    /// Where `needle` next occurs at or after `start`; `caseInsensitive` folds ASCII letters.
    /// Candidates are found with `memchr` on the needle's first byte (each case of it).
    func firstIndex(of needle: [UInt8], from start: Int, caseInsensitive: Bool = false) -> Int? {
        guard let first = needle.first, start >= 0 else { return nil }
        let folds = caseInsensitive && first.isASCIILetter
        let lower = folds ? first | 0x20 : first
        let upper = folds ? first & ~0x20 : first
        let last = count - needle.count
        // The next position of each case of the first byte, found lazily.
        var nextLower = -1
        var nextUpper = folds ? -1 : count
        var position = start
        while position <= last {
            if nextLower < position { nextLower = firstIndex(of: lower, from: position) ?? count }
            if nextUpper < position { nextUpper = firstIndex(of: upper, from: position) ?? count }
            let candidate = Swift.min(nextLower, nextUpper)
            guard candidate <= last else { return nil }
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
