import Testing

@testable import Checkout

@Suite("Address validation", .timeLimit(.minutes(2)))
struct AddressValidationTests {
    @Test("an empty address has one message per field")
    func emptyAddress() {
        let problems = AddressValidation.problems(in: ShippingAddress())
        #expect(
            problems == [
                .name: "Enter the recipient's name.", .street: "Enter the street and house number.",
                .city: "Enter the city.", .postalCode: "Enter the postal code.",
                .country: "Enter the country code, such as DE.",
            ])
    }

    @Test("a complete address is valid; whitespace and case are normalized")
    func validAddress() {
        let typed = ShippingAddress(
            name: "  Ada Lovelace ", street: "Invalidenstrasse 1", city: "Berlin", postalCode: " 10115", country: "de")
        #expect(AddressValidation.problems(in: typed).isEmpty)
        #expect(typed.normalized == Sample.address)
    }

    @Test(
        "postal codes follow each supported country's format",
        arguments: [
            ("DE", "10115", true), ("DE", "1011", false), ("DE", "1011A", false),
            ("AT", "1010", true), ("CH", "80011", false), ("FR", "75001", true),
            ("NL", "1012 ab", true), ("NL", "1012AB", true), ("NL", "AB 1012", false),
            ("GB", "SW1A 1AA", true), ("GB", "sw1a1aa", true), ("GB", "M1 1AE", true), ("GB", "12345", false),
            ("US", "10001", true), ("US", "10001-1234", true), ("US", "10001-12", false),
            ("CA", "K1A 0B1", true), ("CA", "K1A 0BB", false), ("PL", "00-950", true), ("PL", "00950", false),
            ("SE", "114 55", true), ("SE", "11455", true), ("IT", "00184", true), ("ES", "2800", false),
        ])
    func postalCodes(country: String, code: String, isValid: Bool) {
        let address = ShippingAddress(name: "A", street: "S", city: "C", postalCode: code, country: country)
        #expect((AddressValidation.problem(with: .postalCode, in: address) == nil) == isValid)
    }

    @Test("a wrong postal code's message shows the country's format")
    func postalCodeMessage() {
        let address = ShippingAddress(name: "A", street: "S", city: "C", postalCode: "ABC", country: "DE")
        #expect(
            AddressValidation.problem(with: .postalCode, in: address) == "Enter a postal code like 10115 for Germany.")
    }

    @Test("an unsupported country is named, and the postal code is not judged against it")
    func unsupportedCountry() {
        let address = ShippingAddress(name: "A", street: "S", city: "C", postalCode: "ABC", country: "ZZ")
        let problems = AddressValidation.problems(in: address)
        #expect(problems[.country]?.hasPrefix("We ship to these countries only: AT, BE, CA") == true)
        #expect(problems[.postalCode] == nil)
    }

    @Test("fields longer than the server's limit are refused")
    func tooLong() {
        var address = Sample.address
        address.street = String(repeating: "x", count: 201)
        #expect(AddressValidation.problems(in: address) == [.street: "Street must be at most 200 characters."])
    }
}
