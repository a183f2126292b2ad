import Foundation

/// `swift --version`'s output, which goes into every action key, kept in the cache directory by toolchain
/// fingerprint (``Toolchain/fingerprint()``): the compiler takes a second or more to print it on a loaded machine.
enum ToolchainVersion {
    private struct Record: Codable {
        var fingerprint: String
        var version: String
    }

    static let fileName = "toolchain-version.json"

    /// The version text, from the record when the toolchain is the one recorded, else from `swift --version`
    /// (then recorded); `nil` when `swift` cannot say.
    static func read(_ context: CommandContext) async -> String? {
        let environment = context.environment
        let fingerprint = environment.toolchain.fingerprint()
        let url = context.cacheDirectory?.appendingPathComponent(fileName)
        if fingerprint != "unknown", let url, let data = try? Data(contentsOf: url),
            let record = try? JSONDecoder().decode(Record.self, from: data), record.fingerprint == fingerprint
        {
            return record.version
        }
        let result = try? await environment.runner.run(
            ProcessInvocation(executable: environment.swiftExecutable, arguments: ["--version"]))
        guard let result, result.succeeded else { return nil }
        let version = result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !version.isEmpty else { return nil }
        if fingerprint != "unknown", let url,
            let data = try? JSONEncoder().encode(Record(fingerprint: fingerprint, version: version))
        {
            // NB: a record that cannot be written costs the next run one `swift --version`, nothing else.
            try? FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: url, options: .atomic)
        }
        return version
    }
}
