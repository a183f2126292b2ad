import Foundation

/// Everything a `modules` command reaches outside itself, built once by the executable's entry point and
/// replaced by tests.
public struct CommandEnvironment: Sendable {
    /// The directory relative paths on the command line are resolved against.
    public var currentDirectory: URL
    /// Standard output: the command's result (text or JSON).
    public var output: any TextSink
    /// Standard error: errors, warnings and progress.
    public var errorOutput: any TextSink
    /// Whether standard error is an interactive terminal (then progress is redrawn in place).
    public var errorOutputIsTerminal: Bool
    /// The terminal's width in columns, for cutting the progress line.
    public var terminalColumns: Int
    /// Runs `swift` and `git`.
    public var runner: any ProcessRunning
    /// Measures elapsed time.
    public var stopwatch: Stopwatch
    /// Says the date (quarantine expiry, when results were recorded).
    public var wallClock: WallClock
    /// How many processes may run at once by default (the processor count).
    public var processorCount: Int
    /// The `swift` driver to run.
    public var swiftExecutable: String
    /// The toolchain of that driver (for `swiftc` and `llvm-cov`).
    public var toolchain: Toolchain
    /// The running `modules` executable, for commands that time it (`bench`); `nil` when unknown.
    public var executablePath: String?
    /// The process's environment variables (`MODULES_CACHE_URL`, the shared cache's credentials and the variables
    /// its action keys include).
    public var variables: [String: String]
    /// This machine's name, recorded with the results it shares.
    public var hostName: String

    /// Creates an environment.
    public init(
        currentDirectory: URL,
        output: any TextSink,
        errorOutput: any TextSink,
        errorOutputIsTerminal: Bool,
        terminalColumns: Int,
        runner: any ProcessRunning,
        stopwatch: Stopwatch,
        wallClock: WallClock,
        processorCount: Int,
        swiftExecutable: String,
        toolchain: Toolchain,
        executablePath: String? = nil,
        variables: [String: String] = [:],
        hostName: String = "unknown"
    ) {
        self.currentDirectory = currentDirectory
        self.output = output
        self.errorOutput = errorOutput
        self.errorOutputIsTerminal = errorOutputIsTerminal
        self.terminalColumns = terminalColumns
        self.runner = runner
        self.stopwatch = stopwatch
        self.wallClock = wallClock
        self.processorCount = processorCount
        self.swiftExecutable = swiftExecutable
        self.toolchain = toolchain
        self.executablePath = executablePath
        self.variables = variables
        self.hostName = hostName
    }
}

/// Exit statuses of `modules`, following sysexits(3) for the usage and input errors.
public enum ExitStatus {
    /// Success: no error finding, every package passed.
    public static let success: Int32 = 0
    /// Error findings, failed tests, or manifests that failed to load.
    public static let failure: Int32 = 1
    /// A bad command line (EX_USAGE).
    public static let usage: Int32 = 64
    /// `modules.json` is not valid (EX_DATAERR).
    public static let dataError: Int32 = 65
    /// The repository or its `modules.json` is missing (EX_NOINPUT).
    public static let noInput: Int32 = 66
    /// The tool itself failed: a process could not start, output could not be written (EX_SOFTWARE).
    public static let software: Int32 = 70
    /// A file could not be created (EX_CANTCREAT).
    public static let cannotCreate: Int32 = 73
}

/// A command that cannot go on, with the status to exit with.
struct CommandFailure: Error {
    let message: String
    let status: Int32
}

/// The output format chosen with `--format` or `--json`; each command takes some of them.
enum OutputFormat: String, Sendable, CaseIterable {
    /// For people (the default of most commands).
    case text
    /// For programs: one JSON document with a `schemaVersion`.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`), for CI annotations.
    case github
    /// A Mermaid `graph` block.
    case mermaid
    /// A Graphviz `digraph`.
    case dot
    /// An aligned text table (the same as `text` where a command prints tables).
    case table
    /// A Markdown table.
    case md
    /// An SVG image.
    case svg
}

/// What every command works with once its command line is read.
struct CommandContext: Sendable {
    let environment: CommandEnvironment
    let root: URL
    let format: OutputFormat
    /// `modules.json`, or `nil` when the repository has none.
    let configuration: ModulesConfiguration?
    /// Where recorded results are kept (`--cache-dir`, default `<repo>/.build/modules/cache`); `nil` with
    /// `--no-cache`.
    let cacheDirectory: URL?

    var configurationURL: URL { root.appendingPathComponent(ModulesConfiguration.fileName) }

    /// The manifest loader every command uses: `swift package dump-package` through the manifest cache.
    func manifestLoader() -> ManifestLoader {
        let cache = cacheDirectory.map {
            ManifestCache(
                directory: $0.appendingPathComponent("manifests", isDirectory: true),
                toolchainFingerprint: environment.toolchain.fingerprint())
        }
        return ManifestLoader(runner: environment.runner, swiftExecutable: environment.swiftExecutable, cache: cache)
    }

    /// The import scanner every command uses: the toolchain's `swiftc`, through the import-scan cache under
    /// ``cacheDirectory`` (none with `--no-cache`).
    func importScanner() -> ImportScanner {
        ImportScanner(
            runner: environment.runner, swiftc: environment.toolchain.swiftc, root: root,
            cache: cacheDirectory.map {
                ImportScanCache(
                    directory: $0.appendingPathComponent(ImportScanCache.folder, isDirectory: true),
                    toolchainFingerprint: environment.toolchain.fingerprint())
            })
    }

    /// Finds and loads every package of the repository.
    func scan() async throws -> RepositoryScan {
        let loader = manifestLoader()
        let scanner = RepositoryScanner(loader: loader, concurrency: max(2, environment.processorCount))
        do {
            let scan = try await scanner.scan(root: root, configuration: configuration ?? ModulesConfiguration())
            if let first = scan.cacheWriteErrors.first {
                let more = scan.cacheWriteErrors.count > 1 ? " (and \(scan.cacheWriteErrors.count - 1) more)" : ""
                environment.errorOutput.writeLine("modules: warning: \(first)\(more)")
            }
            return scan
        } catch let error as ProcessLaunchError {
            throw CommandFailure(message: "cannot run swift: \(error.reason)", status: ExitStatus.software)
        } catch {
            throw CommandFailure(message: "cannot read \(root.path): \(error)", status: ExitStatus.noInput)
        }
    }

    /// Writes `value` as JSON to standard output.
    func writeJSON<Value: Encodable>(_ value: Value) throws {
        do {
            environment.output.write(try JSONOutput.string(value))
        } catch {
            throw CommandFailure(message: "cannot encode the output: \(error)", status: ExitStatus.software)
        }
    }
}
