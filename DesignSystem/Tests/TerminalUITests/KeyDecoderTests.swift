import Testing

@testable import TerminalUI

@Suite("Key decoder", .timeLimit(.minutes(1)))
struct KeyDecoderTests {
    /// Decodes bytes in one read, then flushes.
    private func decode(_ bytes: [UInt8]) -> [KeyEvent] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    private func decode(_ text: String) -> [KeyEvent] {
        decode(Array(text.utf8))
    }

    @Test(
        "escape sequences",
        arguments: [
            ("\u{1B}[A", KeyEvent(.up)),
            ("\u{1B}[B", KeyEvent(.down)),
            ("\u{1B}[C", KeyEvent(.right)),
            ("\u{1B}[D", KeyEvent(.left)),
            ("\u{1B}OA", KeyEvent(.up)),  // application cursor mode
            ("\u{1B}[H", KeyEvent(.home)),
            ("\u{1B}[F", KeyEvent(.end)),
            ("\u{1B}OH", KeyEvent(.home)),
            ("\u{1B}[1~", KeyEvent(.home)),
            ("\u{1B}[4~", KeyEvent(.end)),
            ("\u{1B}[7~", KeyEvent(.home)),  // rxvt
            ("\u{1B}[2~", KeyEvent(.insert)),
            ("\u{1B}[3~", KeyEvent(.delete)),
            ("\u{1B}[5~", KeyEvent(.pageUp)),
            ("\u{1B}[6~", KeyEvent(.pageDown)),
            ("\u{1B}[Z", KeyEvent(.tab, modifiers: .shift)),
            ("\u{1B}OP", KeyEvent(.function(1))),
            ("\u{1B}[15~", KeyEvent(.function(5))),
            ("\u{1B}[24~", KeyEvent(.function(12))),
            ("\u{1B}[1;5A", KeyEvent(.up, modifiers: .control)),
            ("\u{1B}[1;2D", KeyEvent(.left, modifiers: .shift)),
            ("\u{1B}[1;3C", KeyEvent(.right, modifiers: .option)),
            ("\u{1B}[3;5~", KeyEvent(.delete, modifiers: .control)),
            ("\u{1B}[97;5u", KeyEvent(.character("a"), modifiers: .control)),
            ("\u{1B}[13;2u", KeyEvent(.enter, modifiers: .shift)),
        ] as [(String, KeyEvent)]
    )
    func sequences(bytes: String, expected: KeyEvent) {
        #expect(decode(bytes) == [expected])
    }

    @Test(
        "control bytes",
        arguments: [
            (0x0D, KeyEvent(.enter)),
            (0x0A, KeyEvent(.enter)),
            (0x09, KeyEvent(.tab)),
            (0x7F, KeyEvent(.backspace)),
            (0x08, KeyEvent(.backspace)),
            (0x01, KeyEvent.control("a")),
            (0x03, KeyEvent.control("c")),
            (0x1A, KeyEvent.control("z")),
            (0x00, KeyEvent.control(" ")),
            (0x1C, KeyEvent.control("\\")),
            (0x1F, KeyEvent.control("_")),
        ] as [(UInt8, KeyEvent)]
    )
    func controlBytes(byte: UInt8, expected: KeyEvent) {
        #expect(decode([byte]) == [expected])
    }

    @Test("UTF-8 text, grouped into grapheme clusters within a read")
    func text() {
        #expect(decode("hé東👩‍💻") == [.character("h"), .character("é"), .character("東"), .character("👩‍💻")])
        #expect(decode("e\u{301}") == [.character("e\u{301}")])
        #expect(decode("🇫🇷") == [.character("🇫🇷")])
    }

    @Test("invalid UTF-8 becomes U+FFFD and decoding goes on")
    func invalidText() {
        #expect(decode([0xFF, 0x61]) == [.character("\u{FFFD}"), .character("a")])
        #expect(decode([0xE6, 0x61]) == [.character("\u{FFFD}"), .character("a")])  // lead byte without continuation
        #expect(decode([0xE6, 0x9D]) == [.character("\u{FFFD}"), .character("\u{FFFD}")])  // cut off, then flushed
    }

