import Foundation
import Testing

@testable import Persistence

/// Which SQLite result codes count as a full disk, and which file they name.
@Suite("Database errors", .timeLimit(.minutes(1)))
struct DatabaseErrorTests {
    @Test("SQLITE_FULL and SQLITE_IOERR_SHMSIZE are a full disk; SHMSIZE names the -shm file")
    func fullCodes() {
        let full = DatabaseError(extendedResultCode: 13, message: "database or disk is full", path: "/d/s.sqlite")
        #expect(full.isDiskFull)
        #expect(full.diskFullPath == "/d/s.sqlite")
        let shm = DatabaseError(extendedResultCode: 4874, message: "disk I/O error", path: "/d/s.sqlite")
        #expect(shm.isDiskFull)
        #expect(shm.diskFullPath == "/d/s.sqlite-shm")
        #expect(shm.diskFullReason == "disk I/O error")
    }

    @Test(
        "an I/O error is a full disk only when its errno is ENOSPC, EDQUOT or EFBIG",
        arguments: [ENOSPC, EDQUOT, EFBIG])
    func ioErrorsWithSpaceErrno(errno: Int32) {
        let write = DatabaseError(
            extendedResultCode: 778, message: "disk I/O error", path: "/d/s.sqlite", systemErrorNumber: errno)
        #expect(write.isDiskFull)
        #expect(write.diskFullReason == "disk I/O error: \(String(cString: strerror(errno)))")
        let fsync = DatabaseError(
            extendedResultCode: 1034, message: "disk I/O error", path: "/d/s.sqlite", systemErrorNumber: errno)
        #expect(fsync.isDiskFull)
        let shmOpen = DatabaseError(
            extendedResultCode: 4618, message: "disk I/O error", path: "/d/s.sqlite", systemErrorNumber: errno)
        #expect(shmOpen.isDiskFull)
        #expect(shmOpen.diskFullPath == "/d/s.sqlite-shm")
    }

    @Test("other I/O errors, constraint failures and a zero errno are not a full disk")
    func notFull() {
        #expect(!DatabaseError(extendedResultCode: 778, message: "disk I/O error", systemErrorNumber: EIO).isDiskFull)
        #expect(!DatabaseError(extendedResultCode: 778, message: "disk I/O error").isDiskFull)
        #expect(!DatabaseError(extendedResultCode: 2067, message: "UNIQUE", systemErrorNumber: ENOSPC).isDiskFull)
        #expect(DatabaseError(extendedResultCode: 778, message: "x", systemErrorNumber: 0).systemErrorNumber == nil)
    }
}
