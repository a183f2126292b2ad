import Testing

@testable import TerminalUI

@Suite("Mouse reports in the key decoder", .timeLimit(.minutes(1)))
struct MouseDecoderTests {
    /// Decodes bytes in one read, then flushes.
    private func decode(_ text: String) -> [TerminalEvent] {
        var decoder = KeyDecoder()
        return decoder.decodeEvents(Array(text.utf8)) + decoder.flushEvents()
    }

    private func mouse(
        _ action: MouseAction, _ column: Int, _ row: Int, _ modifiers: KeyModifiers = []
    ) -> TerminalEvent {
        .mouse(MouseEvent(action, column: column, row: row, modifiers: modifiers))
    }

    @Test(
        "SGR reports: presses, releases, drags, moves, the wheel and modifiers, from 1-based to 0-based cells",
        arguments: [
            ("\u{1B}[<0;1;1M", MouseEvent(.press(.left), column: 0, row: 0)),
            ("\u{1B}[<0;1;1m", MouseEvent(.release(.left), column: 0, row: 0)),
            ("\u{1B}[<1;10;5M", MouseEvent(.press(.middle), column: 9, row: 4)),
            ("\u{1B}[<2;10;5m", MouseEvent(.release(.right), column: 9, row: 4)),
            ("\u{1B}[<32;11;5M", MouseEvent(.drag(.left), column: 10, row: 4)),
            ("\u{1B}[<34;11;5M", MouseEvent(.drag(.right), column: 10, row: 4)),
            ("\u{1B}[<35;11;5M", MouseEvent(.move, column: 10, row: 4)),
            ("\u{1B}[<64;3;4M", MouseEvent(.wheel(.up), column: 2, row: 3)),
            ("\u{1B}[<65;3;4M", MouseEvent(.wheel(.down), column: 2, row: 3)),
            ("\u{1B}[<66;3;4M", MouseEvent(.wheel(.left), column: 2, row: 3)),
            ("\u{1B}[<67;3;4M", MouseEvent(.wheel(.right), column: 2, row: 3)),
            ("\u{1B}[<16;2;2M", MouseEvent(.press(.left), column: 1, row: 1, modifiers: .control)),
            ("\u{1B}[<4;2;2M", MouseEvent(.press(.left), column: 1, row: 1, modifiers: .shift)),
            ("\u{1B}[<8;2;2M", MouseEvent(.press(.left), column: 1, row: 1, modifiers: .option)),
            ("\u{1B}[<81;2;2M", MouseEvent(.wheel(.down), column: 1, row: 1, modifiers: .control)),
            ("\u{1B}[<128;2;2M", MouseEvent(.press(.extra(8)), column: 1, row: 1)),
            // Past column 223, which the X10 encoding cannot carry.
            ("\u{1B}[<0;251;4M", MouseEvent(.press(.left), column: 250, row: 3)),
            ("\u{1B}[<0;1000;300M", MouseEvent(.press(.left), column: 999, row: 299)),
        ] as [(String, MouseEvent)]
    )
    func sgrReports(bytes: String, expected: MouseEvent) {
        #expect(decode(bytes) == [.mouse(expected)])
    }

    @Test("X10 reports: CSI M and three bytes of value plus 32")
    func x10Reports() {
        #expect(decode("\u{1B}[M !!") == [mouse(.press(.left), 0, 0)])
        #expect(decode("\u{1B}[M#+&") == [mouse(.release(nil), 10, 5)])
        #expect(decode("\u{1B}[M`!!") == [mouse(.wheel(.up), 0, 0)])
        // Column 223 is the last the form carries: 223 + 32 = 255.
        var decoder = KeyDecoder()
        let events = decoder.decodeEvents([0x1B, 0x5B, 0x4D, 0x20, 0xFF, 0x21]) + decoder.flushEvents()
        #expect(events == [mouse(.press(.left), 222, 0)])
    }

