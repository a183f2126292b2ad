import Testing

@testable import Checkout

@Suite("Card details", .timeLimit(.minutes(2)))
struct CardDetailsTests {
    @Test(
        "the Luhn checksum of ISO/IEC 7812-1",
        arguments: [
            ("4242424242424242", true), ("4242424242424241", false), ("79927398713", true), ("79927398710", false),
            ("378282246310005", true), ("5555555555554444", true), ("0000000000000000", true), ("", false),
            ("4242x", false),
        ])
    func luhn(digits: String, passes: Bool) {
        #expect(CardDetails.passesLuhnCheck(digits) == passes)
    }

    @Test("a valid card is read with its expiry as a four-digit year")
    func validCard() throws {
        let card = try CardDetails.validate(
            number: "4242-4242 4242 4242", expiry: "4/2030", cvc: " 123 ", now: Sample.now
        )
        .get()
        #expect(card.number == "4242424242424242")
        #expect(card.expiryMonth == 4)
        #expect(card.expiryYear == 2030)
        #expect(card.cvc == "123")
        #expect(card.last4 == "4242")
    }

    @Test("each wrong field has its own message")
    func messages() {
        let result = CardDetails.validate(number: "4242424242424241", expiry: "13/30", cvc: "12", now: Sample.now)
        guard case .failure(let error) = result else {
            Issue.record("expected failures")
            return
        }
        #expect(
            error.problems == [
                .number: "This card number is not valid; check the digits.",
                .expiry: "Enter the expiry date as MM/YY, such as 04/30.", .cvc: "The security code has 3 digits.",
            ])
    }

    @Test("an empty form asks for every field")
    func emptyForm() {
        guard case .failure(let error) = CardDetails.validate(number: "", expiry: "", cvc: "", now: Sample.now) else {
            Issue.record("expected failures")
            return
        }
        #expect(Set(error.problems.keys) == Set(CardField.allCases))
        #expect(error.problems[.number] == "Enter the card number.")
    }

    @Test(
        "the expiry must not be before the current month (UTC)",
        arguments: [("12/25", false), ("01/26", true), ("1/2026", true), ("02/26", true), ("12/2025", false)])
    func expiry(expiry: String, isValid: Bool) {
        let result = CardDetails.validate(number: "4242424242424242", expiry: expiry, cvc: "123", now: Sample.now)
        switch result {
        case .success: #expect(isValid)
        case .failure(let error): #expect(!isValid && error.problems == [.expiry: "This card has expired."])
        }
    }

    @Test("American Express takes a four-digit code")
    func amexCode() {
        let threeDigits = CardDetails.validate(number: "378282246310005", expiry: "04/30", cvc: "123", now: Sample.now)
        let fourDigits = CardDetails.validate(number: "378282246310005", expiry: "04/30", cvc: "1234", now: Sample.now)
        guard case .failure(let error) = threeDigits else {
            Issue.record("a three-digit code was accepted")
            return
        }
        #expect(error.problems == [.cvc: "The security code has 4 digits."])
        #expect((try? fourDigits.get()) != nil)
    }

    @Test("payment methods restore from what a saved draft keeps")
    func restoreMethods() throws {
        let card = CardPayment(token: "tok", brand: "mastercard", last4: "4444")
        let restored = try PaymentMethods.restore(method: "card", storedFields: card.storedFields)
        #expect(restored.summary == "Mastercard ending in 4444")
        #expect(restored.requestFields == ["card_token": "tok"])
        #expect(try PaymentMethods.restore(method: "invoice", storedFields: [:]).summary == "Invoice")
        #expect(throws: PaymentMethodError.unknownMethod("paypal")) {
            try PaymentMethods.restore(method: "paypal", storedFields: [:])
        }
        #expect(throws: PaymentMethodError.missingField(method: "card", field: "card_token")) {
            try CardPayment(storedFields: ["brand": "visa"])
        }
    }
}
