import Foundation

/// Turns the events of a stream into typed values by event name: one decoding per name, every other name unknown.
///
/// ```swift
/// let decoder = EventStreamDecoder<LiveUpdate>()
///     .on("post.likes", PostLikesDTO.self) { .likes($0) }
///     .on("reset", value: .reset)
/// ```
///
/// Data is JSON decoded with `APIJSON`'s decoder (snake_case keys, RFC 3339 dates) unless another is given.
public struct EventStreamDecoder<Value: Sendable>: Sendable {
    /// Why a known event's data could not be decoded.
    public struct Failure: Error, CustomStringConvertible {
        /// The event name.
        public let name: String
        /// The event's id (empty when the stream set none).
        public let id: String
        /// What was wrong with the data: the type, where in the JSON, and why (never the data itself).
        public let decoding: DecodingFailure

        /// "event post.likes (id a-7): cannot decode PostLikesDTO at like_count: ...".
        public var description: String { "event \(name) (id \(id)): \(decoding)" }
    }

    private enum Decoded {
        case value(Value)
        case failure(DecodingFailure)
    }

    private typealias Decode = @Sendable (Data, JSONDecoder) -> Decoded

    private let decoders: [String: Decode]
    private let json: JSONDecoder

    /// A decoder that knows no event yet.
    ///
    /// - Parameter json: Decodes each event's data: `APIJSON.makeDecoder()` by default.
    public init(json: JSONDecoder = APIJSON.makeDecoder()) {
        self.init(decoders: [:], json: json)
    }

    private init(decoders: [String: Decode], json: JSONDecoder) {
        self.decoders = decoders
        self.json = json
    }

    /// The event names this decoder knows, sorted.
    public var names: [String] { decoders.keys.sorted() }

    /// A copy that decodes the data of events named `name` as `Payload` and wraps it with `make` (a later
    /// registration of the same name replaces the earlier one).
    public func on<Payload: Decodable & Sendable>(
        _ name: String, _ payload: Payload.Type, _ make: @escaping @Sendable (Payload) -> Value
    ) -> Self {
        var decoders = self.decoders
        decoders[name] = { data, json in
            do {
                return .value(make(try json.decode(Payload.self, from: data)))
            } catch {
                return .failure(DecodingFailure(error, decoding: Payload.self))
            }
        }
        return Self(decoders: decoders, json: json)
    }

    /// A copy that turns every event named `name` into `value`, whatever its data.
    public func on(_ name: String, value: Value) -> Self {
        var decoders = self.decoders
        decoders[name] = { _, _ in .value(value) }
        return Self(decoders: decoders, json: json)
    }

    /// The value of `event`, or nil when no decoding is registered for its type.
    ///
    /// - Throws: `Failure` when the event is known but its data does not decode.
    public func decode(_ event: ServerSentEvent) throws(Failure) -> Value? {
        guard let decode = decoders[event.type] else { return nil }
        switch decode(Data(event.data.utf8), json) {
        case .value(let value):
            return value
        case .failure(let decoding):
            throw Failure(name: event.type, id: event.lastEventID, decoding: decoding)
        }
    }
}
