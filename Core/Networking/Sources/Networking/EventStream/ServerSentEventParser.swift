/// One event dispatched by an event stream (WHATWG HTML §9.2 "Server-sent events").
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type: the last `event:` field before the blank line, or `"message"` when there was none.
    public var type: String
    /// The `data:` lines joined with LF, without the final LF.
    public var data: String
    /// The stream's last event ID when the event was dispatched (the last `id:` seen, kept across events); empty
    /// when the stream never set one or reset it with an empty `id:`.
    public var lastEventID: String

    /// An event with these fields.
    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}

/// The incremental `text/event-stream` parser of the WHATWG HTML standard (§9.2.6 "Event stream interpretation"),
/// as a value: feed it the bytes as they arrive, split anywhere, and it returns the events completed so far.
///
/// It follows the standard line by line: lines end with CRLF, LF or a lone CR (a CR at the end of one chunk and an LF
/// at the start of the next are one line end); one leading U+FEFF BOM is dropped; lines starting with `:` are
/// comments; a line without a colon is a field with an empty value; one space after the colon is removed; `data`
/// appends its value and an LF; `event` sets the type; `id` sets the last event ID unless the value contains NUL;
/// `retry` sets the reconnection time only when the value is ASCII digits; other fields are ignored; a blank line
/// dispatches the event, and one with an empty data buffer is not dispatched (its type is dropped, its `id` kept).
/// Bytes are decoded as UTF-8 with invalid sequences replaced by U+FFFD, as the standard requires. An event not
/// closed by a blank line when the stream ends is never dispatched.
///
/// Memory is bounded by `maximumEventBytes`: a line or an event's data growing past it throws
/// `ServerSentEventParser.EventTooLarge`, after which the caller should drop the connection.
public struct ServerSentEventParser: Sendable {
    /// Thrown when one line or one event's data exceeds the parser's bound.
    public struct EventTooLarge: Error, CustomStringConvertible {
        /// The bound, in bytes.
        public let limit: Int

        /// "an event-stream event exceeded 1048576 bytes".
        public var description: String { "an event-stream event exceeded \(limit) bytes" }
    }

    /// The bound on one line and on one event's data, in bytes.
    public let maximumEventBytes: Int
    /// The stream's last event ID: the `id` in force at the last blank line (the standard's "last event ID
    /// string"), which is what a reconnecting client sends as `Last-Event-ID` (empty: send none). An `id:` of an
    /// event not yet closed by a blank line does not count, so a connection cut mid-event resumes before it.
    public private(set) var lastEventID = ""
    /// The last event ID buffer: the latest valid `id:` value, including one of an event still open.
    private var idBuffer = ""
    /// The reconnection time the stream asked for with its last valid `retry:` field, or nil when it sent none.
    public private(set) var reconnectionTime: Duration?
    /// Comment lines seen so far (heartbeats are comments); any line, comment or not, shows the connection is alive.
    public private(set) var commentCount = 0

    private var line: [UInt8] = []
    private var afterCR = false
    /// The stream's first bytes while they may still turn out to be the BOM (EF BB BF); nil once decided.
    private var bomPrefix: [UInt8]? = []
    private var data = ""
    private var dataBytes = 0
    private var eventType = ""

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    /// A parser at the start of a stream.
    ///
    /// - Parameter maximumEventBytes: The most bytes one line or one event's data may take (at least 1).
    public init(maximumEventBytes: Int = 1 << 20) {
        self.maximumEventBytes = max(maximumEventBytes, 1)
    }

    /// A parser at the start of a new connection that keeps the last event ID of an earlier one, as the standard's
    /// reconnection does (the ID buffer survives; everything else starts over).
    public init(resumingAfter lastEventID: String, maximumEventBytes: Int = 1 << 20) {
        self.init(maximumEventBytes: maximumEventBytes)
        self.lastEventID = lastEventID
        self.idBuffer = lastEventID
    }

    /// Parses `bytes`, the next part of the stream, and returns the events it completed, in order.
    ///
    /// - Throws: `EventTooLarge` when a line or an event's data grows past `maximumEventBytes`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            guard bomPrefix != nil else {
                try consume(byte, into: &events)
                continue
            }
            for held in takeBOMPrefix(byte) ?? [] {
                try consume(held, into: &events)
            }
        }
        return events
    }

    /// Handles a byte while the leading BOM is undecided: nil while it is still held, otherwise the bytes to parse
    /// (empty when they formed the BOM).
    private mutating func takeBOMPrefix(_ byte: UInt8) -> [UInt8]? {
        guard var prefix = bomPrefix else { return [byte] }
        prefix.append(byte)
        if prefix == Self.bom {
            bomPrefix = nil
            return []
        }
        if Self.bom.starts(with: prefix) {
            bomPrefix = prefix
            return nil
        }
        bomPrefix = nil
        return prefix
    }

    private mutating func consume(_ byte: UInt8, into events: inout [ServerSentEvent]) throws {
        if afterCR {
            afterCR = false
            if byte == Self.lineFeed { return }
        }
        switch byte {
        case Self.carriageReturn:
            afterCR = true
            try endLine(into: &events)
        case Self.lineFeed:
            try endLine(into: &events)
        default:
            guard line.count < maximumEventBytes else { throw EventTooLarge(limit: maximumEventBytes) }
            line.append(byte)
        }
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) throws {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            if let event = dispatch() { events.append(event) }
            return
        }
        if line.first == UInt8(ascii: ":") {
            commentCount += 1
            return
        }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = []
        }
        try process(field: String(decoding: field, as: UTF8.self), value: value)
    }

    private mutating func process(field: String, value: ArraySlice<UInt8>) throws {
        switch field {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            dataBytes += value.count + 1
            guard dataBytes <= maximumEventBytes else { throw EventTooLarge(limit: maximumEventBytes) }
            data += String(decoding: value, as: UTF8.self)
            data += "\n"
        case "id":
            if !value.contains(0) { idBuffer = String(decoding: value, as: UTF8.self) }
        case "retry":
            guard !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return
            }
            // Digits beyond Int64 would overflow: such a value means "wait practically forever".
            let milliseconds = Int64(String(decoding: value, as: UTF8.self)) ?? Int64.max / 1_000_000
            reconnectionTime = .milliseconds(min(milliseconds, Int64.max / 1_000_000))
        default:
            return
        }
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data = ""
            dataBytes = 0
            eventType = ""
        }
        lastEventID = idBuffer
        guard !data.isEmpty else { return nil }
        data.removeLast()
        return ServerSentEvent(type: eventType.isEmpty ? "message" : eventType, data: data, lastEventID: lastEventID)
    }
}
