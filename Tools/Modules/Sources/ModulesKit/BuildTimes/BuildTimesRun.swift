import Foundation

/// What `build-times` measures and how.
struct BuildTimesSettings {
    /// The packages, by repository path.
    var packages: [String]
    /// Samples per measurement (the median is reported).
    var runs: Int
    /// The revision to compare with, or nil.
    var compare: String?
    /// The ratio above which a comparison is a regression.
    var threshold: Double
    /// The package whose rebuild the blast radius measures (the App), or nil to skip it.
    var app: String?
    /// The packages the App depends on, directly or not (a change elsewhere cannot rebuild it).
    var appDependencies: Set<String>
    /// The file each package's one-line changes go to, repository-relative.
    var probeFiles: [String: String]
}

/// Measures build times in the trees of ``BuildTrees``, the two trees interleaved: in each run, each package is
/// built on both trees back to back, the order alternating from one run and package to the next (current first,
/// then base first), so a machine that speeds up or slows down during the run affects both sides alike.
///
/// Per package and tree: a clean build (fresh scratch path), then an incremental build after appending a comment
/// line to the probe file. Blast radius, per tree: the App is built once, then for each package it depends on, an
/// implementation change (a comment) and an interface change (a new public function) are made in the probe file,
/// each followed by a timed rebuild of the App (both trees back to back) that records which modules recompiled.
/// Changes accumulate in the temporary trees and are undone at the end of each run, before the App is settled with
/// an untimed build.
struct BuildTimesRun {
    let trees: BuildTrees
    let measurer: BuildMeasurer
    let settings: BuildTimesSettings
    let progress: StepProgress

    /// How many steps ``run()`` reports (for the progress line).
    static func stepCount(_ settings: BuildTimesSettings) -> Int {
        let sides = settings.compare == nil ? 1 : 2
        let blast = settings.app.map { _ in 1 + settings.runs * (1 + 2 * blastPackages(settings).count) } ?? 0
        // NB: per side: the App's first build, then per run each package's two changes and one settling build.
        return settings.runs * settings.packages.count * sides * 2 + blast * sides
    }

    private static func blastPackages(_ settings: BuildTimesSettings) -> [String] {
        settings.packages.filter { $0 != settings.app && settings.appDependencies.contains($0) }
    }

    func run() async -> BuildTimesReport {
        let sides: [BuildSide] = settings.compare == nil ? [.current] : [.current, .base]
        var clean: [String: [BuildSide: [Double]]] = [:]
        var incremental: [String: [BuildSide: [Double]]] = [:]
        var errors: [String: [String: String]] = [:]
        var hotspotSamples: [BuildSample] = []
        for run in 1...settings.runs {
            for (index, package) in settings.packages.enumerated() {
                for side in (run + index) % 2 == 0 ? sides.reversed() : sides {
                    guard let tree = trees.tree(side) else { continue }
                    let directory = RepoPath.url(package, in: tree)
                    guard FileManager().fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
                    else {
                        errors[package, default: [:]][side.rawValue] = "\(package) does not exist on this side"
                        continue
                    }
                    let scratch = trees.directory.appendingPathComponent("scratch/\(side.rawValue)", isDirectory: true)
                    try? FileManager().removeItem(at: scratch)
                    let statistics = trees.directory.appendingPathComponent("stats", isDirectory: true)
                    await progress.step("run \(run)/\(settings.runs) \(package) (\(side.rawValue)): clean build")
                    let first = await measurer.build(
                        packageDirectory: directory, scratch: scratch, statistics: statistics)
                    guard first.succeeded else {
                        errors[package, default: [:]][side.rawValue] = first.failure ?? "the build failed"
                        await progress.step("run \(run)/\(settings.runs) \(package) (\(side.rawValue)): skipped")
                        continue
                    }
                    clean[package, default: [:]][side, default: []].append(first.seconds)
                    if side == .current, run == 1 {
                        hotspotSamples.append(first)
                    }
                    await progress.step("run \(run)/\(settings.runs) \(package) (\(side.rawValue)): incremental build")
                    guard let probe = settings.probeFiles[package] else { continue }
                    let restore = append("\n// build-times probe \(run)\n", to: probe, in: tree)
                    let second = await measurer.build(
                        packageDirectory: directory, scratch: scratch, statistics: statistics)
                    restore()
                    if second.succeeded {
                        incremental[package, default: [:]][side, default: []].append(second.seconds)
                    }
                    try? FileManager().removeItem(at: scratch)
                }
            }
        }
        var report = BuildTimesReport(
            repository: trees.root.path, runs: settings.runs, compare: settings.compare, threshold: settings.threshold,
            packages: settings.packages.map { package in
                BuildTimesReport.Package(
                    package: package,
                    clean: comparison(clean[package]),
                    incremental: comparison(incremental[package]),
                    probeFile: settings.probeFiles[package],
                    errors: errors[package] ?? [:])
            },
            app: settings.app, blastRadius: await blastRadius(sides: sides),
            hotspots: BuildTimesReport.hotspots(of: hotspotSamples, tree: trees.current), regressions: [])
        report.findRegressions()
        return report
    }

