import Logging
import Testing

@testable import StorefrontApp

@Suite("storefront command line")
struct CommandLineTests {
    private struct Harness {
        let output = OutputBuffer()
        let errors = OutputBuffer()
        let logs = CapturingLogHandler()

        func run(_ arguments: [String], environment: [String: String] = [:]) async -> ExitCode {
            let logs = self.logs
            let commandLine = StorefrontCommandLine(
                output: output,
                errorOutput: errors,
                environment: environment,
                makeDependencies: { configuration in
                    var handler = logs
                    handler.logLevel = configuration.logLevel
                    return AppDependencies(logger: Logger(label: "test", handler: handler))
                }
            )
            return await commandLine.run(arguments)
        }
    }

    @Test("--help and -h print the usage to standard output and succeed")
    func help() async {
        for arguments in [["--help"], ["-h"], ["help"], ["--log-level", "debug", "--help"]] {
            let harness = Harness()
            #expect(await harness.run(arguments) == .success)
            #expect(harness.output.contents.hasPrefix("Storefront: "))
            #expect(harness.output.contents.contains("Usage: storefront [OPTIONS] [COMMAND]"))
            #expect(harness.output.contents.contains("--version"))
            #expect(harness.errors.contents.isEmpty)
        }
    }

    @Test("--version prints the semantic version")
    func version() async {
        for arguments in [["--version"], ["version"]] {
            let harness = Harness()
            #expect(await harness.run(arguments) == .success)
            #expect(harness.output.contents == "storefront \(StorefrontVersion.current)\n")
        }
        #expect(StorefrontVersion.current.split(separator: ".").count == 3)
    }

    @Test(
        "usage errors print one line and the usage to standard error and exit 64",
        arguments: [
            (["frobnicate"], "storefront: unknown command 'frobnicate'"),
            (["--colour"], "storefront: unknown option '--colour'"),
            (["-x"], "storefront: unknown option '-x'"),
            (["--log-level"], "storefront: option '--log-level' needs a value"),
            (["--log-level", "loud"], "storefront: invalid log level 'loud'"),
            (["--no-color=yes"], "storefront: option '--no-color' takes no value"),
            (["version", "extra"], "storefront: 'version' takes no arguments"),
        ]
    )
    func usageErrors(arguments: [String], firstLine: String) async {
        let harness = Harness()
        #expect(await harness.run(arguments) == .usage)
        #expect(ExitCode.usage.rawValue == 64)
        let lines = harness.errors.contents.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init)?.hasPrefix(firstLine) == true)
        #expect(harness.errors.contents.contains("Usage: storefront"))
        #expect(harness.output.contents.isEmpty)
    }

    @Test("an invalid STOREFRONT_LOG_LEVEL is a usage error; a flag wins over the variable")
    func logLevelFromEnvironment() async throws {
        let bad = Harness()
        #expect(await bad.run(["version"], environment: ["STOREFRONT_LOG_LEVEL": "chatty"]) == .usage)

        let parsed = try StorefrontCommandLine.globalOptions.parse(["--log-level", "error"])
        let configuration = try AppConfiguration(arguments: parsed, environment: ["STOREFRONT_LOG_LEVEL": "trace"])
        #expect(configuration.logLevel == .error)
    }

    @Test("the composition root receives the configured log level")
    func logLevelReachesHandler() async {
        let quiet = Harness()
        _ = await quiet.run(["version"])
        #expect(quiet.logs.records.isEmpty)

        let chatty = Harness()
        _ = await chatty.run(["--log-level", "debug", "version"])
        #expect(chatty.logs.records.contains { $0.message.description == "starting" })
    }
}
