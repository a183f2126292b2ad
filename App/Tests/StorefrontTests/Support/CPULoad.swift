import Foundation

/// CPU-bound loops running beside a test, as other work does on a busy machine: each is a shell busy loop under
/// coreutils' `timeout -s KILL`, so it ends by itself after its bound even when the test process dies first, and
/// `stop()` kills it when the test is done with it (also on deinit).
///
/// A test of concurrency that passes only on an idle machine is a defect (CONTRIBUTING.md): the scheduling delays the
/// loops cause open windows between processes that an idle machine keeps shut.
final class CPULoad {
    /// The longest the loops may run, whatever happens to the test.
    let bound: Duration
    private let loops: [Process]

    /// Starts `count` loops, each ended after `bound` at the latest.
    ///
    /// - Throws: An error from `Process.run()` when `/usr/bin/timeout` or `/bin/sh` cannot be started.
    init(count: Int, bound: Duration) throws {
        self.bound = bound
        let seconds = max(Int(bound.components.seconds), 1)
        var started: [Process] = []
        for _ in 0..<count {
            let loop = Process()
            loop.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            loop.arguments = ["-s", "KILL", "\(seconds)", "/bin/sh", "-c", "while :; do :; done"]
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

    /// Kills the loops (with their shells: `timeout` passes SIGTERM on to its child) and waits for them to end.
    func stop() {
        Self.kill(loops)
    }

    private static func kill(_ loops: [Process]) {
        for loop in loops where loop.isRunning {
            loop.terminate()
        }
        for loop in loops {
            loop.waitUntilExit()
        }
    }
}
