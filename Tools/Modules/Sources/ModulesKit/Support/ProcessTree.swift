import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends a child process together with everything it started.
///
/// `swift test` is a tree, not one process: the `swift` driver runs `swift-test`, which starts the test bundle
/// (`<Package>PackageTests.xctest`, once for XCTest and once for Swift Testing) and on macOS
/// `swiftpm-testing-helper`, each in a process group of its own. Killing the child's process group alone would leave
/// the hung test bundle running, so the descendants are found from the process table (`/proc/<pid>/stat` on Linux:
/// parent and process group of every process) and each one, and each process group among them, is sent `SIGKILL`.
/// The table is read again until no live descendant is left (a process forked between two reads is caught by its
/// group or the next read), at most ``maximumRounds`` times. Never signalled: this process's own group, and
/// groups 0 and 1.
enum ProcessTree {
    /// One row of the process table.
    struct Entry: Equatable {
        var pid: pid_t
        var parent: pid_t
        var group: pid_t
        /// The state letter of `/proc/<pid>/stat` (`Z`: a zombie, already dead).
        var state: Character
    }

    /// How many times the table is read while killing.
    static let maximumRounds = 5

    /// Kills `root` and all its descendants, with their process groups, with `SIGKILL`.
    /// - Returns: the process ids that were signalled (for the log).
    @discardableResult
    static func killAll(root: pid_t) -> [pid_t] {
        var signalled: [pid_t] = []
        let ownGroup = getpgrp()
        for _ in 0..<maximumRounds {
            let members = [root] + descendants(of: root, in: table()).filter { $0.state != "Z" }.map(\.pid)
            let fresh = members.filter { !signalled.contains($0) }
            if fresh.isEmpty, !signalled.isEmpty { break }
            let groups = Set(table().filter { members.contains($0.pid) }.map(\.group) + [root])
            for group in groups where group > 1 && group != ownGroup {
                kill(-group, SIGKILL)
            }
            for pid in members {
                kill(pid, SIGKILL)
            }
            signalled += fresh
        }
        return signalled
    }

    /// The processes below `root` in `table`, children before grandchildren.
    static func descendants(of root: pid_t, in table: [Entry]) -> [Entry] {
        var found: [Entry] = []
        var frontier: Set<pid_t> = [root]
        while !frontier.isEmpty {
            let next = table.filter { frontier.contains($0.parent) && !found.contains($0) && $0.pid != root }
            found += next
            frontier = Set(next.map(\.pid))
        }
        return found
    }

    /// Every process of `/proc` (empty where there is no `/proc`: there only the root's group is killed).
    static func table() -> [Entry] {
        guard let names = try? FileManager().contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { name in
            guard let pid = pid_t(name),
                let text = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8)
            else { return nil }
            return entry(pid: pid, stat: text)
        }
    }

    /// Parses one `/proc/<pid>/stat` line: `pid (comm) state ppid pgrp …`; the command name may hold spaces and
    /// parentheses, so the fields are read after its last `)`.
    static func entry(pid: pid_t, stat: String) -> Entry? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 3, let state = fields[0].first, let parent = pid_t(fields[1]),
            let group = pid_t(fields[2])
        else { return nil }
        return Entry(pid: pid, parent: parent, group: group, state: state)
    }
}
