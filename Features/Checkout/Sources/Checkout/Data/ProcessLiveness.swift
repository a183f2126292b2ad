import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a process id is running on this machine, for telling a claim of a live process from one a killed
/// process left.
public enum ProcessLiveness {
    /// True when `pid` names a running process (`kill(pid, 0)` succeeds, or fails with `EPERM`: it exists but
    /// belongs to another user; POSIX.1-2017 `kill`). A zombie counts as running until it is reaped.
    public static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        if kill(pid, 0) == 0 { return true }
        return errno == EPERM
    }
}
