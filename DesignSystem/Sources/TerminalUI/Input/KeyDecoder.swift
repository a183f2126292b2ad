/// Turns the bytes a terminal sends into key and mouse events, keeping an incomplete sequence for the next read.
///
/// Reads from a terminal split input anywhere: in the middle of a UTF-8 character, of an escape sequence or of a
/// paste. The decoder keeps such a tail until more bytes come. A lone ESC is ambiguous (the Escape key, or the
/// start of a sequence whose rest is still in flight), so it stays pending too; the reader calls `flush()` when no
/// byte has followed within a short pause, and the ESC becomes `.escape`.
///
/// What it understands (xterm's "PC-Style Function Keys", "Mouse Tracking" and the VT100 forms, from "XTerm
/// Control Sequences"):
/// - UTF-8 text (RFC 3629), grouped into grapheme clusters within a read; invalid bytes become U+FFFD.
/// - C0 controls: CR and LF as Enter, HT as Tab, DEL and BS as Backspace, ESC, NUL as Ctrl-Space, and the others
///   as Ctrl with their letter or symbol.
/// - CSI sequences: arrows and Home/End (`CSI A`…`CSI D`, `CSI H`, `CSI F`), `CSI n ~` keys (Insert, Delete,
///   PageUp, PageDown, Home, End, F1–F12), Shift-Tab (`CSI Z`), xterm modifier parameters (`CSI 1 ; 5 A` is
///   Ctrl-Up), and `CSI codepoint ; modifiers u` (the fixterms / kitty form). Other sequences (focus reports,
///   device attributes) are dropped.
/// - Mouse reports (`decodeEvents(_:)` only; `decode(_:)` drops them): SGR reports (mode 1006,
///   `CSI < button ; column ; row M`, `m` for a release), which carry any column, and the X10 form
///   (`CSI M` and three bytes, columns up to 223).
/// - SS3 sequences (`ESC O A`…, `ESC O P`… for F1–F4), sent in application cursor mode.
/// - Alt chords: ESC followed by a key is that key with `.option`.
/// - Bracketed paste (mode 2004): everything between `CSI 200 ~` and `CSI 201 ~` is one `.paste` event.
///
/// Bytes that belong to a sequence never come out as text: a malformed sequence is dropped up to the byte that
/// broke it (which is then read on its own), and a sequence that is still incomplete when `flush()` runs (its rest
/// delayed past the pause, or lost) is dropped, and so is the rest of it when that arrives later (parameter bytes
/// up to and including a final byte). Only `ESC [` alone, with nothing after it, counts as Escape and `[`.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var paste: [UInt8]?
    /// Set after a sequence was dropped unfinished: the bytes of its rest (parameter and intermediate bytes, then
    /// one final byte) are dropped as they come.
    private var discardsSequenceRest = false

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes are held back waiting for the rest of a sequence (the reader then flushes after a pause).
    public var hasPendingInput: Bool { !pending.isEmpty && paste == nil }

    /// Whether a bracketed paste has started and not ended.
    public var isInPaste: Bool { paste != nil }

    /// Decodes newly read bytes into keys, dropping mouse reports; a trailing incomplete sequence is kept for the
    /// next call.
    public mutating func decode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [KeyEvent] {
        Self.keys(decodeEvents(bytes))
    }

    /// Decodes what is pending as if no more bytes were coming, into keys (see `flushEvents()`).
    public mutating func flush() -> [KeyEvent] {
        Self.keys(flushEvents())
    }

    /// Decodes newly read bytes into `.key` and `.mouse` events, in the order they were sent; a trailing
    /// incomplete sequence is kept for the next call.
    public mutating func decodeEvents<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [TerminalEvent] {
        pending.append(contentsOf: bytes)
        return run(isFinal: false)
    }

    /// Decodes what is pending as if no more bytes were coming: a lone ESC becomes `.escape` (and `ESC [` alone
    /// Escape and `[`, or ESC and one byte the Alt chord), an incomplete escape sequence or mouse report is
    /// dropped, and an incomplete UTF-8 character becomes U+FFFD. A paste in progress stays pending.
    public mutating func flushEvents() -> [TerminalEvent] {
        run(isFinal: true)
    }

    // MARK: - Private

    private static func keys(_ events: [TerminalEvent]) -> [KeyEvent] {
        events.compactMap { event in
            if case .key(let key) = event { return key }
            return nil
        }
    }

    private mutating func run(isFinal: Bool) -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var text = String.UnicodeScalarView()
        var index = 0
        func flushText() {
            for character in String(text) { events.append(.key(.character(character))) }
            text.removeAll()
        }
        while index < pending.count {
            if discardsSequenceRest {
                let byte = pending[index]
                guard (0x20...0x7E).contains(byte) else {
                    discardsSequenceRest = false
                    continue
                }
                index += 1
                if byte >= 0x40 { discardsSequenceRest = false }
                continue
            }
            if paste != nil {
                guard let consumed = collectPaste(from: index, into: &events) else {
                    // `collectPaste` left only the bytes still undecided in `pending`.
                    flushText()
                    return events
                }
                index = consumed
                continue
            }
            switch parse(at: index, isFinal: isFinal) {
            case .incomplete:
                pending.removeFirst(index)
                flushText()
                return events
            case .text(let scalar, let length):
                text.append(scalar)
                index += length
            case .key(let event, let length):
                flushText()
                events.append(.key(event))
                index += length
            case .mouse(let event, let length):
                flushText()
                events.append(.mouse(event))
                index += length
            case .truncated(let length):
                index += length
                discardsSequenceRest = true
            case .pasteStart(let length):
                flushText()
                paste = []
                index += length
            case .ignored(let length):
                index += length
            }
        }
        flushText()
        pending.removeAll()
        return events
    }

    /// Moves paste bytes out of `pending`; returns the index after the closing sequence, or `nil` when the paste
    /// goes on past the bytes read so far (a possible partial terminator stays pending).
    private mutating func collectPaste(from index: Int, into events: inout [TerminalEvent]) -> Int? {
        let terminator: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~
        var position = index
        while position < pending.count {
            if pending[position] == 0x1B {
                let available = min(terminator.count, pending.count - position)
                if Array(pending[position..<(position + available)]) == Array(terminator[0..<available]) {
                    if available == terminator.count {
                        paste?.append(contentsOf: pending[index..<position])
                        events.append(.key(KeyEvent(.paste(String(decoding: paste ?? [], as: UTF8.self)))))
                        paste = nil
                        return position + terminator.count
                    }
                    paste?.append(contentsOf: pending[index..<position])
                    pending = Array(pending[position...])
                    return nil
                }
            }
            position += 1
        }
        paste?.append(contentsOf: pending[index...])
        pending.removeAll()
        return nil
    }

    enum Parsed {
        case incomplete
        case text(Unicode.Scalar, length: Int)
        case key(KeyEvent, length: Int)
        case mouse(MouseEvent, length: Int)
        case pasteStart(length: Int)
        case ignored(length: Int)
        /// A sequence cut short by the flush: drop `length` bytes, and the rest of the sequence when it comes.
        case truncated(length: Int)
    }

    private func parse(at index: Int, isFinal: Bool) -> Parsed {
        let byte = pending[index]
        guard byte == 0x1B else { return parseSimple(at: index, isFinal: isFinal) }
        guard index + 1 < pending.count else {
            return isFinal ? .key(KeyEvent(.escape), length: 1) : .incomplete
        }
        switch pending[index + 1] {
        case 0x5B:  // [
            return parseControlSequence(at: index, isFinal: isFinal)
        case 0x4F:  // O
            guard index + 2 < pending.count else {
                return isFinal ? .key(KeyEvent(.escape), length: 1) : .incomplete
            }
            guard let key = Self.singleShiftKey(pending[index + 2]) else { return .ignored(length: 3) }
            return .key(KeyEvent(key), length: 3)
        case 0x1B:
            return .key(KeyEvent(.escape), length: 1)
        default:
            switch parseSimple(at: index + 1, isFinal: isFinal) {
            case .incomplete:
                return .incomplete
            case .text(let scalar, let length):
                return .key(KeyEvent(.character(Character(scalar)), modifiers: .option), length: length + 1)
            case .key(var event, let length):
                event.modifiers.insert(.option)
                return .key(event, length: length + 1)
            case .pasteStart, .ignored, .mouse, .truncated:
                return .ignored(length: 1)
            }
        }
    }

    private func parseControlSequence(at index: Int, isFinal: Bool) -> Parsed {
        if index + 2 < pending.count, pending[index + 2] == 0x4D {  // M: an X10 mouse report
            return Self.x10Mouse(pending, at: index, isFinal: isFinal)
        }
        switch Self.scanControlSequence(pending, at: index) {
        case .incomplete:
            guard isFinal else { return .incomplete }
            // `ESC [` alone may be Alt-[ typed; anything longer is a sequence whose rest is late or lost.
            let length = pending.count - index
            return length == 2 ? .key(KeyEvent(.escape), length: 1) : .truncated(length: length)
        case .malformed(let length):
            return .ignored(length: length)
        case .tooLong(let length):
            return .truncated(length: length)
        case .complete(let parameters, let finalByte, let length):
            if finalByte == 0x7E && parameters.first == 200 { return .pasteStart(length: length) }
            if finalByte == 0x4D || finalByte == 0x6D, pending[index + 2] == 0x3C {  // M or m after `<`: SGR mouse
                return Self.sgrMouse(pending[(index + 3)..<(index + length - 1)], released: finalByte == 0x6D)
                    .map { .mouse($0, length: length) } ?? .ignored(length: length)
            }
            guard let event = Self.controlSequenceKey(parameters: parameters, final: finalByte) else {
                return .ignored(length: length)
            }
            return .key(event, length: length)
        }
    }

    /// A byte that does not start an escape sequence: a C0 control, ASCII, or the start of a UTF-8 character.
    private func parseSimple(at index: Int, isFinal: Bool) -> Parsed {
        let byte = pending[index]
        switch byte {
        case 0x0D, 0x0A: return .key(KeyEvent(.enter), length: 1)
        case 0x09: return .key(KeyEvent(.tab), length: 1)
        case 0x7F, 0x08: return .key(KeyEvent(.backspace), length: 1)
        case 0x00: return .key(.control(" "), length: 1)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
        case 0x1B: return .key(KeyEvent(.escape), length: 1)
        case 0x1C...0x1F: return .key(.control(Character(Unicode.Scalar(byte + 0x40))), length: 1)
        case 0x20..<0x7F: return .text(Unicode.Scalar(byte), length: 1)
        default: return parseUTF8(at: index, isFinal: isFinal)
        }
    }

    /// One UTF-8 encoded scalar (RFC 3629); an invalid or, when final, truncated sequence gives U+FFFD for its
    /// first byte.
    private func parseUTF8(at index: Int, isFinal: Bool) -> Parsed {
        let lead = pending[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .text("\u{FFFD}", length: 1)
        }
        let available = pending.count - index
        for offset in 1..<min(length, available) where pending[index + offset] & 0xC0 != 0x80 {
            return .text("\u{FFFD}", length: 1)
        }
        guard available >= length else { return isFinal ? .text("\u{FFFD}", length: 1) : .incomplete }
        var decoder = UTF8()
        var iterator = pending[index..<(index + length)].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return .text(scalar, length: length)
        }
        return .text("\u{FFFD}", length: 1)
    }
}
