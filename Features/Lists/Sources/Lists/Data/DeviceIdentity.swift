import Foundation

/// The file that keeps this device's `DeviceID` (one line of text), created with a random id on first use.
///
/// Keep it outside any folder a sync tool replicates (for example `$XDG_STATE_HOME/storefront/device-id`, XDG Base
/// Directory Specification): a replicated id would make two devices one. Creation is race-free between processes:
/// the id is written only when no file exists (Persistence's `AtomicFile.create`: a
/// temporary file hard-linked into place), and then whichever process's id won is read.
public struct DeviceIdentityFile: Sendable {
    /// Where the id is kept.
    public let url: URL

    /// The identity kept at `url`.
    public init(url: URL) { self.url = url }

    /// The id in the file, or a new random one written there when the file does not exist yet (its directory is
    /// created too).
    ///
    /// - Throws: `ListError.io` when the file cannot be read or written; `ListError.malformedFile` when it holds
    ///   something other than a device id.
    public func loadOrCreate() throws -> DeviceID {
        if let existing = try read() { return existing }
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager().createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ListError.io(path: directory.path, operation: "create directory", reason: "\(error)")
        }
        guard let fresh = DeviceID(UUID().uuidString.lowercased()) else {
            throw ListError.io(path: url.path, operation: "create device id", reason: "UUID text is not a device id")
        }
        _ = try ListFiles.create(Data((fresh.rawValue + "\n").utf8), at: url)
        guard let stored = try read() else {
            throw ListError.io(path: url.path, operation: "read", reason: "the device id file vanished")
        }
        return stored
    }

    private func read() throws -> DeviceID? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw ListError.io(path: url.path, operation: "read", reason: "\(error)")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let id = DeviceID(text) else {
            throw ListError.malformedFile(path: url.path, reason: "not a device id (\(DeviceID.expectedForm))")
        }
        return id
    }
}