    @Test("reports and keys keep their order, and text around a report stays whole")
    func interleaved() {
        #expect(
            decode("ab\u{1B}[<0;5;6Mc\u{1B}[Ad\u{1B}[<0;5;6m")
                == [
                    .key(.character("a")), .key(.character("b")), mouse(.press(.left), 4, 5), .key(.character("c")),
                    .key(KeyEvent(.up)), .key(.character("d")), mouse(.release(.left), 4, 5),
                ])
    }

    @Test("decode(_:), the keys-only form, drops the reports and keeps the keys")
    func keysOnly() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("x\u{1B}[<0;5;6My\u{1B}[M !!z".utf8)) == ["x", "y", "z"].map(KeyEvent.character))
    }

    @Test(
        "malformed reports are dropped whole and what follows is read",
        arguments: [
            "\u{1B}[<0;5M",  // two parameters
            "\u{1B}[<0;5;6;7M",  // four
            "\u{1B}[<0;0;6M",  // column 0
            "\u{1B}[<0;;6M",  // an empty parameter
            "\u{1B}[<-1;5;6M",  // a sign
            "\u{1B}[<64;5;6m",  // a wheel "release"
            "\u{1B}[<0;99999999;6M",  // past any screen
            "\u{1B}[<" + String(repeating: "1", count: 60) + ";5;6M",  // longer than any sequence
        ]
    )
    func malformed(text: String) {
        #expect(decode(text + "ok") == [.key(.character("o")), .key(.character("k"))])
    }

    @Test("a report broken by a control byte is dropped up to that byte, which counts as its key")
    func brokenByControl() {
        #expect(decode("\u{1B}[<0;12\u{03}x") == [.key(.control("c")), .key(.character("x"))])
    }

    @Test("a report cut short by the flush is dropped, and so is its rest when it comes late")
    func truncatedThenLate() {
        var decoder = KeyDecoder()
        #expect(decoder.decodeEvents(Array("\u{1B}[<0;12".utf8)).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flushEvents().isEmpty)
        #expect(!decoder.hasPendingInput)
        #expect(decoder.decodeEvents(Array(";5Mok".utf8)) == [.key(.character("o")), .key(.character("k"))])
        // A rest that never comes: the next sequence ends the dropping and is read whole.
        #expect(decoder.decodeEvents(Array("\u{1B}[<0;3".utf8)).isEmpty)
        #expect(decoder.flushEvents().isEmpty)
        #expect(decoder.decodeEvents(Array("\u{1B}[A\r".utf8)) == [.key(KeyEvent(.up)), .key(KeyEvent(.enter))])
        // A truncated X10 report too: its three bytes cannot be told from text, so only the part read is dropped.
        #expect(decoder.decodeEvents(Array("\u{1B}[M ".utf8)).isEmpty)
        #expect(decoder.flushEvents().isEmpty)
    }

    @Test("ESC [ alone still counts as Escape and [ at the flush (Alt-[ typed)")
    func bareControlSequenceIntroducer() {
        #expect(decode("\u{1B}[") == [.key(KeyEvent(.escape)), .key(.character("["))])
    }

    /// Typed letters with reports between them, read in pieces split at random points, with the reader's flush
    /// (the escape delay running out) at random points at least three bytes into a report (before that, `ESC` and
    /// `ESC [` are what a user may type). Whatever the splits and flushes, no byte of a report comes out as text.
    @Test("random splits and late flushes never turn report bytes into text")
    func randomSplitsLeakNothing() {
        var random = SplitMix64(seed: 0x5EED)
        let reports = ["\u{1B}[<0;251;4M", "\u{1B}[<65;3;4M", "\u{1B}[<2;10;5m", "\u{1B}[<35;1200;80M"]
        for _ in 0..<500 {
            var bytes: [UInt8] = []
            var flushPoints: Set<Int> = []
            var letters = ""
            for _ in 0..<8 {
                let letter = Character(Unicode.Scalar(UInt8(0x61 + random.next(below: 26))))
                letters.append(letter)
                bytes += Array(String(letter).utf8)
                let report = Array(reports[random.next(below: reports.count)].utf8)
                if random.next(below: 4) == 0 { flushPoints.insert(bytes.count + 3 + random.next(below: 5)) }
                bytes += report
            }
            var decoder = KeyDecoder()
            var events: [TerminalEvent] = []
            var start = 0
            while start < bytes.count {
                var end = min(start + 1 + random.next(below: 12), bytes.count)
                if let flush = flushPoints.filter({ $0 > start && $0 <= end }).min() { end = flush }
                events += decoder.decodeEvents(bytes[start..<end])
                if flushPoints.contains(end) { events += decoder.flushEvents() }
                start = end
            }
            events += decoder.flushEvents()
            let text = String(
                events.compactMap { event -> Character? in
                    guard case .key(let key) = event, case .character(let character) = key.key else { return nil }
                    return character
                })
            #expect(text == letters, "bytes \(bytes), flushes at \(flushPoints.sorted())")
        }
    }

    @Test("descriptions are readable, and a translated report is relative to its region")
    func descriptions() {
        let event = MouseEvent(.press(.left), column: 250, row: 3, modifiers: [.control])
        #expect(event.description == "press left 250,3 ctrl")
        #expect(MouseEvent(.wheel(.down), column: 0, row: 9).description == "wheel down 0,9")
        #expect(MouseEvent(.release(nil), column: 1, row: 2).description == "release 1,2")
        let moved = event.translated(byColumns: 10, rows: 2)
        #expect(moved.column == 240 && moved.row == 1 && moved.action == event.action)
        #expect(event.isPrimaryPress && !MouseEvent(.press(.right), column: 0, row: 0).isPrimaryPress)
    }
}

/// A small deterministic generator (SplitMix64, Steele, Lea and Flood 2014), so a failing case repeats.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
