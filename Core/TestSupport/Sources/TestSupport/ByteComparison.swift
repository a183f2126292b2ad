import Foundation
import Testing

/// Where `actual` first differs from `expected`, in one short line, or nil when they are the same bytes.
///
/// For example `1048576 bytes, expected 1048576; first difference at offset 4096 (0x1f, expected 0x20)`, or
/// `1000 bytes, expected 1048576; the first 1000 are the same`. Comparing large `Data` values with `#expect(a == b)`
/// makes Swift Testing describe both values in full on a mismatch (megabytes of text, which under ThreadSanitizer
/// takes long enough to look like a hang); this says what differs in a few words instead.
public func byteDifference(_ actual: Data, _ expected: Data) -> String? {
    if actual == expected { return nil }
    let sizes = "\(actual.count) bytes, expected \(expected.count)"
    let offset = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    guard let offset else {
        return "\(sizes); the first \(min(actual.count, expected.count)) are the same"
    }
    let found = actual[actual.startIndex + offset]
    let wanted = expected[expected.startIndex + offset]
    return "\(sizes); first difference at offset \(offset) (\(hex(found)), expected \(hex(wanted)))"
}

/// Records an issue at the caller when `actual` and `expected` are not the same bytes, naming their sizes and the
/// first differing offset (`byteDifference`) instead of printing both values.
public func expectSameBytes(
    _ actual: Data, _ expected: Data, _ what: String = "the bytes", sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let difference = byteDifference(actual, expected) else { return }
    Issue.record("\(what) differ: \(difference)", sourceLocation: sourceLocation)
}

private func hex(_ byte: UInt8) -> String {
    "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
}
