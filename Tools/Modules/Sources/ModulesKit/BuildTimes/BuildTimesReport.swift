import Foundation

/// The result of `modules build-times`, as printed with `--format json` (schema version 1, documented in the
/// README of Tools/Modules). Times are wall-clock seconds; each is the median of `runs` samples.
public struct BuildTimesReport: Sendable, Equatable, Encodable {
    /// The version of this JSON shape.
    public static let currentSchemaVersion = 1

    /// Samples of one measurement on one tree, and their median.
    public struct Measure: Sendable, Equatable, Encodable {
        /// The median, in seconds (the mean of the two middle samples for an even count).
        public var median: Double
        /// Every sample, in seconds, in the order measured.
        public var samples: [Double]
        /// The samples' spread relative to the median: (largest − smallest) ÷ median (0 for one sample).
        public var spread: Double

        /// The median of `samples`.
        public init(samples: [Double]) {
            self.samples = samples.map { ($0 * 1000).rounded() / 1000 }
            let sorted = samples.sorted()
            let middle = sorted.count / 2
            let value =
                sorted.isEmpty ? 0 : sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            median = (value * 1000).rounded() / 1000
            let range = (sorted.last ?? 0) - (sorted.first ?? 0)
            spread = value > 0 ? (range / value * 1000).rounded() / 1000 : 0
        }
    }

    /// One measurement on both trees.
    public struct Comparison: Sendable, Equatable, Encodable {
        /// On the working tree.
        public var current: Measure?
        /// On the `--compare` revision.
        public var base: Measure?
        /// Working tree ÷ compared revision, when both were measured: the median of the per-run ratios (the two
        /// builds of one run ran back to back, so each pair saw the same machine load), or the ratio of the
        /// medians when a side missed a run.
        public var ratio: Double? {
            guard let current, let base, base.median > 0 else { return nil }
            let paired = zip(current.samples, base.samples).filter { $0.1 > 0 }.map { $0.0 / $0.1 }
            let value =
                paired.count == current.samples.count && paired.count == base.samples.count
                ? Measure(samples: paired).median : current.median / base.median
            return (value * 1000).rounded() / 1000
        }

        /// How far from 1 the ratio may be by the runs' own noise: the largest relative spread of either side's
        /// samples and of the per-run ratios; `nil` unless both sides were measured.
        public var noise: Double? {
            guard let current, let base, ratio != nil else { return nil }
            let paired = zip(current.samples, base.samples).filter { $0.1 > 0 }.map { $0.0 / $0.1 }
            let ratios = paired.sorted()
            let pairedRange = (ratios.last ?? 0) - (ratios.first ?? 0)
            return ([current.spread, base.spread, pairedRange].max().map { ($0 * 1000).rounded() / 1000 }) ?? 0
        }

        /// Whether the ratio is above `threshold` by more than the runs' own ``noise``: a regression.
        public func regresses(above threshold: Double) -> Bool {
            guard let ratio, ratio > threshold else { return false }
            return ratio - 1 > (noise ?? 0)
        }

        private enum CodingKeys: String, CodingKey {
            case current, base, ratio, noise
        }

