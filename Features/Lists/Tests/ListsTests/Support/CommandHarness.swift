import FeatureKit
import Foundation
import Lists
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import Primitives
import TestSupport
import Testing

/// A Lists entry over a temporary data directory, a catalog double and a cart that records what it is given, that
/// runs `storefront lists …` commands in-process.
@MainActor
final class CommandHarness {
    /// What a command printed and returned.
    struct Result {
        let code: ExitCode
        let output: String
        let errors: String
    }

    /// Text written by a command.
    private final class Collected: TextOutput {
        private let buffer = Locked("")
        var text: String { buffer.withLock { $0 } }
        func write(_ text: String) { buffer.withLock { $0 += text } }
    }

    let entry: ListsEntry
    let catalog: CatalogDouble
    let folder: URL
    /// Every request the cart was given, in order.
    private(set) var cartRequests: [CartRequest] = []

    /// An entry whose data lives under `directory` and whose lists are in `directory/lists`.
    init(directory: URL, catalog: CatalogDouble) {
        self.catalog = catalog
        folder = directory.appendingPathComponent("lists", isDirectory: true)
        let logger = Logger(label: "lists-test", handler: CapturingLogHandler())
        let clock = ContinuousClock()
        let database = Database(
            location: .inMemory, migrator: DatabaseMigrator(), configuration: DatabaseConfiguration(), logger: logger)
        let context = FeatureContext(
            account: .guest, database: database,
            outbox: Outbox(database: database, clock: clock, now: { Date() }, logger: logger),
            client: .testing(transport: ScriptedTransport(clock: clock), clock: clock), logger: logger, clock: clock,
            now: { Date() }, makeIdentifier: { UUID().uuidString }, flags: FlagValues([:]),
            layout: StorageLayout(rootDirectory: directory.appendingPathComponent("data")),
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? .current,
            capabilities: EntryCapabilities())
        context.capabilities.provide(ProductCatalog(lookUp: catalog.lookUp))
        entry = ListsEntry(context: context)
        context.capabilities.provide(CartAccess { [weak self] requests in self?.cartRequests += requests })
    }

    /// Runs `storefront lists WORDS… --lists-dir <folder>` where `command` is the command's words (`lists show`).
    func run(_ command: String, _ arguments: String...) async throws -> Result {
        let spec = try #require(ListsEntry.descriptor.commands.first { $0.name == command })
        let parsed = try CommandOptions(spec.options + [.init("--json", help: "JSON.")]).parse(
            arguments + ["--lists-dir", folder.path])
        let (output, errors) = (Collected(), Collected())
        let invocation = CommandInvocation(
            spec: spec, arguments: parsed, operands: parsed.operands, output: output, errorOutput: errors,
            isInputTerminal: false, programName: "storefront", isSignedIn: false, sessionEndedMessage: nil,
            usageText: { "Usage: storefront\n" })
        let code = await entry.run(invocation)
        return Result(code: code, output: output.text, errors: errors.text)
    }
}
