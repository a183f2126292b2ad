import FeatureKit
import Testing

@testable import Checkout

/// The options of `storefront checkout`: an address field is one line of plain text, refused at input otherwise.
@Suite("checkout command options", .timeLimit(.minutes(1)))
struct CheckoutFormTests {
    static let options = CommandOptions(
        ["--name", "--street", "--city", "--postal-code", "--country", "--shipping", "--payment"].map {
            CommandOptions.Option($0, valueName: "VALUE", help: "")
        })

    static func form(_ changes: [String: String]) throws(UsageError) -> CheckoutForm {
        var values = [
            "--name": "Ada Lovelace", "--street": "1 Analytical Way", "--city": "London", "--postal-code": "N1 9GU",
            "--country": "GB", "--shipping": "standard", "--payment": "invoice",
        ]
        values.merge(changes) { $1 }
        return try CheckoutForm(try options.parse(values.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }))
    }

    @Test("a plain address is read as given")
    func plainAddress() throws {
        #expect(try Self.form([:]).address.city == "London")
    }

    @Test(
        "a control character in an address field is a usage error naming the option and the character",
        arguments: [
            ("--name", "A\u{1B}[31mX", "U+001B"), ("--street", "x\ny", "U+000A"), ("--city", "Lon\tdon", "U+0009"),
            ("--postal-code", "N1\u{7}9GU", "U+0007"), ("--country", "G\u{0}B", "U+0000"),
        ])
    func controlCharacterRefused(option: String, value: String, code: String) {
        do {
            _ = try Self.form([option: value])
            Issue.record("\(option) \(value.debugDescription) was accepted")
        } catch {
            #expect(error.message.hasPrefix("\(option) contains the control character \(code)"), "\(error.message)")
        }
    }
}
