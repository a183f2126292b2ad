/// What went wrong with a list on disk, and where. Paths are as given to the library (a list's files are named
/// relative to the list directory where that is clearer).
public enum ListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file exists but does not hold what the format says (torn, garbage, wrong shape or an unsupported version).
    case malformedFile(path: String, reason: String)
    /// A list directory has no manifest.
    case missingManifest(listDirectory: String)
    /// A list name is not usable as `<name>.sflist` (empty, has `/` or a NUL, starts with `.`, longer than 200
    /// bytes).
    case invalidName(String)
    /// A list with that directory name exists already.
    case alreadyExists(path: String)
    /// An item the change refers to is not on the list (or is deleted).
    case noSuchItem(ItemID)
    /// A value is out of the format's range (for example a quantity outside 1...9999).
    case invalidValue(field: String, reason: String)
    /// The advisory lock on the list directory was not granted within the timeout (another process holds it).
    case lockTimeout(path: String, seconds: Double)
    /// The list was deleted (by another process, a sync tool or a person) while a session had it open; the session
    /// still holds its content, which `ListSession.saveCopy(named:)` writes to a new list.
    case listDeleted(path: String)
    /// A system call failed.
    case io(path: String, operation: String, reason: String)

    /// The text shown to people.
    public var description: String {
        switch self {
        case .malformedFile(let path, let reason): "\(path): malformed: \(reason)"
        case .missingManifest(let directory): "\(directory): not a list (no manifest.json)"
        case .invalidName(let name): "\"\(name)\" is not a usable list name"
        case .alreadyExists(let path): "\(path): a list with this name exists already"
        case .noSuchItem(let id): "no item \(id) on the list"
        case .invalidValue(let field, let reason): "\(field): \(reason)"
        case .lockTimeout(let path, let seconds): "\(path): still locked by another process after \(seconds) s"
        case .listDeleted(let path): "\(path): the list was deleted while it was open (it can be saved as a copy)"
        case .io(let path, let operation, let reason): "\(path): \(operation) failed: \(reason)"
        }
    }
}