    @Test("Escape alone waits for the flush; Escape then a key is Alt")
    func escape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [KeyEvent(.escape)])
        #expect(!decoder.hasPendingInput)
        #expect(decode("\u{1B}x") == [KeyEvent(.character("x"), modifiers: .option)])
        #expect(decode("\u{1B}\u{7F}") == [KeyEvent(.backspace, modifiers: .option)])
        #expect(decode([0x1B, 0x1B]) == [KeyEvent(.escape), KeyEvent(.escape)])
        #expect(decode("\u{1B}[") == [KeyEvent(.escape), .character("[")])
    }

    @Test("unknown and malformed sequences are dropped without losing what follows")
    func unknownSequences() {
        #expect(decode("\u{1B}[?1;2cA") == [.character("A")])  // a device attributes report
        #expect(decode("\u{1B}[99~x") == [.character("x")])
        #expect(decode("\u{1B}OXy") == [.character("y")])
        // Broken by a control byte: the sequence's bytes are dropped, the control byte is its own key.
        #expect(decode("\u{1B}[1\u{7}z") == [.control("g"), .character("z")])
    }

    @Test("bracketed paste arrives as one event, line breaks and escapes included")
    func paste() {
        let events = decode("a\u{1B}[200~line 1\r\nline 2 \u{1B}[A\u{1B}[201~b")
        #expect(events == [.character("a"), KeyEvent(.paste("line 1\r\nline 2 \u{1B}[A")), .character("b")])
    }

    static let splitSamples = [
        "\u{1B}[1;5A",
        "東京",
        "😀é",
        "x\u{1B}[3~y",
        "\u{1B}[200~pasted 東京\u{1B}[201~",
        "\u{1B}OP\u{1B}[24~",
        "\u{1B}[97;5u",
        // Mouse reports (SGR past column 223, the wheel, a drag and a release; X10).
        "\u{1B}[<0;251;4M",
        "\u{1B}[<65;3;4Mq",
        "a\u{1B}[<32;1000;300M\u{1B}[<0;1000;300m",
        "\u{1B}[M !!x",
    ]

    @Test("a sequence split across reads at any point decodes the same", arguments: splitSamples)
    func splitAcrossReads(text: String) {
        let bytes = Array(text.utf8)
        var wholeDecoder = KeyDecoder()
        let whole = wholeDecoder.decodeEvents(bytes) + wholeDecoder.flushEvents()
        for split in 1..<bytes.count {
            var decoder = KeyDecoder()
            let events =
                decoder.decodeEvents(bytes[..<split]) + decoder.decodeEvents(bytes[split...]) + decoder.flushEvents()
            #expect(events == whole, "split at \(split)")
        }
        // One byte per read, the harshest case.
        var decoder = KeyDecoder()
        var events: [TerminalEvent] = []
        for byte in bytes { events += decoder.decodeEvents([byte]) }
        #expect(events + decoder.flushEvents() == whole)
    }

    /// Multi-scalar clusters are grouped within a read only: a terminal sends a typed cluster in one write, and
    /// waiting for a possible continuation would delay every key.
    @Test("a grapheme cluster split across reads gives one event per read part")
    func clusterSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("e".utf8)) == [.character("e")])
        #expect(decoder.decode(Array("\u{301}".utf8)) == [.character("\u{301}")])
    }

    @Test("key descriptions are readable")
    func descriptions() {
        #expect(KeyEvent.control("c").description == "ctrl+c")
        #expect(KeyEvent(.tab, modifiers: .shift).description == "shift+tab")
        #expect(KeyEvent(.up).description == "up")
        #expect(KeyEvent.character(" ").description == "space")
        #expect(KeyEvent(.paste("abc")).description == "paste(3 characters)")
    }
}
