import Foundation

extension SharedTestCache {
    /// Uploads the outcome of every test target that ran (`ran`: target ids by package): its log, JUnit XML and
    /// outcome record to the CAS first, then its `ActionResult` to the AC, under the action key for a pass and
    /// under ``CachedOutcome/failureKey(for:)`` for a failure (a flaky or quarantined test makes its target's
    /// run a failure there), and into the next slot of its key's run history (``RunHistory``; `histories` says
    /// which slot is free).
    /// - Returns: the note for the closing line (`uploaded N results (X KB)`, or why nothing or not everything
    ///   was uploaded); `nil` when nothing ran.
    func upload(
        _ results: [PackageTestResult], ran: [String: [String]], root: URL, at date: Date,
        histories: [String: TargetHistory] = [:]
    ) async -> String? {
        let jobs = results.filter { Self.isRecorded($0.status) }.flatMap { result in
            (ran[result.package] ?? []).map { (result, $0) }
        }
        guard !jobs.isEmpty else { return nil }
        if readOnly { return "nothing uploaded (read-only cache)" }
        guard await health.isAvailable else { return "nothing uploaded (the shared cache is unavailable)" }
        let tally = UploadTally()
        let stamp = ISO8601DateFormatter().string(from: date)
        let packages = results.filter { !(ran[$0.package] ?? []).isEmpty && Self.isRecorded($0.status) }
        await withTaskGroup(of: Void.self) { group in
            var pending = packages[...]
            func startNext() {
                guard let result = pending.popFirst() else { return }
                group.addTask {
                    do throws(RemoteCacheError) {
                        try await upload(
                            result, ids: ran[result.package] ?? [], root: root, stamp: stamp, tally: tally,
                            histories: histories)
                    } catch {
                        await tally.fail(error)
                        await health.record(error)
                    }
                }
            }
            for _ in 0..<Self.concurrency {
                startNext()
            }
            while await group.next() != nil {
                startNext()
            }
        }
        let (count, bytes, failure) = await tally.summary
        let kilobytes = (bytes + 1023) / 1024
        if let failure {
            return "upload failed: \(failure) (\(count) of \(jobs.count) results uploaded)"
        }
        return "uploaded \(count) result\(count == 1 ? "" : "s") (\(kilobytes) KB)"
    }

    /// One package's uploads: its log and JUnit XML, then for each of its test targets the outcome record and the
    /// AC entry, so an AC entry never names a blob that is not stored yet.
    /// Whether a package's run with `status` is recorded: it ran its tests (not `unchanged`, not
    /// `no-matching-tests`).
    static func isRecorded(_ status: PackageTestStatus) -> Bool {
        status != .unchanged && status != .noMatchingTests
    }

    private func upload(
        _ result: PackageTestResult, ids: [String], root: URL, stamp: String, tally: UploadTally,
        histories: [String: TargetHistory]
    ) async throws(RemoteCacheError) {
        var shared: [ActionResultMessage.OutputFile] = []
        for (name, path) in [(FileName.junit, result.junit), (FileName.log, result.log)] {
            guard let path, let data = try? Data(contentsOf: RepoPath.url(path, in: root)) else { continue }
            shared.append(.init(path: name, digest: try await client.putBlob(data)))
            await tally.add(bytes: data.count)
        }
        let names = ids.map { String($0.split(separator: ":").last ?? "") }
        let passing = PassingTargets.names(in: result, among: names)
        for (id, target) in zip(ids, names) {
            guard await health.isAvailable else { return }
            guard let key = keys[id], key.isResolved else { continue }
            let module = PassingTargets.module(of: target)
            let cases = result.cases.filter { $0.suite == module || $0.suite.hasPrefix(module + ".") }
            let passed = passing.contains(target)
            let outcome = CachedOutcome(
                key: key.key, target: id, status: passed ? PackageTestStatus.passed.rawValue : result.status.rawValue,
                passed: cases.count { $0.outcome == .passed || $0.outcome == .flaky },
                failed: cases.count { $0.outcome == .failed || $0.outcome == .quarantined },
                skipped: cases.count { $0.outcome == .skipped },
                failures: cases.filter { $0.outcome == .failed || $0.outcome == .quarantined }.map(\.qualifiedName),
                seconds: result.seconds, commit: commit, branch: branch, machine: machine, recordedAt: stamp,
                inputs: key.description, tests: cases.map(Self.record), dependencyInputs: key.dependencyParts)
            let record: Data
            do {
                record = try outcome.encoded()
            } catch {
                throw .unusableEntry("cannot encode the outcome of \(id): \(error)")
            }
            let digest = try await client.putBlob(record)
            let files = [.init(path: FileName.outcome, digest: digest)] + shared
            let message = ActionResultMessage(outputFiles: files, exitCode: passed ? 0 : 1)
            try await client.putActionResult(message, key: passed ? key.key : CachedOutcome.failureKey(for: key.key))
            try await appendRun(message, outcome: digest, key: key.key, from: histories[id]?.nextSlot)
            await tally.add(bytes: record.count + message.encoded().count, result: true)
        }
    }
}

extension SharedTestCache {
    /// How `testCase` ended in this run, for its outcome record: a quarantined failure is a failure, and a test that
    /// is flaky only because an earlier run with the same key failed passed in this one.
    static func record(_ testCase: TestCaseResult) -> CachedOutcome.TestRecord {
        let outcome: String
        var message = testCase.message
        switch testCase.outcome {
        case .passed, .skipped: outcome = testCase.outcome.rawValue
        case .failed, .quarantined: outcome = "failed"
        case .flaky:
            let rerun = testCase.attempts.first { !$0.isEarlierRun }
            outcome = rerun == nil ? "passed" : "flaky"
            message = rerun?.message
        }
        return .init(suite: testCase.suite, name: testCase.name, outcome: outcome, message: message)
    }
}

/// What a run's uploads did: results stored, bytes sent, the first failure.
actor UploadTally {
    private var results = 0
    private var bytes = 0
    private var failure: String?

    func add(bytes count: Int, result: Bool = false) {
        bytes += count
        results += result ? 1 : 0
    }

    func fail(_ error: RemoteCacheError) {
        failure = failure ?? error.description
    }

    var summary: (Int, Int, String?) { (results, bytes, failure) }
}
