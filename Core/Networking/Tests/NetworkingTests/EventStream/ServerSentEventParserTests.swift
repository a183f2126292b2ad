import Networking
import Testing

/// The event-stream parser against the WHATWG HTML standard's examples (§9.2.5) and its edge cases.
struct ServerSentEventParserTests {
    /// Parses `text` in one piece and then closes the stream.
    private func parse(_ text: String) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return try parser.feed(Array(text.utf8))
    }

    /// Parses `bytes` split at `cut` into two chunks.
    private func parse(_ bytes: [UInt8], cutAt cut: Int) throws -> ([ServerSentEvent], ServerSentEventParser) {
        var parser = ServerSentEventParser()
        var events = try parser.feed(bytes[..<cut])
        events += try parser.feed(bytes[cut...])
        return (events, parser)
    }

    @Test func stockExampleJoinsDataLinesWithLineFeed() throws {
        let events = try parse("data: YHOO\ndata: +2\ndata: 10\n\n")
        #expect(events == [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    @Test func standardFourBlockExampleDispatchesTwoAndKeepsTheID() throws {
        let text = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n"
        let events = try parse(text)
        #expect(
            events == [
                ServerSentEvent(data: "first event", lastEventID: "1"),
                ServerSentEvent(data: "second event", lastEventID: ""),
            ])
    }

    @Test func emptyDataFieldsDispatchOneEmptyLineAndOneLineFeed() throws {
        let events = try parse("data\n\ndata\ndata\n\ndata:\n")
        #expect(events == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
    }

    @Test func onlyOneSpaceAfterTheColonIsRemoved() throws {
        let events = try parse("data:test\n\ndata: test\n\ndata:  test\n\n")
        #expect(events.map(\.data) == ["test", "test", " test"])
    }

    @Test func eventFieldSetsTheTypeForOneEventOnly() throws {
        let events = try parse("event: post.likes\ndata: {}\n\ndata: plain\n\n")
        #expect(events.map(\.type) == ["post.likes", "message"])
    }

    @Test func crLfAndCrLfLineEndsAreAllLineEnds() throws {
        let events = try parse("data: a\r\rdata: b\n\ndata: c\r\n\r\nevent: x\rdata: d\r\n\n")
        #expect(events.map(\.data) == ["a", "b", "c", "d"])
        #expect(events.last?.type == "x")
    }

    @Test func crOnlyStreamParsesLikeLfStream() throws {
        let lf = try parse("id: 7\nevent: e\ndata: one\ndata: two\n\n: hb\n\ndata: three\n\n")
        let cr = try parse("id: 7\revent: e\rdata: one\rdata: two\r\r: hb\r\rdata: three\r\r")
        #expect(cr == lf)
        #expect(cr.count == 2)
    }

    @Test func leadingBOMIsDroppedOnceAndOnlyAtTheStart() throws {
        let bom = "\u{FEFF}"
        #expect(try parse("\(bom)data: a\n\n") == [ServerSentEvent(data: "a")])
        // A second BOM is part of the first line: its field name is then "\u{FEFF}data", an unknown field.
        #expect(try parse("\(bom)\(bom)data: a\n\n").isEmpty)
        // A BOM later in a value is kept.
        #expect(try parse("data: \(bom)a\n\n").map(\.data) == ["\(bom)a"])
    }

    @Test func commentLinesAreCountedAndNeverDispatch() throws {
        var parser = ServerSentEventParser()
        let events = try parser.feed(Array(":heartbeat\n\n: another\n\n".utf8))
        #expect(events.isEmpty)
        #expect(parser.commentCount == 2)
    }

    @Test func fieldWithoutColonHasAnEmptyValue() throws {
        // "data" alone appends an empty line; "event" alone resets the type; "id" alone clears the id.
        let events = try parse("id: 5\nevent: x\nevent\ndata\ndata: y\nid\n\n")
        #expect(events == [ServerSentEvent(type: "message", data: "\ny", lastEventID: "")])
    }

    @Test func idContainingNULIsIgnored() throws {
        let events = try parse("id: 1\n\nid: 2\u{0}3\ndata: x\n\n")
        #expect(events == [ServerSentEvent(data: "x", lastEventID: "1")])
    }

    @Test func idIsKeptAcrossEventsAndSetEvenWithoutData() throws {
        var parser = ServerSentEventParser()
        let events = try parser.feed(Array("id: a-1\n\ndata: x\n\n".utf8))
        #expect(events == [ServerSentEvent(data: "x", lastEventID: "a-1")])
        #expect(parser.lastEventID == "a-1")
    }

    @Test(arguments: [
        ("retry: 2500\n", Duration?.some(.milliseconds(2500))),
        ("retry: 0\n", .some(.zero)),
        ("retry: 25x\n", nil), ("retry: -5\n", nil), ("retry: 2.5\n", nil), ("retry:\n", nil),
        ("retry\n", nil), ("retry:  100\n", nil), ("retry: 100 \n", nil), ("retry: ١٢\n", nil),
    ])
    func retryTakesOnlyASCIIDigits(line: String, expected: Duration?) throws {
        var parser = ServerSentEventParser()
        _ = try parser.feed(Array(line.utf8))
        #expect(parser.reconnectionTime == expected)
    }

    @Test func junkRetryKeepsTheEarlierValue() throws {
        var parser = ServerSentEventParser()
        _ = try parser.feed(Array("retry: 1000\nretry: soon\n".utf8))
        #expect(parser.reconnectionTime == .milliseconds(1000))
    }

    @Test func unknownFieldsAreIgnored() throws {
        let events = try parse("foo: bar\ndata: x\nDATA: y\nEvent: z\n\n")
        #expect(events == [ServerSentEvent(data: "x")])
    }

    @Test func eventWithoutDataIsNotDispatchedAndItsTypeDoesNotLeak() throws {
        let events = try parse("event: post.created\n\ndata: later\n\n")
        #expect(events == [ServerSentEvent(data: "later")])
    }

    @Test func unfinishedEventAtTheEndIsNotDispatched() throws {
        #expect(try parse("data: first\n\ndata: unfinished\n").count == 1)
        #expect(try parse("data: first\n\ndata: unfinished").count == 1)
    }

    @Test func invalidUTF8IsReplacedNotFatal() throws {
        var parser = ServerSentEventParser()
        let events = try parser.feed(Array("data: a".utf8) + [0xFF, 0xFE] + Array("b\n\n".utf8))
        #expect(events.map(\.data) == ["a\u{FFFD}\u{FFFD}b"])
    }

    @Test func multiByteCharactersSurviveAnySplit() throws {
        let bytes = Array("\u{FEFF}data: Grüße 😀\r\n\r\n".utf8)
        for cut in 0...bytes.count {
            let (events, _) = try parse(bytes, cutAt: cut)
            #expect(events.map(\.data) == ["Grüße 😀"], "cut at \(cut)")
        }
    }

    @Test func everyByteBoundaryGivesTheSameEvents() throws {
        let stream =
            "\u{FEFF}: comment\r\nretry: 1500\rid: inst-1\nevent: post.likes\r\ndata: {\"post_id\":\"p1\",\r"
            + "data:  \"like_count\":3}\r\n\r\nid: inst-2\ndata\n\nid: bad\u{0}\rdata: last\r\r"
        let bytes = Array(stream.utf8)
        var whole = ServerSentEventParser()
        let expected = try whole.feed(bytes)
        #expect(
            expected == [
                ServerSentEvent(
                    type: "post.likes", data: "{\"post_id\":\"p1\",\n \"like_count\":3}", lastEventID: "inst-1"),
                ServerSentEvent(data: "", lastEventID: "inst-2"),
                ServerSentEvent(data: "last", lastEventID: "inst-2"),
            ])
        for cut in 0...bytes.count {
            let (events, parser) = try parse(bytes, cutAt: cut)
            #expect(events == expected, "cut at \(cut)")
            #expect(parser.reconnectionTime == .milliseconds(1500), "cut at \(cut)")
            #expect(parser.lastEventID == "inst-2", "cut at \(cut)")
        }
        // And one byte at a time.
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for byte in bytes {
            events += try parser.feed([byte])
        }
        #expect(events == expected)
    }

    @Test func crAtTheEndOfOneChunkAndLfAtTheStartOfTheNextAreOneLineEnd() throws {
        var parser = ServerSentEventParser()
        var events = try parser.feed(Array("data: a\r".utf8))
        events += try parser.feed(Array("\ndata: b\r\n\r\n".utf8))
        #expect(events.map(\.data) == ["a\nb"])
    }

    @Test func idOfAnUnfinishedEventIsNotTheStreamsLastEventIDYet() throws {
        var parser = ServerSentEventParser()
        _ = try parser.feed(Array("id: a-1\ndata: x\n\nid: a-2\ndata: y\n".utf8))
        #expect(parser.lastEventID == "a-1")
        _ = try parser.feed(Array("\n".utf8))
        #expect(parser.lastEventID == "a-2")
    }

    @Test func resumingParserKeepsTheLastEventID() throws {
        var parser = ServerSentEventParser(resumingAfter: "inst-9")
        let events = try parser.feed(Array("data: x\n\n".utf8))
        #expect(events.first?.lastEventID == "inst-9")
    }

    @Test func oversizedLineOrEventThrows() throws {
        var parser = ServerSentEventParser(maximumEventBytes: 16)
        #expect(throws: ServerSentEventParser.EventTooLarge.self) {
            _ = try parser.feed(Array("data: \(String(repeating: "x", count: 32))\n".utf8))
        }
        var lines = ServerSentEventParser(maximumEventBytes: 16)
        #expect(throws: ServerSentEventParser.EventTooLarge.self) {
            _ = try lines.feed(Array("data: 123456\ndata: 123456\ndata: 123456\n".utf8))
        }
    }
}
