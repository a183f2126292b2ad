import Foundation

/// Where a test's snapshots live and how one is checked or recorded.
///
/// Snapshots of a test file are in a `Snapshots` folder beside it, in the source tree (not a resource bundle), so
/// recording writes where `git diff` shows it and no package needs to declare resources.
public struct SnapshotStore: Sendable {
    /// The environment variable that turns recording on when set to `1`.
    public static let recordVariable = "RECORD_SNAPSHOTS"

    /// The folder the snapshots are in.
    public let directory: URL
    /// Whether a snapshot that is missing or differs is written (`true`) or reported (`false`).
    public let isRecording: Bool

    /// A store of the snapshots in `directory`.
    public init(directory: URL, isRecording: Bool) {
        self.directory = directory
        self.isRecording = isRecording
    }

    /// The store of the test file at `filePath` (pass `#filePath`): its `Snapshots` folder, recording when
    /// `environment` (the test process's, `ProcessInfo.processInfo.environment`) has `RECORD_SNAPSHOTS=1`.
    public init(filePath: String, environment: [String: String]) {
        self.init(
            directory: URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots"),
            isRecording: environment[Self.recordVariable] == "1")
    }

    /// What checking a snapshot found.
    public enum Outcome: Hashable, Sendable {
        /// The file holds exactly the actual contents.
        case matched
        /// Recording: the file was missing or differed, and now holds the actual contents.
        case recorded(path: String)
        /// Not recording, and there is no file at `path`.
        case missing(path: String)
        /// Not recording, and the file at `path` differs as `diff` says (see `SnapshotDiff`).
        case mismatched(path: String, diff: String)

        /// The message a failing test shows, or `nil` for `.matched`.
        public var message: String? {
            switch self {
            case .matched:
                return nil
            case .recorded(let path):
                return "recorded \(path); review it, then run again without \(SnapshotStore.recordVariable)"
            case .missing(let path):
                return "no snapshot at \(path); record it with \(SnapshotStore.recordVariable)=1 swift test …"
            case .mismatched(let path, let diff):
                return "\(path) differs (re-record with \(SnapshotStore.recordVariable)=1 if intended):\n\(diff)"
            }
        }
    }

    /// Compares `contents` with the snapshot file `fileName`, writing it instead when recording.
    ///
    /// - Throws: the file system's error when the file exists but cannot be read, or cannot be written while
    ///   recording; `SnapshotNameError` when `fileName` is empty or names a path rather than a file.
    public func check(_ contents: String, fileName: String) throws -> Outcome {
        guard !fileName.isEmpty, !fileName.contains("/"), fileName != ".", fileName != ".." else {
            throw SnapshotNameError(name: fileName)
        }
        let url = directory.appendingPathComponent(fileName)
        let expected: Data?
        if FileManager.default.fileExists(atPath: url.path) {
            expected = try Data(contentsOf: url)
        } else {
            expected = nil
        }
        let actual = Data(contents.utf8)
        if expected == actual { return .matched }
        if isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, options: .atomic)
            return .recorded(path: url.path)
        }
        guard let expected else { return .missing(path: url.path) }
        let diff =
            SnapshotDiff.describe(expected: String(decoding: expected, as: UTF8.self), actual: contents)
            ?? "the same text, different bytes"
        return .mismatched(path: url.path, diff: diff)
    }
}

/// A snapshot name that cannot be a file name in the `Snapshots` folder.
public struct SnapshotNameError: Error, CustomStringConvertible {
    /// The name given.
    public let name: String
    /// What is wrong with it.
    public var description: String {
        "snapshot name \(name.debugDescription) is not a file name: it must be non-empty and contain no \"/\""
    }
}
