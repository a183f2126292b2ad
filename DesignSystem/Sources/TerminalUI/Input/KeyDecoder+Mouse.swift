/// Mouse reports ("XTerm Control Sequences", "Mouse Tracking"): the SGR form the session asks for (mode 1006) and
/// the X10 form older terminals send without it.
extension KeyDecoder {
    /// The report of an SGR sequence's parameters, the bytes between `CSI <` and the final `M` or `m`:
    /// `button ; column ; row` in decimal, each at least one digit. `nil` for anything else (a missing or extra
    /// parameter, a sign, a position of 0), which the decoder drops.
    static func sgrMouse(_ parameters: ArraySlice<UInt8>, released: Bool) -> MouseEvent? {
        var values: [Int] = []
        var current: Int?
        for byte in parameters {
            switch byte {
            case 0x30...0x39:
                let digit = Int(byte - 0x30)
                let value = (current ?? 0) * 10 + digit
                // Past any real screen (and far from overflow): a garbled report.
                guard value <= 1_000_000 else { return nil }
                current = value
            case 0x3B:  // ;
                guard let value = current else { return nil }
                values.append(value)
                current = nil
            default:
                return nil
            }
        }
        guard let last = current else { return nil }
        values.append(last)
        guard values.count == 3 else { return nil }
        return MouseEvent(buttonCode: values[0], released: released, column: values[1], row: values[2])
    }

    /// An X10 report at `index`: `ESC [ M` and three bytes, each a value plus 32 (so columns and rows stop at 223).
    /// Incomplete until the three bytes are there; at the flush, or when a byte is below 32, the report is
    /// dropped.
    static func x10Mouse(_ bytes: [UInt8], at index: Int, isFinal: Bool) -> Parsed {
        let length = 6
        guard bytes.count - index >= length else {
            return isFinal ? .ignored(length: bytes.count - index) : .incomplete
        }
        let values = bytes[(index + 3)..<(index + length)].map { Int($0) - 32 }
        guard values.allSatisfy({ $0 >= 0 }),
            let event = MouseEvent(buttonCode: values[0], released: false, column: values[1], row: values[2])
        else { return .ignored(length: length) }
        return .mouse(event, length: length)
    }
}
