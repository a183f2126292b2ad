/// CSI and SS3 sequences (ECMA-48 § 5.4; the key encodings of xterm's "PC-Style Function Keys").
extension KeyDecoder {
    /// The longest control sequence accepted; a longer one is treated as garbage and dropped.
    static let maximumSequenceLength = 32

    /// The key an SS3 sequence (`ESC O x`) names.
    static func singleShiftKey(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x50...0x53: return .function(Int(byte) - 0x50 + 1)
        default: return nil
        }
    }

    /// What scanning a CSI sequence found.
    enum ScannedSequence {
        /// The sequence goes on past the bytes read so far.
        case incomplete
        /// Broken by a byte that cannot be in a sequence (a control, DEL, a byte past ASCII): drop the `length`
        /// bytes before it and read that byte on its own.
        case malformed(length: Int)
        /// Longer than `maximumSequenceLength` so far: drop the `length` bytes, and the rest as it comes.
        case tooLong(length: Int)
        /// A whole sequence of `length` bytes. Missing or empty parameters are 1, as ECMA-48 § 5.4.2 says.
        case complete(parameters: [Int], final: UInt8, length: Int)
    }

    /// Scans `ESC [ parameters intermediates final`, starting at the ESC at `index`.
    static func scanControlSequence(_ bytes: [UInt8], at index: Int) -> ScannedSequence {
        var position = index + 2
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case 0x20...0x3F:
                position += 1
                if position - index > maximumSequenceLength { return .tooLong(length: position - index) }
            case 0x40...0x7E:
                let body = String(decoding: bytes[(index + 2)..<position], as: UTF8.self)
                let parameters = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 1 }
                return .complete(parameters: parameters, final: byte, length: position - index + 1)
            default:
                return .malformed(length: position - index)
            }
        }
        return .incomplete
    }

    /// The key a complete CSI sequence names, or `nil` for a sequence that is not a key.
    static func controlSequenceKey(parameters: [Int], final finalByte: UInt8) -> KeyEvent? {
        let modifiers = KeyModifiers(xtermParameter: parameters.count > 1 ? parameters[1] : 1)
        switch finalByte {
        case 0x41: return KeyEvent(.up, modifiers: modifiers)
        case 0x42: return KeyEvent(.down, modifiers: modifiers)
        case 0x43: return KeyEvent(.right, modifiers: modifiers)
        case 0x44: return KeyEvent(.left, modifiers: modifiers)
        case 0x48: return KeyEvent(.home, modifiers: modifiers)
        case 0x46: return KeyEvent(.end, modifiers: modifiers)
        case 0x50...0x53: return KeyEvent(.function(Int(finalByte) - 0x50 + 1), modifiers: modifiers)
        case 0x5A: return KeyEvent(.tab, modifiers: modifiers.union(.shift))
        case 0x7E: return tildeKey(parameters.first ?? 1).map { KeyEvent($0, modifiers: modifiers) }
        case 0x75: return unicodeKey(parameters.first ?? 0, modifiers: modifiers)
        default: return nil
        }
    }

    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23, 24: return .function(number - 12)
        default: return nil
        }
    }

    /// `CSI codepoint ; modifiers u`.
    private static func unicodeKey(_ codepoint: Int, modifiers: KeyModifiers) -> KeyEvent? {
        switch codepoint {
        case 13: return KeyEvent(.enter, modifiers: modifiers)
        case 9: return KeyEvent(.tab, modifiers: modifiers)
        case 27: return KeyEvent(.escape, modifiers: modifiers)
        case 127: return KeyEvent(.backspace, modifiers: modifiers)
        default:
            guard codepoint >= 0x20, let scalar = Unicode.Scalar(UInt32(codepoint)) else { return nil }
            return KeyEvent(.character(Character(scalar)), modifiers: modifiers)
        }
    }
}
