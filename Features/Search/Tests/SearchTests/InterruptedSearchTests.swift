import DesignSystem
import FeatureKit
import Foundation
import Networking
import NetworkingTestSupport
import TerminalUI
import Testing

@testable import Search

/// An answer that did not arrive whole, or TLS that failed, is said as such (its code, the sentence naming
/// `host:port`), never as being offline, and the saved products do not stand in for it.
@MainActor
@Suite("an interrupted answer in search", .timeLimit(.minutes(1)))
struct InterruptedSearchTests {
    private static let server = "api.storefront.test:443"

    /// A harness with one product saved by an earlier search, so that an offline answer would have a fallback.
    private func harnessWithSavedProducts() async throws -> LiveHarness {
        let harness = try LiveHarness()
        harness.transport.enqueue(.json(LiveHarness.searchBody([("p1", "Desk lamp")])))
        _ = try await harness.repository.search(
            SearchRequest(query: "lamp", offset: 0, limit: 20, strategy: .serverWithSavedFallback))
        return harness
    }

    @Test("a dropped connection fails the search with connection_dropped and the sentence, on screen too")
    func droppedConnection() async throws {
        let harness = try await harnessWithSavedProducts()
        harness.transport.enqueue(.failure(.networkConnectionLost))

        let error = await #expect(throws: SearchError.self) {
            try await harness.repository.search(
                SearchRequest(query: "lamp", offset: 0, limit: 20, strategy: .serverWithSavedFallback))
        }
        let dropped = TransferInterruption(kind: .connectionDropped, server: Self.server)
        #expect(error == .api(.interrupted(dropped)))
        let thrown = try #require(error)
        #expect(ErrorText.code(thrown) == "connection_dropped")
        #expect(ErrorText.describe(thrown) == "\(dropped.sentence) (connection_dropped)")

        let screen = try FeatureHarness()
        let view = SearchView(
            viewModel: SearchViewModel(feature: screen.feature, locale: Locale(identifier: "en_US")), theme: .ascii)
        try await screen.submit("lamp", call: 0, answer: .failure(thrown))
        let notice = try #require(view.viewModel.notice)
        #expect(
            notice.message
                == "Couldn't search. The connection to \(Self.server) dropped before the answer was complete.")
        #expect(!view.render(size: TerminalSize(columns: 120, rows: 10)).contains { $0.plainText.contains("offline") })
    }

    @Test("a TLS failure for a saved product is reported as tls, not as the saved copy shown offline")
    func tlsFailureForAProduct() async throws {
        let harness = try await harnessWithSavedProducts()
        harness.transport.enqueue(.failure(.serverCertificateUntrusted))

        let error = await #expect(throws: SearchError.self) { try await harness.repository.product(id: "p1") }
        #expect(error == .api(.interrupted(TransferInterruption(kind: .tls, server: Self.server))))
        #expect(try ErrorText.code(#require(error)) == "tls")
        #expect(
            try ProductFormat.message(for: #require(error), failedTo: "Couldn't load this product.")
                .hasPrefix("Couldn't load this product. The secure connection to \(Self.server) failed"))
    }
}
