import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import Testing

/// Reads a file of `Tests/NetworkingTests/Fixtures`.
enum Fixture {
    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "no fixture named \(name)" }
    }

    static func data(_ name: String) throws -> Data {
        let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")
        guard let url else { throw Missing(name: name) }
        return try Data(contentsOf: url)
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }
}

/// A small response type for client tests.
struct Greeting: Codable, Sendable, Equatable {
    var message: String
}

/// `price_changed` details as Features/Checkout would decode them.
struct PriceChangedDetails: Decodable, Equatable {
    var currentTotal: Money
    var expectedTotal: Money
}

extension Endpoint where Response == Greeting {
    static let greeting = Endpoint(.get, "/v1/greeting", authentication: .none)

    static func greeting(_ method: HTTPMethod, idempotencyKey: String? = nil) -> Endpoint {
        Endpoint(
            method,
            "/v1/greeting",
            body: method == .get || method == .head ? nil : Greeting(message: "hi"),
            authentication: .none,
            idempotencyKey: idempotencyKey
        )
    }
}

/// The instant of `date` as `APIJSON` reads it (test shorthand).
func apiDate(_ text: String) -> Date? {
    APIJSON.date(from: text)
}

/// A retry policy with round numbers: 3 attempts, backoff ceilings of 1 s then 2 s, server waits up to 60 s.
let retryThrice = RetryPolicy(
    maxAttempts: 3, initialBackoff: .seconds(1), maxBackoff: .seconds(8), maxRetryAfter: .seconds(60))

/// A transport, a manual clock it delays on, and a client over both, as most client tests need them.
struct ClientHarness {
    let clock = SleepTrackingClock()
    let transport: ScriptedTransport
    let client: APIClient

    init(
        tokenProvider: (any AccessTokenProvider)? = nil,
        retryPolicy: RetryPolicy = .noRetries,
        timeouts: RequestTimeouts = RequestTimeouts(),
        jitter: Jitter = .fixed(1),
        logger: Logger? = nil
    ) {
        transport = ScriptedTransport(clock: clock)
        client = .testing(
            transport: transport,
            clock: clock,
            tokenProvider: tokenProvider,
            retryPolicy: retryPolicy,
            timeouts: timeouts,
            logger: logger ?? Logger(label: "test", handler: CapturingLogHandler()),
            jitter: jitter
        )
    }

    /// Starts sending `endpoint` in a new task.
    func start<Response>(_ endpoint: Endpoint<Response>) -> TestTask<Response> {
        TestTask { [client] in try await client.send(endpoint) }
    }
}

/// Expects `task` to end with `URLError(.cancelled)`, compared by code (URLSession adds user info to its errors).
func expectCancelledURLError<Value>(
    _ task: TestTask<Value>,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    await #expect(sourceLocation: sourceLocation) {
        try await task.value
    } throws: { error in
        (error as? URLError)?.code == .cancelled
    }
}

/// An unstructured task for tests whose `value` cancels the task when the awaiting test is cancelled (by its time
/// limit), so a test whose code under test never finishes fails instead of hanging.
struct TestTask<Success: Sendable>: Sendable {
    private let task: Task<Success, any Error>

    init(_ operation: @escaping @Sendable () async throws -> Success) {
        task = Task(operation: operation)
    }

    var value: Success {
        get async throws {
            try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    func cancel() {
        task.cancel()
    }
}