        /// Encodes both sides, the ratio and its noise.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(current, forKey: .current)
            try container.encodeIfPresent(base, forKey: .base)
            try container.encodeIfPresent(ratio, forKey: .ratio)
            try container.encodeIfPresent(noise, forKey: .noise)
        }
    }

    /// One package's clean and incremental builds.
    public struct Package: Sendable, Equatable, Encodable {
        /// The package's repository path.
        public var package: String
        /// Building it with a fresh scratch path (its local dependencies included).
        public var clean: Comparison
        /// Building it again after a one-line change (a comment) to ``probeFile``.
        public var incremental: Comparison
        /// The repository-relative file changed for the incremental build.
        public var probeFile: String?
        /// Why a build could not be measured, by side.
        public var errors: [String: String]
    }

    /// What one change in a package rebuilds in the App.
    public struct BlastRadius: Sendable, Equatable, Encodable {
        /// The package changed.
        public var package: String
        /// `implementation` (a comment) or `interface` (a new public function).
        public var change: String
        /// The App's incremental build after the change.
        public var time: Comparison
        /// The modules whose compiler jobs ran, on the working tree.
        public var recompiled: [String]
    }

    /// The slowest type-checking found in the working tree's clean builds.
    public struct Hotspots: Sendable, Equatable, Encodable {
        /// A file and the summed type-check time of its function bodies.
        public struct File: Sendable, Equatable, Encodable {
            /// Repository-relative.
            public var file: String
            /// Milliseconds.
            public var milliseconds: Double
        }

        /// A module and its compiler jobs' summed wall seconds.
        public struct Module: Sendable, Equatable, Encodable {
            /// The module.
            public var module: String
            /// Seconds.
            public var seconds: Double
        }

        /// The slowest function bodies, slowest first.
        public var functions: [FunctionBodyTime]
        /// The slowest files, slowest first.
        public var files: [File]
        /// Every module built, slowest first.
        public var modules: [Module]
    }

    /// The version of this JSON shape.
    public var schemaVersion = BuildTimesReport.currentSchemaVersion
    /// The repository root.
    public var repository: String
    /// Samples per measurement.
    public var runs: Int
    /// The `--compare` revision, or nil.
    public var compare: String?
    /// The ratio above which a comparison is a regression.
    public var threshold: Double
    /// The packages measured, in the order given.
    public var packages: [Package]
    /// The App package the blast radius is measured in, or nil when it was not measured.
    public var app: String?
    /// The blast radius of a change in each package.
    public var blastRadius: [BlastRadius]
    /// The working tree's hotspots.
    public var hotspots: Hotspots
    /// Comparisons whose ratio is above the threshold by more than their runs' spread, as sentences.
    public var regressions: [String]
    /// Comparisons above the threshold that the runs' own spread explains (not regressions), as sentences.
    public var withinNoise: [String] = []

    /// 1 when a comparison regressed or a build failed, else 0.
    public var exitCode: Int32 {
        regressions.isEmpty && packages.allSatisfy(\.errors.isEmpty) ? 0 : 1
    }

    /// Fills ``regressions`` from the ratios.
    mutating func findRegressions() {
        var found: [String] = []
        var noisy: [String] = []
        let format = { (value: Double) in String(format: "%.2f", value) }
        let threshold = self.threshold
        func sort(_ comparison: Comparison, _ what: String) {
            guard let ratio = comparison.ratio, ratio > threshold else { return }
            let sentence = "\(what): \(format(ratio))× > \(format(threshold))×"
            if comparison.regresses(above: threshold) {
                found.append(sentence)
            } else {
                let spread = Int(((comparison.noise ?? 0) * 100).rounded())
                noisy.append(sentence + ", but its runs spread by \(spread) %, which explains it")
            }
        }
        for package in packages {
            for (name, comparison) in [("clean", package.clean), ("incremental", package.incremental)] {
                sort(comparison, "\(package.package) \(name) build")
            }
        }
        for entry in blastRadius {
            sort(
                entry.time,
                "App rebuild after a\(entry.change == "interface" ? "n" : "") \(entry.change) change in \(entry.package)"
            )
        }
        regressions = found
        withinNoise = noisy
    }

    /// The hotspots of `samples` (the working tree's clean builds), with files made relative to `tree`.
    static func hotspots(of samples: [BuildSample], tree: URL, limit: Int = 10) -> Hotspots {
        let prefix = tree.standardizedFileURL.path + "/"
        let relative = { (file: String) in file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file }
        var bodies: [FunctionBodyTime: Double] = [:]
        var modules: [String: Double] = [:]
        for sample in samples {
            for body in sample.functionBodies {
                var key = body
                key.milliseconds = 0
                key.file = relative(body.file)
                bodies[key] = max(bodies[key] ?? 0, body.milliseconds)
            }
            for (module, seconds) in sample.frontendSeconds {
                modules[module] = max(modules[module] ?? 0, seconds)
            }
        }
        let functions = bodies.map { key, value in
            var body = key
            body.milliseconds = value
            return body
        }.sorted { ($1.milliseconds, $0.file, $0.line) < ($0.milliseconds, $1.file, $1.line) }
        var files: [String: Double] = [:]
        for body in functions {
            files[body.file, default: 0] += body.milliseconds
        }
        return Hotspots(
            functions: Array(functions.prefix(limit)),
            files: files.map { Hotspots.File(file: $0, milliseconds: ($1 * 100).rounded() / 100) }
                .sorted { ($1.milliseconds, $0.file) < ($0.milliseconds, $1.file) }.prefix(limit).map { $0 },
            modules: modules.map { Hotspots.Module(module: $0, seconds: ($1 * 1000).rounded() / 1000) }
                .sorted { ($1.seconds, $0.module) < ($0.seconds, $1.module) }
        )
    }
}
