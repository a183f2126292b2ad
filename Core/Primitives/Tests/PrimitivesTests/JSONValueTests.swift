import Foundation
import Primitives
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    private func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private func encode(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("every JSON type decodes to its case and keys stay as sent")
    func decodesEveryType() throws {
        let value = try decode(
            #"{"product_ids":["sku_1",2],"count":2,"ratio":0.5,"ok":true,"no":false,"none":null,"nested":{"a_b":[]}}"#)
        #expect(value["product_ids"] == .array([.string("sku_1"), .integer(2)]))
        #expect(value["count"] == .integer(2))
        #expect(value["ratio"] == .number(0.5))
        #expect(value["ok"] == .bool(true))
        #expect(value["no"] == .bool(false))
        #expect(value["none"] == .null)
        #expect(value["nested"]?["a_b"] == .array([]))
        #expect(value["missing"] == nil)
        #expect(value["product_ids"]?[1] == .integer(2))
        #expect(value["product_ids"]?[2] == nil)
        #expect(value["product_ids"]?[-1] == nil)
        #expect(value[0] == nil)
        #expect(JSONValue.string("x")["key"] == nil)
    }

    @Test(
        "booleans stay booleans and numbers stay numbers",
        arguments: [
            ("true", JSONValue.bool(true)), ("false", .bool(false)), ("1", .integer(1)), ("0", .integer(0)),
            ("-7", .integer(-7)), ("9223372036854775807", .integer(.max)), ("-9223372036854775808", .integer(.min)),
            ("9223372036854775808", .number(9_223_372_036_854_775_808)), ("0.5", .number(0.5)), ("1e3", .integer(1000)),
            ("2.0", .integer(2)),
            ("1e19", .number(1e19)),
            ("-2.5e-3", .number(-0.0025)), ("\"1\"", .string("1")), ("\"true\"", .string("true")), ("null", .null),
        ])
    func scalars(text: String, expected: JSONValue) throws {
        #expect(try decode(text) == expected)
    }

    @Test("a snake_case key strategy does not rename object keys")
    func keyStrategy() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let value = try decoder.decode(JSONValue.self, from: Data(#"{"current_total":{"amount_minor":5}}"#.utf8))
        #expect(value["current_total"]?["amount_minor"] == .integer(5))
    }

    @Test("encoding writes each case as its JSON type, and decoding it gives the same value")
    func roundTrip() throws {
        let value = JSONValue.object([
            "flags": .object(["express": .bool(true), "limit": .integer(50), "ratio": .number(0.25)]),
            "list": .array([.null, .string("a/b \"q\""), .integer(-1), .bool(false)]),
            "big": .integer(.max),
        ])
        let text = try encode(value)
        #expect(
            text
                == #"{"big":9223372036854775807,"flags":{"express":true,"limit":50,"ratio":0.25},"list":[null,"a/b \"q\"",-1,false]}"#
        )
        #expect(try decode(text) == value)
    }

    @Test("a NaN number cannot be encoded and says so")
    func nonFiniteNumber() {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.number(.nan)) }
    }

    @Test("malformed JSON is a decoding error")
    func malformed() {
        #expect(throws: DecodingError.self) { try decode(#"{"a":"#) }
        #expect(throws: DecodingError.self) { try decode("tru") }
    }

    @Test("decode turns the value into a type with the decoder's strategies; a mismatch names the coding path")
    func decodeIntoType() throws {
        struct Details: Decodable, Equatable {
            var currentTotal: Int
            var productIds: [String]
        }
        let value = try decode(#"{"current_total":129900,"product_ids":["sku_1"]}"#)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try value.decode(Details.self, using: decoder) == Details(currentTotal: 129_900, productIds: ["sku_1"]))
        let mismatched = try decode(#"{"current_total":"x","product_ids":[]}"#)
        do {
            _ = try mismatched.decode(Details.self, using: decoder)
            Issue.record("decoding a string as Int succeeded")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["currentTotal"])
        }
    }

    @Test("init(encoding:) captures an Encodable value as the encoder writes it")
    func fromEncodable() throws {
        struct Preference: Encodable {
            var pageSize: Int
            var name: String
            var ratio: Double
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let value = try JSONValue(encoding: Preference(pageSize: 20, name: "grid", ratio: 1.5), using: encoder)
        #expect(value == .object(["page_size": .integer(20), "name": .string("grid"), "ratio": .number(1.5)]))
        #expect(try JSONValue(encoding: true, using: JSONEncoder()) == .bool(true))
    }
}
