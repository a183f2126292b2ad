import FeatureKit
import Foundation
import Networking
import Testing

@testable import Search

/// A product or saved products that the network could not stand in for are said with the network failure's own
/// sentence and code (`ErrorText`, from `APIError.Category.userMessage`), never the transport's `URLError` number.
@Suite("search errors in words", .timeLimit(.minutes(1)))
struct SearchErrorTextTests {
    @Test(
        "a product not saved, the server not listening or not speaking HTTP: the offline sentence and code",
        arguments: [URLError.Code.cannotConnectToHost, .unsupportedURL, .notConnectedToInternet])
    func productNotSavedOffline(code: URLError.Code) {
        let error = SearchError.productNotSaved(network: .transport(code))
        let text = ErrorText.describe(error)
        #expect(text.hasPrefix(APIError.Category.offline.userMessage))
        #expect(text.contains("not saved on this device"))
        #expect(!text.contains("URLError"))
        #expect(!text.contains("\(code.rawValue)"))
        #expect(ErrorText.code(error) == "offline")
    }

    @Test("a product not saved behind a dropped connection: the interruption's sentence and code")
    func productNotSavedInterrupted() {
        let interruption = TransferInterruption(kind: .connectionDropped, server: "127.0.0.1:18099")
        let error = SearchError.productNotSaved(network: .interrupted(interruption))
        #expect(ErrorText.code(error) == interruption.code)
        #expect(ErrorText.describe(error).hasPrefix(interruption.sentence))
    }

    @Test("saved products unreadable while offline: the offline sentence before the store's reason")
    func savedProductsUnavailableOffline() {
        let error = SearchError.savedProductsUnavailable(
            reason: "file is not a database", network: .transport(.cannotConnectToHost))
        let text = ErrorText.describe(error)
        #expect(text.hasPrefix(APIError.Category.offline.userMessage))
        #expect(text.hasSuffix("file is not a database"))
        #expect(!text.contains("URLError"))
        #expect(ErrorText.code(error) == "saved_products_unavailable")
    }
}
