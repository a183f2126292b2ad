import Foundation

/// A tmpfs of a few KiB mounted on a temporary directory, for a disk that fills up (`ENOSPC`, SQLite's
/// `SQLITE_FULL`); unmounted (lazily, so a process still using it cannot stop it) and removed when released.
///
/// Mounting needs root and `/bin/mount`: where either is missing `init` returns nil, and tests gate themselves on
/// `isAvailable` (`.enabled(if: SmallDisk.isAvailable, …)`).
public final class SmallDisk: Sendable {
    /// The mounted directory.
    public let directory: TemporaryDirectory

    /// Mounts a tmpfs of `kibibytes` KiB on a new temporary directory; nil when mounting is not allowed here.
    public init?(kibibytes: Int) {
        guard getuid() == 0, let directory = try? TemporaryDirectory() else { return nil }
        self.directory = directory
        let options = "size=\(kibibytes)k"
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", directory.url.path]) == 0 else {
            return nil
        }
    }

    deinit {
        _ = Self.run("/bin/umount", ["-l", directory.url.path])
    }

    /// Whether mounting works here (root, `/bin/mount`).
    public static let isAvailable: Bool = SmallDisk(kibibytes: 64) != nil

    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(filePath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
