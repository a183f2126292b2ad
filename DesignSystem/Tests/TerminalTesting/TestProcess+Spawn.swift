import Glibc

extension TestProcess {
    /// `POSIX_SPAWN_SETSID` from glibc's <spawn.h> (a GNU extension Swift does not import): the child calls
    /// `setsid(2)` before the file actions run, so opening the terminal in a file action makes it the child's
    /// controlling terminal.
    private static let spawnSetSessionFlag: Int16 = 0x80

    /// The signals whose dispositions a child gets reset to the default, whatever the test runner set.
    private static let defaultedSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH, SIGPIPE, SIGTTIN, SIGTTOU,
    ]

    /// Starts a program with an empty signal mask and default dispositions.
    ///
    /// - Parameters:
    ///   - executable: A path, or a name looked up in `PATH`.
    ///   - controllingTerminal: A terminal device to open as standard input, output and error in a new session,
    ///     making it the child's controlling terminal.
    ///   - standardInput: Otherwise, the descriptor for standard input (`/dev/null` when `nil`).
    ///   - standardOutput: Otherwise, the descriptor for standard output and error (inherited when `nil`).
    static func spawn(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String],
        controllingTerminal: String? = nil,
        standardInput: Int32? = nil,
        standardOutput: Int32? = nil
    ) throws -> TestProcess {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if let controllingTerminal {
            flags |= spawnSetSessionFlag
            posix_spawn_file_actions_addopen(&actions, 0, controllingTerminal, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        } else {
            if let standardInput {
                posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            if let standardOutput {
                posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
                posix_spawn_file_actions_adddup2(&actions, standardOutput, 2)
            }
        }
        posix_spawnattr_setflags(&attributes, flags)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaulted = sigset_t()
        sigemptyset(&defaulted)
        for signal in defaultedSignals { sigaddset(&defaulted, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaulted)

        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for string in argv + envp { free(string) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
        guard result == 0 else { throw TestProcessError.systemCall("posix_spawnp \(executable)", result) }
        return TestProcess(pid: pid)
    }
}
