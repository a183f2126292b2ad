import Foundation
import Models
import Testing

@Suite("Identifiers")
struct IdentifierTests {
    private struct PostRef: Codable, Equatable {
        let id: PostID
        let author: UserID
    }

    @Test func decodesFromAStringOrANumber() throws {
        let json =
            #"[{"id": "post_7", "author": 42}, {"id": 7, "author": "42"}, {"id": 18446744073709551615, "author": -3}]"#
        let refs = try JSONDecoder().decode([PostRef].self, from: Data(json.utf8))
        #expect(refs.map(\.id) == ["post_7", "7", "18446744073709551615"])
        #expect(refs.map(\.author) == ["42", "42", "-3"])
        #expect(refs[0].author == refs[1].author)
    }

    @Test(arguments: [#""""#, "1.5", "true", "null", "{}", "[]"])
    func rejectsValuesThatAreNotIds(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ProductID.self, from: Data(json.utf8)) }
    }

    @Test func encodesAsAString() throws {
        let data = try JSONEncoder().encode(PostRef(id: "7", author: UserID(rawValue: "u_1")))
        let object = try JSONDecoder().decode([String: String].self, from: data)
        #expect(object == ["id": "7", "author": "u_1"])
        #expect(try JSONDecoder().decode(PostRef.self, from: data) == PostRef(id: "7", author: "u_1"))
    }

    @Test func literalRawValueAndDescriptionAgree() {
        let id: OrderID = "ord_1"
        #expect(id.rawValue == "ord_1")
        #expect(id.description == "ord_1")
        #expect("\(id)" == "ord_1")
        #expect(id == OrderID(rawValue: "ord_1"))
        #expect(Set<ProductID>(["a", "b", "a"]).count == 2)
    }
}
