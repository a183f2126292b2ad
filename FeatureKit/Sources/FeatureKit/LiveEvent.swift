import Foundation
import Networking
import Primitives

/// One event of the server's live stream (`GET /v1/events` in openapi.yaml, WHATWG HTML server-sent events), as the
/// App hands it on: the stream's event id, the event name and its JSON data.
public struct LiveEvent: Sendable, Hashable {
    /// The event's id (`<instance_id>-<sequence>`); empty when the server set none.
    public let id: String
    /// The event name (`post.created`): one an entry declared in `FeatureDescriptor.liveEvents`.
    public let name: String
    /// The event's data, parsed as JSON.
    public let data: JSONValue

    /// An event.
    public init(id: String, name: String, data: JSONValue) {
        self.id = id
        self.name = name
        self.data = data
    }

    /// Why an event's data does not fit the type asked for.
    public struct UndecodableData: Error, CustomStringConvertible {
        /// The event name.
        public let name: String
        /// The event id.
        public let id: String
        /// The type, the place in the data and the reason (never the data itself).
        public let failure: DecodingFailure

        /// "event post.likes (id srv_…-7): …".
        public var description: String { "event \(name) (id \(id)): \(failure)" }
    }

    /// The data decoded as `type` with the API's decoder (snake_case keys, RFC 3339 dates).
    ///
    /// - Throws: `UndecodableData` naming the type and the place in the data that did not fit.
    public func decode<Payload: Decodable>(_ type: Payload.Type) throws(UndecodableData) -> Payload {
        do {
            return try data.decode(Payload.self, using: APIJSON.makeDecoder())
        } catch {
            throw UndecodableData(name: name, id: id, failure: DecodingFailure(error, decoding: Payload.self))
        }
    }
}
