import FeatureKit
import Foundation
import Persistence
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("a full disk in an error", .timeLimit(.minutes(1)))
struct DiskFullTests {
    /// A feature's error that keeps the storage failure it met, as features do.
    private enum SavingFailed: Error {
        case storage(underlying: any Error, note: String)
    }

    @Test("SQLITE_FULL and ENOSPC, also wrapped in a feature's error, are a full disk naming the file: disk_full")
    func found() throws {
        let database = DatabaseError(
            extendedResultCode: 13, message: "database or disk is full", path: "/data/accounts/guest/storefront.sqlite")
        let wrapped = SavingFailed.storage(underlying: database, note: "the cart")
        #expect(ErrorText.code(wrapped) == "disk_full")
        #expect(
            ErrorText.describe(wrapped)
                == "the disk is full: cannot write /data/accounts/guest/storefront.sqlite (database or disk is full)")
        let file = FileOperationError(operation: "write", path: "/cache/config.json", code: ENOSPC)
        #expect(DiskFull(in: file) == DiskFull(in: SavingFailed.storage(underlying: file, note: "")))
        #expect(DiskFull(in: file)?.path == "/cache/config.json")
        #expect(ErrorText.code(file) == "disk_full")
    }

    @Test("other storage failures keep their own words and codes")
    func notFound() {
        let locked = DatabaseError(extendedResultCode: 5, message: "database is locked", path: "/x.sqlite")
        #expect(DiskFull(in: locked) == nil)
        #expect(ErrorText.code(locked) == "failed")
        #expect(DiskFull(in: FileOperationError(operation: "write", path: "/x", code: EACCES)) == nil)
        #expect(DiskFull(in: CancellationError()) == nil)
    }
}
