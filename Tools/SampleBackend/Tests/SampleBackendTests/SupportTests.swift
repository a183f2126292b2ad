import Foundation
import Testing

@testable import SampleBackend

@Suite("Support: hashing, encodings, cards, timestamps")
struct SupportTests {
    @Test("SHA-256 matches the FIPS 180-4 example vectors")
    func sha256() {
        #expect(
            SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hexDigest([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hexDigest([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(
        "percent-decoding matches Foundation's on escapes, malformed escapes and bytes that are not UTF-8",
        arguments: [
            "plain", "", "a%2Fb", "%E2%82%AC", "caf%C3%A9", "100%", "%zz", "%4", "%FF", "%C3", "a+b", "%2B+%20",
            "%%41", "%41%42%43", "ｆｕｌｌ", "e\u{301}%CC%81",
        ])
    func percentDecoding(_ text: String) {
        #expect(PercentDecoding.decodePathSegment(Substring(text)) == (text.removingPercentEncoding ?? text))
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        #expect(PercentDecoding.decodeQueryComponent(text) == (spaced.removingPercentEncoding ?? spaced))
    }

    @Test(
        "whitespace is trimmed as Foundation trims .whitespaces: tabs and Zs spaces at the ends, nothing inside",
        arguments: ["", "   ", "key", "  key ", "\tkey\t", "\u{A0}key\u{3000}", "a b", "\nkey\n", " ｋｅｙ "])
    func whitespaceTrimming(_ text: String) {
        #expect(RequestSupport.trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test("base64url round-trips and refuses padding and foreign characters")
    func base64URL() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0x00, 0x10, 0x7E]
        let text = Base64URL.encode(bytes)
        #expect(!text.contains("+") && !text.contains("/") && !text.contains("="))
        #expect(Base64URL.decode(text) == Data(bytes))
        #expect(Base64URL.decode("a=") == nil)
        #expect(Base64URL.decode("!!!") == nil)
    }

    @Test("Luhn and brands")
    func cards() {
        #expect(PaymentCard.passesLuhn("4242424242424242"))
        #expect(!PaymentCard.passesLuhn("4242424242424241"))
        #expect(PaymentCard.brand(of: "2221000000000009") == "mastercard")
        #expect(PaymentCard.brand(of: "6500000000000002") == "discover")
        #expect(PaymentCard.brand(of: "9999999999999995") == "unknown")
    }

    @Test("timestamps are ISO 8601 UTC, with milliseconds on request")
    func timestamps() {
        #expect(Timestamp.string(milliseconds: 0) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.string(milliseconds: 1_767_225_600_000) == "2026-01-01T00:00:00Z")
        #expect(Timestamp.string(milliseconds: 951_782_400_123, fractional: true) == "2000-02-29T00:00:00.123Z")
        #expect(Timestamp.string(milliseconds: -1) == "1969-12-31T23:59:59Z")
        #expect(Timestamp.yearAndMonth(milliseconds: 1_780_000_000_000) == (2026, 5))
    }

    @Test("ids made of digits travel as JSON numbers, others as strings; both decode")
    func wireIDs() throws {
        let encoder = JSONCoding.encoder()
        #expect(
            String(decoding: try encoder.encode([WireID("100012"), WireID("sku_1"), WireID("007")]), as: UTF8.self)
                == "[100012,\"sku_1\",\"007\"]")
        let decoded = try JSONCoding.decoder().decode([WireID].self, from: Data("[5, \"p_5\"]".utf8))
        #expect(decoded == [WireID("5"), WireID("p_5")])
    }

    @Test("the error shape carries code, message, retry_after and details")
    func errorShape() throws {
        let error = APIError(
            status: 429, code: "rate_limited", message: "slow down", retryAfterSeconds: 30,
            details: ["limit": 5, "total": .money(.init(amountMinor: 129_900, currency: .eur))])
        let response = error.response
        #expect(response.status == 429)
        #expect(response.headers["retry-after"] == "30")
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == "{\"error\":{\"code\":\"rate_limited\",\"details\":{\"limit\":5,\"total\":{\"amount_minor\":129900,"
                + "\"currency\":\"EUR\"}},\"message\":\"slow down\",\"retry_after\":30}}")
    }

    @Test("the seeded catalog is the same for the same seed")
    func generator() {
        let catalog = CatalogConfiguration(productCount: 50, postCount: 50, authorCount: 5, messyShare: 0.3)
        let first = CatalogGenerator(seed: 3, catalog: catalog)
        let again = CatalogGenerator(seed: 3, catalog: catalog)
        #expect(first.products().map(\.title) == again.products().map(\.title))
        #expect(first.posts(productIDs: ["a"]).map(\.createdAt) == again.posts(productIDs: ["a"]).map(\.createdAt))
        let dates = first.posts(productIDs: []).map(\.createdMilliseconds)
        #expect(dates == dates.sorted(), "older posts first, the newest last")
    }

    @Test("JSONWriter writes the same bytes as the server's JSONEncoder")
    func jsonWriter() throws {
        struct Sample: JSONWritable {
            let strings: [String: String]
            let numbers: [String: Double]

            func write(to writer: inout JSONWriter) {
                writer.object { writer in
                    writer.key("numbers")
                    writer.object { writer in
                        for key in numbers.keys.sorted() {
                            writer.key(key)
                            writer.number(numbers[key] ?? 0)
                        }
                    }
                    writer.key("strings")
                    writer.object { writer in
                        for key in strings.keys.sorted() {
                            writer.key(key)
                            writer.string(strings[key] ?? "")
                        }
                    }
                }
            }
        }
        struct Mirror: Encodable {
            let strings: [String: String]
            let numbers: [String: Double]
        }
        let strings = [
            "quote": "say \"hi\"", "slash": "a/b\\c", "lines": "one\ntwo\r\tthree", "bell": "\u{7}\u{1F}",
            "unicode": "Crème 🎁 ü", "empty": "", "edges": "\"starts and ends with escapes\\", "only": "\n",
        ]
        let numbers = ["whole": 4, "fraction": 3.1, "small": 0.5, "negative": -2]
        let written = JSONWriter.data(Sample(strings: strings, numbers: numbers))
        let encoded = try JSONCoding.encoder().encode(Mirror(strings: strings, numbers: numbers))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
    }
}
