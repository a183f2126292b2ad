import FeatureKit
import Foundation
import Networking
import Primitives

extension CommandRunner {
    /// `storefront watch [--count N]`: prints the events of `GET /v1/events` as they arrive, one line each (one JSON
    /// object per line with `--json`), until N events were printed or the user interrupts it.
    ///
    /// Connection changes go to standard error ("watching…", "the connection to 127.0.0.1:8080 dropped; reconnecting
    /// in 3 s"), so standard output holds only events; with `--json` a dropped connection is also one line on
    /// standard output, `{"disconnected": {"code": "connection_dropped", "message": "…", "retry_in_seconds": 3.25}}`
    /// (the codes of `EventStreamDisconnection.Kind`; the wait in seconds, rounded to milliseconds), which no event
    /// line has. A malformed event (data that is not JSON, or lacks what the API contract requires of its name) is
    /// reported there in one line (`skipped a malformed post.likes event (id 7): like_count is missing`), is not
    /// printed or counted, and the stream goes on. A stream that cannot be opened at all fails like any other command (exit 1); a server that answers
    /// something else than a stream is named with its answer (`127.0.0.1:8080 answered 404 instead of the event
    /// stream`, code `not_found`; `not_an_event_stream` for a 200 of another type) and its request id. Once it was open, a
    /// dropped connection is resumed after the last event id, so no event is lost or repeated.
    func watch(_ invocation: CommandInvocation) async -> ExitCode {
        let count: Int?
        do {
            count = try invocation.integer("--count", in: 1...1_000_000_000)
        } catch {
            return invocation.usage(error.message)
        }
        var printed = 0
        var connectedBefore = false
        do {
            for try await update in dependencies.liveEvents.updates() {
                switch update {
                case .connected:
                    invocation.note(connectedBefore ? "reconnected" : "watching live events (interrupt to stop)")
                    connectedBefore = true
                case .disconnected(let reason, let retryIn):
                    guard connectedBefore else {
                        if let failure = dependencies.backend?.lastStartFailure, EmbeddedBackend.isDiskFull(failure) {
                            // The built-in server's disk is full: said as such, never as being offline.
                            return invocation.fail(
                                "the event stream could not be opened: \(failure)", code: DiskFull.code)
                        }
                        return invocation.fail(
                            "the event stream could not be opened: \(reason.sentence)", code: reason.code)
                    }
                    invocation.note("\(reason.sentence); reconnecting in \(EventStreamDisconnection.seconds(retryIn))")
                    if invocation.json, let line = Self.jsonLine(reason, retryIn: retryIn) {
                        invocation.print(line)
                    }
                case .malformed(let id, let name, let reason):
                    invocation.note(LiveEventText.malformed(id: id, name: name, reason: reason))
                case .event(let id, let name, let data):
                    let event = LiveEvent(id: id, name: name, data: data)
                    if let problem = LiveEventText.problem(event) {
                        invocation.note(LiveEventText.malformed(id: id, name: name, reason: problem))
                        continue
                    }
                    if invocation.json {
                        guard let line = Self.jsonLine(event) else {
                            return invocation.fail("event \(id) could not be written as JSON")
                        }
                        invocation.print(line)
                    } else {
                        invocation.print(LiveEventText.line(event))
                    }
                    printed += 1
                    if let count, printed >= count { return .success }
                }
            }
        } catch let refusal as EventStreamError {
            // The server answered, but not with a stream: said as its answer, with the API's code and request id.
            let what = connectedBefore ? "the event stream ended" : "the event stream could not be opened"
            return invocation.fail("\(what): \(refusal)", code: refusal.code, requestID: refusal.requestID)
        } catch {
            return invocation.fail("the event stream ended", error)
        }
        // The server answered 204: it asks clients to stop watching.
        invocation.note("the server closed the event stream")
        return .success
    }

    /// `{"data": …, "event": "post.likes", "id": "…"}` on one line.
    private static func jsonLine(_ event: LiveEvent) -> String? {
        struct Line: Encodable {
            let id: String
            let event: String
            let data: JSONValue
        }
        return oneLine(Line(id: event.id, event: event.name, data: event.data))
    }

