import Foundation
import Networking
import Primitives
import Testing

@Suite("Shared JSON configuration", .timeLimit(.minutes(1)))
struct JSONConfigurationTests {
    @Test(
        "timestamps with and without fractions and with offsets name the same instants",
        arguments: [
            ("2026-01-02T10:00:00Z", 1_767_348_000.0),
            ("2026-01-02T10:00:00.5Z", 1_767_348_000.5),
            ("2026-01-02T10:00:00.123Z", 1_767_348_000.123),
            ("2026-01-02T10:00:00.123456789Z", 1_767_348_000.123456789),
            ("2026-01-02T10:00:00.1234567891234Z", 1_767_348_000.123456789),
            ("2026-01-02T12:00:00+02:00", 1_767_348_000.0),
            ("2026-01-02T04:30:00-0530", 1_767_348_000.0),
            ("2026-01-02T11:00:00+01", 1_767_348_000.0),
            ("2026-01-02t10:00:00z", 1_767_348_000.0),
            ("2026-01-02 10:00:00Z", 1_767_348_000.0),
            ("2026-01-02T10:00:00,25Z", 1_767_348_000.25),
            ("2024-02-29T00:00:00Z", 1_709_164_800.0),
            ("1969-12-31T23:59:59Z", -1.0),
            ("2016-12-31T23:59:60Z", 1_483_228_800.0),
        ]
    )
    func parsesTimestamps(text: String, seconds: Double) throws {
        let date = try #require(APIJSON.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test(
        "malformed timestamps and timestamps without a zone are rejected",
        arguments: [
            "2026-01-02T10:00:00", "2026-01-02", "2026-13-02T10:00:00Z", "2026-02-29T10:00:00Z", "2026-01-02T24:00:00Z",
            "2026-01-02T10:60:00Z", "2026-01-02T10:00:00.Z", "2026-01-02T10:00:00+25:00", "2026-01-02T10:00:00+02:60",
            "2026-1-02T10:00:00Z", "2026-01-02T10:00:00Z ", "", "yesterday", "2026-01-02T10:00:00ZZ",
        ]
    )
    func rejectsTimestamps(text: String) {
        #expect(APIJSON.date(from: text) == nil)
    }

    @Test("dates are written in UTC, with milliseconds only when there is a fraction")
    func formatsDates() {
        #expect(APIJSON.string(from: Date(timeIntervalSince1970: 1_767_348_000)) == "2026-01-02T10:00:00Z")
        #expect(APIJSON.string(from: Date(timeIntervalSince1970: 1_767_348_000.25)) == "2026-01-02T10:00:00.250Z")
        #expect(APIJSON.string(from: Date(timeIntervalSince1970: 1_767_348_000.9996)) == "2026-01-02T10:00:01Z")
        #expect(APIJSON.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(APIJSON.string(from: Date(timeIntervalSince1970: -70_000_000_000)) == nil)
    }

    @Test("encoding then decoding a date keeps it to the millisecond")
    func dateRoundTrip() throws {
        struct Stamp: Codable, Equatable { var placedAt: Date }
        let original = Stamp(placedAt: Date(timeIntervalSince1970: 1_767_348_000.123))
        let data = try APIJSON.makeEncoder().encode(original)
        #expect(String(decoding: data, as: UTF8.self) == #"{"placed_at":"2026-01-02T10:00:00.123Z"}"#)
        let decoded = try APIJSON.makeDecoder().decode(Stamp.self, from: data)
        #expect(abs(decoded.placedAt.timeIntervalSince(original.placedAt)) < 0.000_5)
    }

    @Test("the encoder sorts keys and leaves slashes unescaped, so its output is stable")
    func stableEncoding() throws {
        struct Link: Encodable { var zeta = 1, alpha = 2, imageUrl = "https://a.test/b/c" }
        let text = String(decoding: try APIJSON.makeEncoder().encode(Link()), as: UTF8.self)
        #expect(text == #"{"alpha":2,"image_url":"https://a.test/b/c","zeta":1}"#)
    }

    @Test("a date that is not ISO 8601 fails decoding with the coding path, without the value")
    func badDateFailure() {
        struct Stamp: Decodable { var createdAt: Date }
        #expect {
            try APIJSON.makeDecoder().decode(Stamp.self, from: Data(#"{"created_at":"02/01/2026 secret"}"#.utf8))
        } throws: { error in
            let failure = DecodingFailure(error, decoding: Stamp.self)
            return failure.codingPath == "createdAt" && failure.reason.contains("ISO 8601")
                && !failure.description.contains("secret")
        }
    }

    @Test("JSONValue keeps keys as sent and decodes into a feature's type")
    func jsonValue() throws {
        let data = Data(#"{"product_ids":["sku_1",2],"count":2,"ratio":0.5,"ok":true,"none":null}"#.utf8)
        let value = try APIJSON.makeDecoder().decode(JSONValue.self, from: data)
        #expect(value["product_ids"] == .array([.string("sku_1"), .integer(2)]))
        #expect(value["count"] == .integer(2))
        #expect(value["ratio"] == .number(0.5))
        #expect(value["ok"] == .bool(true))
        #expect(value["none"] == .null)
        #expect(value["missing"] == nil)
        struct Counted: Decodable {
            var count: Int
            var productIds: [String]?
        }
        #expect(throws: DecodingError.self) { try value.decode(Counted.self, using: APIJSON.makeDecoder()) }
        #expect(throws: APIError.self) {
            try APIErrorBody(code: "out_of_stock", details: value).decodeDetails(
                Counted.self, using: APIJSON.makeDecoder())
        }
        struct Count: Decodable {
            var count: Int
            var ratio: Double
        }
        let decoded = try value.decode(Count.self, using: APIJSON.makeDecoder())
        #expect(decoded.count == 2 && decoded.ratio == 0.5)
    }

    @Test("LossyArray keeps the good elements and reports the broken ones with their index")
    func lossyArray() throws {
        struct Item: Decodable, Equatable { var id: Int }
        let data = Data(#"[{"id":1},{"id":"x"},{"id":3},{},7,{"id":4}]"#.utf8)
        let list = try APIJSON.makeDecoder().decode(LossyArray<Item>.self, from: data)
        #expect(list.elements == [Item(id: 1), Item(id: 3), Item(id: 4)])
        #expect(list.dropped.map(\.index) == [1, 3, 4])
        #expect(list.dropped[0].failure.codingPath == "[1].id")
        #expect(list.dropped[1].failure.reason == #"missing key "id""#)
        #expect(throws: DecodingError.self) {
            try APIJSON.makeDecoder().decode(LossyArray<Item>.self, from: Data(#"{"id":1}"#.utf8))
        }
    }
}
