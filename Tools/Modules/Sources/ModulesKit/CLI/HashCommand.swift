import Foundation

/// The output of `modules hash --format json` (schema version 1).
struct HashReport: Encodable {
    var schemaVersion = 1
    var repository: String
    var toolchain: String
    var targets: [ModuleHash]
}

/// `modules hash`: the content hash of every target (or the targets of the given packages).
enum HashCommand {
    static let spec = CommandSpec(
        name: "hash",
        summary: "Print each target's content hash: its files, manifests, toolchain and dependencies' hashes.",
        synopsis: "hash [PACKAGE...] [--format text|json] [--repo DIR]",
        options: Command.commonOptions(),
        positionals: "PACKAGE",
        details: """
            A target's hash covers every file of its directory (sources, resources), its package's Package.swift,
            Package@swift-*.swift and Package.resolved, its name and type, the toolchain, and the hashes of every
            target it depends on, directly or not. Files are hashed as `git hash-object` hashes them. The same hashes decide
            what `modules test --changed-since-green` runs.
            """
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        let scan = try await context.scan()
        let selected = try await PackageSelection.select(
            arguments.positionals, from: scan.packagePaths, context: context)
        let hashes = try await compute(context, scan: scan)
        let targets = hashes.values.filter { selected.contains($0.package) }.sorted { $0.id < $1.id }
        switch context.format {
        case .json:
            try context.writeJSON(
                HashReport(
                    repository: scan.root.path, toolchain: context.environment.toolchain.fingerprint(),
                    targets: targets))
        default:
            let width = targets.map(\.id.count).max() ?? 0
            var lines = targets.map { target in
                target.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + target.hash.prefix(16)
                    + "  \(target.fileCount) file\(target.fileCount == 1 ? "" : "s"), "
                    + "\(target.dependencies.count) dependenc\(target.dependencies.count == 1 ? "y" : "ies")"
            }
            lines.append("\(targets.count) target\(targets.count == 1 ? "" : "s")")
            context.environment.output.write(lines.joined(separator: "\n") + "\n")
        }
        return scan.failures.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    /// Every target's hash, by id.
    static func compute(_ context: CommandContext, scan: RepositoryScan) async throws -> [String: ModuleHash] {
        let hasher = ContentHasher(
            runner: context.environment.runner, root: scan.root,
            toolchainFingerprint: context.environment.toolchain.fingerprint(),
            temporaryDirectory: FileManager().temporaryDirectory)
        do {
            return try await hasher.hashes(scan: scan, graph: TargetGraph(scan: scan))
        } catch let failure as ContentHasher.Failure {
            throw CommandFailure(message: failure.message, status: ExitStatus.software)
        }
    }
}
