import FeatureKit
import Persistence
import Testing

@testable import Checkout

/// The cart's store on a full disk is reported as a full disk naming the file, through FeatureKit's shared text and
/// codes (`disk_full`), never with the cart's own `store_unavailable`.
@Suite("a full disk under the cart", .timeLimit(.minutes(1)))
struct CartDiskFullTests {
    @Test("a full disk: disk_full, the file named in commands and on the screen")
    func fullDisk() throws {
        let full = DatabaseError(
            extendedResultCode: 13, message: "database or disk is full", sql: "COMMIT",
            path: "/d/accounts/guest/storefront.sqlite")
        let error = CartError.storeUnavailable(reason: "\(full)", diskFull: DiskFull(in: full))
        #expect(ErrorText.code(error) == "disk_full")
        #expect(
            ErrorText.describe(error)
                == "the disk is full: cannot write /d/accounts/guest/storefront.sqlite (database or disk is full)")
        #expect(
            error.description
                == "The disk is full: cannot write /d/accounts/guest/storefront.sqlite (database or disk is full).")
    }

    @Test("another store failure keeps store_unavailable and its reason")
    func otherFailure() {
        let error = CartError.storeUnavailable(reason: "file is not a database")
        #expect(ErrorText.code(error) == "store_unavailable")
        #expect(ErrorText.describe(error).hasSuffix("The local store cannot be used: file is not a database"))
    }
}
