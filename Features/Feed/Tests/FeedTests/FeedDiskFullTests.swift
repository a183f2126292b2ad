import FeatureKit
import Persistence
import Testing

@testable import Feed

/// The feed's store on a full disk is reported as a full disk naming the file, through FeatureKit's shared text and
/// codes (`disk_full`), in commands and on the screen, never as "saved posts are unavailable".
@Suite("a full disk in the feed", .timeLimit(.minutes(1)))
struct FeedDiskFullTests {
    @Test("a store failure on a full disk: disk_full, and the screen's sentence names the file")
    func storeOnFullDisk() throws {
        let full = DatabaseError(
            extendedResultCode: 13, message: "database or disk is full", sql: "COMMIT",
            path: "/d/accounts/guest/storefront.sqlite")
        let store = FeedStoreError(full)
        #expect(store.diskFull?.path == "/d/accounts/guest/storefront.sqlite")
        #expect(ErrorText.code(store) == "disk_full")
        #expect(
            ErrorText.describe(store)
                == "the disk is full: cannot write /d/accounts/guest/storefront.sqlite (database or disk is full)")
        let shown = try #require(FeedError(store))
        #expect(shown.kind == .storeUnavailable)
        #expect(
            shown.userMessage
                == "The disk is full: cannot write /d/accounts/guest/storefront.sqlite (database or disk is full).")
    }

    @Test("another store failure keeps the feed's own words and the code failed")
    func otherStoreFailure() throws {
        let store = FeedStoreError(DatabaseError(extendedResultCode: 26, message: "file is not a database"))
        #expect(store.diskFull == nil)
        #expect(ErrorText.code(store) == "failed")
        #expect(try #require(FeedError(store)).userMessage == "Saved posts are unavailable on this device.")
    }
}
