import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What stat(2) says about a file that changes when its content or (for a directory) its entries change: inode,
/// size, and modification and status-change times in nanoseconds. Equal stamps mean the file was not replaced or
/// written since: every write of this library renames a new file into place (a new inode, and a new change time,
/// which Linux 6.13 and later take at fine grain once a stat has seen the previous one).
struct FileStamp: Hashable, Sendable {
    let inode: UInt64
    let size: Int64
    let modifiedNanoseconds: Int64
    let changedNanoseconds: Int64

    /// The stamp of `path`, or nil when it does not exist or cannot be stat'ed.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changedNanoseconds = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }
}
