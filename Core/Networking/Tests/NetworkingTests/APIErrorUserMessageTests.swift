import Networking
import Testing

@Suite("APIError user messages", .timeLimit(.minutes(1)))
struct APIErrorUserMessageTests {
    @Test("every category has its own sentence, ending in a full stop")
    func everyCategory() {
        let sentences = APIError.Category.allCases.map(\.userMessage)
        #expect(Set(sentences).count == APIError.Category.allCases.count)
        #expect(sentences.allSatisfy { $0.hasSuffix(".") && !$0.isEmpty })
    }

    @Test("a rejected request shows the server's reason; other failures show the category's sentence")
    func rejectionShowsReason() {
        let rejected = APIError.http(
            status: 400, body: APIErrorBody(code: "invalid_parameter", message: "q must be at most 200 characters."),
            retryAfter: nil)
        #expect(rejected.userMessage == "The store didn't accept the request: q must be at most 200 characters.")
        let conflict = APIError.http(
            status: 409, body: APIErrorBody(code: "out_of_stock", message: "Lamp is sold out"), retryAfter: nil)
        #expect(conflict.userMessage == "It changed in the meantime: Lamp is sold out.")
        let silent = APIError.http(status: 422, body: APIErrorBody(code: "x"), retryAfter: nil)
        #expect(silent.userMessage == "The store didn't accept the request.")
        let failing = APIError.http(status: 503, body: APIErrorBody(code: "x", message: "db down"), retryAfter: nil)
        #expect(failing.userMessage == "The store is having trouble right now.")
        #expect(APIError.timeout.userMessage == "The server took too long to answer.")
    }

    @Test("a server's full disk (507 disk_full) is said with its reason, never as being offline")
    func insufficientStorage() {
        let full = APIError.http(
            status: 507,
            body: APIErrorBody(code: "disk_full", message: "the disk is full: cannot write /srv/storefront.sqlite"),
            retryAfter: nil)
        #expect(
            full.userMessage
                == "The store is having trouble right now: the disk is full: cannot write /srv/storefront.sqlite.")
        #expect(!full.isRetryable)
    }

    @Test("a long or multi-line reason is cut and joined into one line")
    func longReason() {
        let long = String(repeating: "x", count: 500)
        let error = APIError.http(
            status: 400, body: APIErrorBody(code: "bad", message: "first\nsecond " + long), retryAfter: nil)
        let message = error.userMessage
        #expect(!message.contains("\n"))
        #expect(message.hasPrefix("The store didn't accept the request: first second xxx"))
        #expect(message.hasSuffix("\u{2026}"))
        #expect(message.count < 260)
    }
}
