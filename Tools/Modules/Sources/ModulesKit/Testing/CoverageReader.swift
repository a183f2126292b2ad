import Foundation

/// Line coverage of one package's `Sources/`, from its test run.
public struct CoverageSummary: Sendable, Equatable, Encodable {
    /// One source file's lines.
    public struct File: Sendable, Equatable, Encodable {
        /// The repository-relative path.
        public var path: String
        /// Executable lines.
        public var lines: Int
        /// Executable lines that ran.
        public var coveredLines: Int
    }

    /// Executable lines under the package's `Sources/`.
    public var lines: Int
    /// Those that ran.
    public var coveredLines: Int
    /// The files, by path.
    public var files: [File]

    /// Covered lines as a percentage (100 when there is no executable line).
    public var percent: Double {
        lines == 0 ? 100 : (Double(coveredLines) * 1000 / Double(lines)).rounded() / 10
    }

    private enum CodingKeys: String, CodingKey {
        case lines, coveredLines, percent, files
    }

    /// Encodes the totals, the percentage and the files.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lines, forKey: .lines)
        try container.encode(coveredLines, forKey: .coveredLines)
        try container.encode(percent, forKey: .percent)
        try container.encode(files, forKey: .files)
    }
}

/// Reads a package's coverage after `swift test --enable-code-coverage`, with the toolchain's own LLVM tools
/// (never `llvm-cov` from `PATH`: Debian's cannot read this toolchain's profiles):
/// `llvm-profdata merge -sparse <the run's .profraw files>`, then `llvm-cov export -summary-only` on the package's
/// test binary, keeping only files under `<package>/Sources/` (not the tests, not generated runner code).
///
/// SwiftPM merges the profiles only when every test passes; merging them here gives coverage for failed runs too.
/// Only the profiles written during this run are read (those present before it are left out), so a shared
/// `--scratch-path` does not mix in other packages' runs.
struct CoverageReader {
    let runner: any ProcessRunning
    let toolchain: Toolchain
    let root: URL

    /// The `codecov` directories under `buildDirectory` (one per triple) and the profiles already in them.
    func profiles(in buildDirectory: URL) -> Set<String> {
        Set(
            codecovDirectories(in: buildDirectory).flatMap { directory in
                ((try? FileManager().contentsOfDirectory(atPath: directory.path)) ?? [])
                    .filter { $0.hasSuffix(".profraw") }.map { directory.appendingPathComponent($0).path }
            })
    }

    /// The coverage of `package` (repository path) whose manifest name is `name`, from the profiles written since
    /// `before` was taken.
    /// - Returns: the summary, or a sentence saying why there is none.
    func read(package: String, name: String, buildDirectory: URL, before: Set<String>, work: URL) async -> Result<
        CoverageSummary, CoverageFailure
    > {
        let fresh = profiles(in: buildDirectory).subtracting(before).sorted()
        guard !fresh.isEmpty else { return .failure(CoverageFailure("the test run wrote no coverage profile")) }
        guard
            let binary = codecovDirectories(in: buildDirectory).map({
                $0.deletingLastPathComponent().appendingPathComponent("\(name)PackageTests.xctest")
            }).first(where: { FileManager().fileExists(atPath: $0.path) })
        else { return .failure(CoverageFailure("no \(name)PackageTests.xctest in \(buildDirectory.path)")) }
        guard let profdata = toolchain.tool("llvm-profdata"), let llvmCov = toolchain.tool("llvm-cov") else {
            return .failure(CoverageFailure("the toolchain's llvm-cov was not found (swift is not on PATH)"))
        }
        let merged = work.appendingPathComponent("coverage.profdata")
        try? FileManager().createDirectory(at: work, withIntermediateDirectories: true)
        let merge = ProcessInvocation(
            executable: profdata, arguments: ["merge", "-sparse"] + fresh + ["-o", merged.path])
        guard let mergeResult = try? await runner.run(merge), mergeResult.succeeded else {
            return .failure(CoverageFailure("llvm-profdata could not merge the profiles"))
        }
        let export = ProcessInvocation(
            executable: llvmCov,
            arguments: ["export", "-summary-only", "-instr-profile=\(merged.path)", binary.path])
        guard let exported = try? await runner.run(export), exported.succeeded else {
            return .failure(CoverageFailure("llvm-cov export failed on \(binary.lastPathComponent)"))
        }
        let sources = RepoPath.url(package, in: root).appendingPathComponent("Sources").standardizedFileURL.path + "/"
        return Self.summary(of: exported.standardOutput, sourcesPrefix: sources, root: root)
    }

    /// Sums the line counts of the files under `sourcesPrefix` in `llvm-cov export` JSON.
    static func summary(of json: Data, sourcesPrefix: String, root: URL) -> Result<CoverageSummary, CoverageFailure> {
        struct Export: Decodable {
            struct Entry: Decodable {
                struct File: Decodable {
                    struct Summary: Decodable {
                        struct Lines: Decodable {
                            var count: Int
                            var covered: Int
                        }
                        var lines: Lines
                    }
                    var filename: String
                    var summary: Summary
                }
                var files: [File]
            }
            var data: [Entry]
        }
        guard let export = try? JSONDecoder().decode(Export.self, from: json) else {
            return .failure(CoverageFailure("llvm-cov export printed no coverage JSON"))
        }
        let files = export.data.flatMap(\.files).filter { $0.filename.hasPrefix(sourcesPrefix) }.map { file in
            CoverageSummary.File(
                path: RepoPath.relative(URL(fileURLWithPath: file.filename), to: root) ?? file.filename,
                lines: file.summary.lines.count, coveredLines: file.summary.lines.covered)
        }.sorted { $0.path < $1.path }
        return .success(
            CoverageSummary(
                lines: files.reduce(0) { $0 + $1.lines }, coveredLines: files.reduce(0) { $0 + $1.coveredLines },
                files: files))
    }

    private func codecovDirectories(in buildDirectory: URL) -> [URL] {
        let names = (try? FileManager().contentsOfDirectory(atPath: buildDirectory.path)) ?? []
        return names.sorted().map {
            buildDirectory.appendingPathComponent($0).appendingPathComponent("debug/codecov", isDirectory: true)
        }.filter { FileManager().fileExists(atPath: $0.path) }
    }
}

/// Why a package has no coverage figure.
struct CoverageFailure: Error, Equatable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