    /// `value` as one line of the API's JSON (snake_case names), or nil when it cannot be encoded.
    private static func oneLine(_ value: some Encodable) -> String? {
        guard let data = try? APIJSON.makeEncoder().encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `{"disconnected": {"code": "connection_dropped", "message": "…", "retry_in_seconds": 3}}` on one line.
    private static func jsonLine(_ reason: EventStreamDisconnection, retryIn: Duration) -> String? {
        struct Line: Encodable {
            struct Disconnected: Encodable {
                let code: String
                let message: String
                let retryInSeconds: Double
            }
            let disconnected: Disconnected
        }
        return oneLine(
            Line(
                disconnected: .init(
                    code: reason.code, message: reason.sentence,
                    retryInSeconds: Double(EventStreamDisconnection.milliseconds(retryIn)) / 1000)))
    }
}

extension CommandInvocation {
    /// Prints `<program>: <message>` on standard error: progress that is not the command's output.
    func note(_ message: String) {
        errorOutput.write("\(programName): \(message)\n")
    }
}

/// One readable line per live event, for `storefront watch`.
enum LiveEventText {
    /// "post.likes post_7: 13 likes", "order.status ord_1: shipped", "post.created post_9 by Ada: caption".
    static func line(_ event: LiveEvent) -> String {
        let data = event.data
        switch event.name {
        case "post.created":
            let author = data["author_name"]?.text.map { " by \($0)" } ?? ""
            let caption = data["caption"]?.text.map { ": \(excerpt($0))" } ?? ""
            return "post.created \(data["id"]?.text ?? "?")\(author)\(caption)"
        case "post.likes":
            let likes = data["like_count"]?.text ?? "?"
            return "post.likes \(data["post_id"]?.text ?? "?"): \(likes) \(likes == "1" ? "like" : "likes")"
        case "order.status":
            let at = data["changed_at"]?.text.map { " at \($0)" } ?? ""
            return "order.status \(data["order_id"]?.text ?? "?"): \(data["status"]?.text ?? "?")\(at)"
        case "reset":
            return "reset: \(data["reason"]?.text ?? "the stream restarted"); refetch what is shown"
        default:
            return "\(event.name) \(event.id)"
        }
    }

    /// `skipped a malformed post.likes event (id 7): like_count is missing` (`(no id)` when the stream set none).
    static func malformed(id: String, name: String, reason: String) -> String {
        "skipped a malformed \(name) event (\(id.isEmpty ? "no id" : "id \(id)")): \(reason)"
    }

    /// What is wrong with `event` by the API contract (openapi.yaml's `Post`, `PostLikes`, `OrderStatusChange` and
    /// `StreamReset`), as far as a line needs it, or nil when it is well formed: its data is an object, and has the
    /// fields the line shows with their types.
    static func problem(_ event: LiveEvent) -> String? {
        guard case .object(let fields) = event.data else { return "the data is not a JSON object" }
        let required: [(String, Kind)] =
            switch event.name {
            case "post.created": [("id", .string), ("author_name", .string)]
            case "post.likes": [("post_id", .string), ("like_count", .count)]
            case "order.status": [("order_id", .string), ("status", .string)]
            default: []
            }
        for (key, kind) in required {
            guard let value = fields[key] else { return "\(key) is missing" }
            switch (kind, value) {
            case (.string, .string(let text)) where !text.isEmpty: continue
            case (.count, .integer(let number)) where number >= 0: continue
            default: return "\(key) is not \(kind == .string ? "a non-empty string" : "a whole number from 0")"
            }
        }
        return nil
    }

    private enum Kind { case string, count }

    private static func excerpt(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return oneLine.count > 60 ? String(oneLine.prefix(59)) + "…" : oneLine
    }
}

extension JSONValue {
    /// A string, a whole number or a boolean as text; nil for other values.
    fileprivate var text: String? {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .bool(let value): String(value)
        default: nil
        }
    }
}