    private func comparison(_ samples: [BuildSide: [Double]]?) -> BuildTimesReport.Comparison {
        BuildTimesReport.Comparison(
            current: samples?[.current].map { BuildTimesReport.Measure(samples: $0) },
            base: samples?[.base].map { BuildTimesReport.Measure(samples: $0) })
    }

    private func blastRadius(sides: [BuildSide]) async -> [BuildTimesReport.BlastRadius] {
        guard let app = settings.app else { return [] }
        let packages = Self.blastPackages(settings)
        let changes = ["implementation", "interface"]
        let statistics = trees.directory.appendingPathComponent("stats", isDirectory: true)
        var ready: [BuildSide: (tree: URL, directory: URL, scratch: URL)] = [:]
        for side in sides {
            guard let tree = trees.tree(side) else { continue }
            let directory = RepoPath.url(app, in: tree)
            let scratch = trees.directory.appendingPathComponent("scratch/app-\(side.rawValue)", isDirectory: true)
            await progress.step("\(app) (\(side.rawValue)): building the App for the blast radius")
            if await measurer.build(packageDirectory: directory, scratch: scratch, statistics: statistics).succeeded {
                ready[side] = (tree, directory, scratch)
            }
        }
        var times: [String: [BuildSide: [Double]]] = [:]
        var recompiled: [String: [String]] = [:]
        for run in 1...settings.runs {
            var restores: [() -> Void] = []
            for (index, package) in packages.enumerated() {
                guard let probe = settings.probeFiles[package] else { continue }
                for change in changes {
                    for side in (run + index) % 2 == 0 ? sides.reversed() : sides {
                        guard let (tree, directory, scratch) = ready[side] else { continue }
                        await progress.step(
                            "run \(run)/\(settings.runs) \(package) (\(side.rawValue)): \(change) change, App rebuild")
                        let line =
                            change == "implementation"
                            ? "\n// build-times probe \(run)\n" : "\npublic func buildTimesProbe\(run)() {}\n"
                        restores.append(append(line, to: probe, in: tree))
                        let sample = await measurer.build(
                            packageDirectory: directory, scratch: scratch, statistics: statistics)
                        guard sample.succeeded else { continue }
                        times["\(package)|\(change)", default: [:]][side, default: []].append(sample.seconds)
                        if side == .current, recompiled["\(package)|\(change)"] == nil {
                            recompiled["\(package)|\(change)"] = sample.recompiled
                        }
                    }
                }
            }
            for restore in restores.reversed() {
                restore()
            }
            for side in sides {
                guard let (_, directory, scratch) = ready[side] else { continue }
                await progress.step("run \(run)/\(settings.runs) \(app) (\(side.rawValue)): settling")
                _ = await measurer.build(packageDirectory: directory, scratch: scratch, statistics: statistics)
            }
        }
        for (_, _, scratch) in ready.values {
            try? FileManager().removeItem(at: scratch)
        }
        return packages.flatMap { package in
            changes.map { change in
                BuildTimesReport.BlastRadius(
                    package: package, change: change, time: comparison(times["\(package)|\(change)"]),
                    recompiled: recompiled["\(package)|\(change)"] ?? [])
            }
        }
    }

    /// Appends `line` to the repository-relative `file` in `tree`; returns what puts the file back.
    private func append(_ line: String, to file: String, in tree: URL) -> () -> Void {
        let url = RepoPath.url(file, in: tree)
        guard let original = try? Data(contentsOf: url) else { return {} }
        try? (original + Data(line.utf8)).write(to: url)
        return { try? original.write(to: url) }
    }
}
