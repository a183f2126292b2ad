import FeatureKit
import Models
import Testing

@testable import Search

@Suite("storefront image ID: which ids name a product, a post, or nothing")
struct PictureSubjectTests {
    @Test("an id is quoted with what cannot be printed escaped")
    func quoting() {
        #expect(PictureSubject.quoted("sku 1") == "'sku 1'")
        #expect(PictureSubject.quoted("a\u{1B}[2J\n") == "'a\\u{1B}[2J\\u{A}'")
    }

    @Test("post_N is a post, sku_N a product, another id a product and then a post")
    func forms() throws {
        #expect(try PictureSubject(operand: "post_5").candidates == [.post(PostID(rawValue: "post_5"))])
        #expect(try PictureSubject(operand: "sku_12").candidates == [.product(ProductID(rawValue: "sku_12"))])
        #expect(
            try PictureSubject(operand: "500042").candidates == [
                .product(ProductID(rawValue: "500042")), .post(PostID(rawValue: "500042")),
            ])
        #expect(try PictureSubject(operand: "post_5").candidates.map(\.description) == ["post post_5"])
    }

    @Test(
        "blank ids, white space, control characters, dot segments and bare prefixes are usage errors naming the id",
        arguments: ["", " ", "sku 12", "post_5\n", "sku_\u{1B}[2J", "a\u{200B}b", ".", "..", "sku_", "post_"])
    func malformed(operand: String) {
        do {
            _ = try PictureSubject(operand: operand)
            Issue.record("'\(operand.debugDescription)' was accepted")
        } catch {
            #expect(
                error.message.contains("\(PictureSubject.quoted(operand)) is not a product or post id"),
                "\(error.message)")
            #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{200B}" }, "\(error.message)")
            #expect(error.message.contains("sku_N for a product, post_N for a post"), "\(error.message)")
        }
    }
}
