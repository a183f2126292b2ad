import Foundation
import Models
import Testing

@Suite("Availability and ProductSummary")
struct CatalogTests {
    @Test(
        arguments: [
            ("in_stock", Availability.inStock), ("low_stock", .lowStock), ("out_of_stock", .outOfStock),
            ("preorder", .preorder),
        ]
    )
    func knownAvailabilityRoundTrips(wireValue: String, availability: Availability) throws {
        let decoded = try JSONDecoder().decode(Availability.self, from: Data("\"\(wireValue)\"".utf8))
        #expect(decoded == availability)
        #expect(String(decoding: try JSONEncoder().encode(availability), as: UTF8.self) == "\"\(wireValue)\"")
    }

    @Test func unknownAvailabilityIsKeptAndEncodedBack() throws {
        let decoded = try JSONDecoder().decode([Availability].self, from: Data(#"["back_in_june","in_stock"]"#.utf8))
        #expect(decoded == [.unknown("back_in_june"), .inStock])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["back_in_june","in_stock"]"#)
        #expect(Availability(wireValue: "In_Stock") == .unknown("In_Stock"))
        #expect(Availability(wireValue: "preorder") == .preorder)
    }

    @Test func availabilityMustBeAString() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Availability.self, from: Data("3".utf8)) }
    }

    @Test(
        "broken image URLs become nil",
        arguments: [
            nil, "", "not a url", "//cdn.example.com/x.jpg", "img/x.jpg", "https://", "http:///x.jpg",
            "ftp://cdn.example.com/x.jpg", "javascript:alert(1)", "https://exa mple.com/x.jpg",
        ] as [String?]
    )
    func brokenImageURL(wireValue: String?) {
        #expect(ImageURL.parse(wireValue) == nil)
    }

    @Test(
        arguments: [
            "https://cdn.example.com/p/sku_12.jpg", "http://127.0.0.1:8080/img/1.png", "HTTPS://CDN.example.com/a.jpg",
        ]
    )
    func webImageURLIsKept(wireValue: String) throws {
        let url = try #require(ImageURL.parse(wireValue))
        #expect(url.absoluteString == wireValue)
    }

    @Test func productWithABrokenImageStaysWithoutOne() {
        let product = ProductSummary(
            id: "sku_12",
            title: "Kettle",
            price: Money(amountMinor: 2_857, currency: .eur),
            availability: .lowStock,
            imageURL: ImageURL.parse("::broken::")
        )
        #expect(product.imageURL == nil)
        #expect(product.rating == nil)
        let rated = ProductSummary(
            id: "sku_12",
            title: "Kettle",
            price: product.price,
            availability: .lowStock,
            imageURL: nil,
            rating: 4.5
        )
        #expect(rated != product)
        #expect(Set([product, product, rated]).count == 2)
        #expect(product.id == "sku_12")
    }
}
