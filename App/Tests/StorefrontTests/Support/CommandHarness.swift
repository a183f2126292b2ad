import FeatureKit
import Foundation
import Logging
import Networking
import Persistence
import StorefrontApp
import TerminalUI
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs the command line in-process with captured output and logs, a temporary data directory and no terminal.
@MainActor
struct CommandHarness {
    let output = OutputBuffer()
    let errors = OutputBuffer()
    let logs = CapturingLogHandler()
    let directory: TemporaryDirectory
    /// The event stream's transport instead of the app's libcurl one, when a test scripts the stream.
    let streamingTransport: (any HTTPStreamingTransport)?

    init(streamingTransport: (any HTTPStreamingTransport)? = nil) throws {
        directory = try TemporaryDirectory()
        self.streamingTransport = streamingTransport
    }

    /// Runs `arguments` (a `--data-dir` in the temporary directory is added) and returns the exit code.
    func run(_ arguments: [String], environment: [String: String] = [:]) async -> ExitCode {
        let logs = self.logs
        let scriptedStream = streamingTransport
        let commandLine = StorefrontCommandLine(
            output: output,
            errorOutput: errors,
            statusTerminal: nil,
            environment: environment,
            currentDirectory: directory.url,
            terminal: Terminal(inputDescriptor: -1, outputDescriptor: -1, environment: [:]),
            entryTypes: AppEntries.all,
            makeDependencies: { configuration throws(LaunchError) in
                var handler = logs
                handler.logLevel = configuration.logLevel
                var logger = Logger(label: "test", handler: handler)
                logger.logLevel = configuration.logLevel
                let transports: AppTransports
                do {
                    transports = try TestTransports.make()
                } catch {
                    throw LaunchError("\(error)")
                }
                return try AppDependencies(
                    configuration: configuration, layout: try AppDependencies.layout(for: configuration),
                    logger: logger, logFallback: StandardErrorFallback(), transport: transports.api,
                    streamingTransport: scriptedStream ?? transports.stream, imageTransport: transports.pictures,
                    entryTypes: AppEntries.all)
            }
        )
        return await commandLine.run(["--data-dir", directory.url.path] + arguments)
    }
}
