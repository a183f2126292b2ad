import Foundation
import Networking
import Testing

@Suite("APIError classification", .timeLimit(.minutes(1)))
struct APIErrorTests {
    @Test(
        "statuses map to user-facing categories",
        arguments: [
            (400, APIError.Category.invalidInput), (403, .forbidden), (404, .notFound), (408, .timeout),
            (409, .conflict), (410, .notFound), (412, .conflict), (413, .invalidInput), (422, .invalidInput),
            (429, .rateLimited), (500, .server), (502, .server), (503, .server), (504, .server), (302, .unexpected),
        ]
    )
    func statusCategories(status: Int, category: APIError.Category) {
        #expect(APIError.http(status: status, body: APIErrorBody(code: "x"), retryAfter: nil).category == category)
        #expect(APIError.unexpectedBody(status: status, excerpt: "", retryAfter: nil).category == category)
    }

    @Test("only 408, 429, 500, 502, 503 and 504 are retryable statuses")
    func retryableStatuses() {
        let retryable = (100...599).filter {
            APIError.unexpectedBody(status: $0, excerpt: "", retryAfter: nil).isRetryable
        }
        #expect(retryable == [408, 429, 500, 502, 503, 504])
    }

    @Test("the other cases have fixed categories and retryability")
    func otherCases() {
        let cases: [(APIError, APIError.Category, Bool)] = [
            (.transport(.notConnectedToInternet), .offline, true),
            (.transport(.cannotConnectToHost), .offline, true),
            (.transport(.networkConnectionLost), .offline, true),
            (.transport(.timedOut), .timeout, true),
            (.transport(.secureConnectionFailed), .offline, false),
            (.transport(.badURL), .offline, false),
            (.transport(.unknown), .offline, false),
            (.timeout, .timeout, true),
            (.cancelled, .cancelled, false),
            (.unauthorized, .unauthorized, false),
            (.invalidRequest(reason: "bad"), .unexpected, false),
            (.decoding(DecodingFailure(type: "T", codingPath: "", reason: "r")), .unexpected, false),
        ]
        for (error, category, retryable) in cases {
            #expect(error.category == category, "\(error)")
            #expect(error.isRetryable == retryable, "\(error)")
            #expect(error.status == nil && error.code == nil && error.retryAfter == nil)
        }
    }

    @Test("descriptions are one line and name status, code and message")
    func descriptions() {
        let body = APIErrorBody(code: "out_of_stock", message: "sku_12 is gone")
        #expect("\(APIError.http(status: 409, body: body, retryAfter: nil))" == "HTTP 409 out_of_stock: sku_12 is gone")
        #expect(
            "\(APIError.unexpectedBody(status: 502, excerpt: "Bad Gateway", retryAfter: nil))"
                == "HTTP 502 with a non-API body: Bad Gateway")
        #expect("\(APIError.transport(.cannotConnectToHost))" == "transport failure (URLError -1004)")
        #expect(
            "\(APIError.decoding(DecodingFailure(type: "FeedPageDTO", codingPath: "posts[3].createdAt", reason: "r")))"
                == "cannot decode FeedPageDTO at posts[3].createdAt: r"
        )
    }

    @Test("an error body round-trips through its wire shape")
    func errorBodyRoundTrip() throws {
        let body = APIErrorBody(
            code: "rate_limited", message: "slow down", retryAfter: .milliseconds(2500),
            details: .object(["scope": .string("search")]))
        let data = try JSONEncoder().encode(body)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""retry_after":3"#))
        let decoded = try JSONDecoder().decode(APIErrorBody.self, from: data)
        #expect(decoded.code == "rate_limited" && decoded.retryAfter == .seconds(3) && decoded.details == body.details)
        let odd = try JSONDecoder().decode(
            APIErrorBody.self, from: Data(#"{"code":"x","retry_after":-1,"message":7}"#.utf8))
        #expect(odd.retryAfter == nil && odd.message == "")
    }
}
