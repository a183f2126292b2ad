import Foundation
import Lists
import Testing

/// A device id for tests.
func device(_ name: String) -> DeviceID {
    guard let id = DeviceID(name) else { preconditionFailure("test device id \(name) is invalid") }
    return id
}

/// A stamp at `milliseconds` by device `name`.
func stamp(_ milliseconds: Int64, _ name: String = "device-a") -> ChangeStamp {
    ChangeStamp(milliseconds: milliseconds, device: device(name))
}

/// Writes `text` to `path` relative to `directory`, replacing what is there.
func put(_ text: String, at path: String, in directory: URL) throws {
    try Data(text.utf8).write(to: directory.appendingPathComponent(path))
}

/// The names of every file under `directory`, relative to it, sorted.
func allFiles(in directory: URL) throws -> [String] {
    let enumerator = FileManager().enumerator(atPath: directory.path)
    var names: [String] = []
    while let name = enumerator?.nextObject() as? String { names.append(name) }
    return names.sorted()
}

/// What `body` returns, or nil (with an issue recorded: "no <what> within <seconds> s") when it takes longer than
/// `seconds` of real time; `body` is cancelled then.
func bounded<Value: Sendable>(
    seconds: Int, what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async -> Value
) async -> Value? {
    let value = await withTaskGroup(of: Value?.self) { group in
        group.addTask { await body() }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
    if value == nil { Issue.record("no \(what) within \(seconds) s", sourceLocation: sourceLocation) }
    return value
}
