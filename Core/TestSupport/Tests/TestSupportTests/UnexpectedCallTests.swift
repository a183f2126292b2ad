import TestSupport
import Testing

@Suite("Unexpected calls of strict test doubles", .timeLimit(.minutes(1)))
struct UnexpectedCallTests {
    @Test("recording an unexpected call records an issue naming it and returns the error that names it")
    func recordsAnIssue() {
        var returned: UnexpectedCall?
        withKnownIssue {
            returned = recordUnexpectedCall("PaymentRepository.tokenizeCard(_:)")
        } matching: { issue in
            issue.comments.contains { "\($0)".contains("unexpected call: PaymentRepository.tokenizeCard(_:)") }
        }
        #expect(returned == UnexpectedCall(call: "PaymentRepository.tokenizeCard(_:)"))
        #expect("\(UnexpectedCall(call: "CartRepository.lines()"))" == "unexpected call: CartRepository.lines()")
    }
}
