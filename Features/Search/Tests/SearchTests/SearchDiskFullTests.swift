import FeatureKit
import Networking
import Persistence
import Testing

@testable import Search

/// A full disk under the saved products, or under the server that could not answer, is reported as a full disk naming
/// the file through FeatureKit's shared text and codes (`disk_full`), never as saved products that cannot be opened.
@Suite("a full disk in search", .timeLimit(.minutes(1)))
struct SearchDiskFullTests {
    private let full = DatabaseError(
        extendedResultCode: 13, message: "database or disk is full", path: "/d/accounts/guest/storefront.sqlite")

    @Test("saved products on a full disk: disk_full, the file named in commands and on the screen")
    func savedProductsOnFullDisk() throws {
        let error = SearchError.savedProducts(full, network: .timeout)
        guard case .diskFull(let diskFull, let network) = error else {
            Issue.record("expected diskFull, got \(error)")
            return
        }
        #expect(diskFull.path == "/d/accounts/guest/storefront.sqlite" && network == .timeout)
        #expect(ErrorText.code(error) == "disk_full")
        #expect(
            ErrorText.describe(error)
                == "the disk is full: cannot write /d/accounts/guest/storefront.sqlite (database or disk is full)")
        #expect(
            ProductFormat.message(for: error, failedTo: "Couldn't search.")
                == "Couldn't search. The disk is full: cannot write /d/accounts/guest/storefront.sqlite "
                + "(database or disk is full).")
    }

    @Test("another store failure keeps its words and code")
    func otherStoreFailure() {
        let corrupt = DatabaseError(extendedResultCode: 26, message: "file is not a database", path: "/d/x.sqlite")
        let error = SearchError.savedProducts(corrupt, network: nil)
        #expect(ErrorText.code(error) == "saved_products_unavailable")
        #expect(ProductFormat.message(for: error, failedTo: "Couldn't search.").contains("can't be opened"))
    }

    @Test("the server's own disk_full behind an offline answer is the code, with the server's words")
    func serverDiskFull() {
        let message = "the disk is full: cannot write /d/server/storefront-server.sqlite (database or disk is full)"
        let server = APIError.http(
            status: 507, body: APIErrorBody(code: "disk_full", message: message), retryAfter: nil)
        let notSaved = SearchError.productNotSaved(network: server)
        #expect(ErrorText.code(notSaved) == "disk_full")
        #expect(ErrorText.describe(notSaved).hasPrefix(message))
        #expect(ErrorText.code(SearchError.productNotSaved(network: .timeout)) == "timeout")
    }
}
