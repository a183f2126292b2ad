import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// CPU-bound loops running beside a test, as other work does on a busy machine: each is a bash loop of builtins
/// (`while ((SECONDS < N)); do :; done`: no process is started, so it is all CPU), which ends by itself after its
/// bound even when the test process dies first; `stop()` kills it with SIGKILL when the test is done with it (also on
/// deinit). SIGKILL because a child of the test runner may inherit a blocked SIGTERM, which `Process.terminate()`
/// sends.
///
/// A test of concurrency that passes only on an idle machine is a defect (CONTRIBUTING.md): the scheduling delays the
/// loops cause open windows between processes that an idle machine keeps shut.
final class CPULoad {
    /// The longest the loops may run, whatever happens to the test.
    let bound: Duration
    private let loops: [Process]

    /// Starts `count` loops, each ended after `bound` at the latest.
    ///
    /// - Throws: An error from `Process.run()` when `/bin/bash` cannot be started.
    init(count: Int, bound: Duration) throws {
        self.bound = bound
        let seconds = max(Int(bound.components.seconds), 1)
        var started: [Process] = []
        for _ in 0..<count {
            let loop = Process()
            loop.executableURL = URL(fileURLWithPath: "/bin/bash")
            loop.arguments = ["-c", "while ((SECONDS < \(seconds))); do :; done"]
            loop.standardInput = FileHandle.nullDevice
            loop.standardOutput = FileHandle.nullDevice
            loop.standardError = FileHandle.nullDevice
            do {
                try loop.run()
            } catch {
                Self.kill(started)
                throw error
            }
            started.append(loop)
        }
        loops = started
    }

    deinit {
        Self.kill(loops)
    }

    /// Whether every loop is still running (none hit its bound or failed to start its shell).
    var isRunning: Bool { loops.allSatisfy(\.isRunning) }

    /// Kills the loops and waits for them to end.
    func stop() {
        Self.kill(loops)
    }

    private static func kill(_ loops: [Process]) {
        for loop in loops where loop.isRunning {
            _ = Glibc.kill(loop.processIdentifier, SIGKILL)
        }
        for loop in loops {
            loop.waitUntilExit()
        }
    }
}
