import FeatureKit
import Foundation
import Testing

/// Runs the built `storefront` binary, as a user or a script would, for what needs no data: help, version, usage.
@Suite("storefront executable")
struct ExecutableTests {
    @Test("--version and --help exit 0 with output on standard output")
    func helpAndVersion() async throws {
        let version = try await StorefrontProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("storefront "))
        let help = try await StorefrontProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("Usage: storefront"))
        #expect(help.standardError.isEmpty)
    }

    @Test("an unknown command exits 64 with a one-line error and where the usage is on standard error")
    func unknownCommand() async throws {
        let result = try await StorefrontProcess.run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "storefront: unknown command 'frobnicate'\nRun 'storefront --help' for usage.\n")
    }

    @Test("without a terminal and without a command, the usage is printed")
    func noCommandWithoutTerminal() async throws {
        let result = try await StorefrontProcess.run([])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Commands:"))
    }
}
