import Foundation

/// A lists folder and the operations commands and screens share: finding a list by name or title, creating one
/// with a file-safe name, finding an item by id, id prefix or position.
public struct ListsFolder: Sendable {
    /// Where the lists are.
    public let url: URL
    /// This device's id (stamped into every change).
    public let device: DeviceID
    /// The wall clock.
    public let now: @Sendable () -> Date

    /// The folder at `url`, changed as `device`.
    public init(url: URL, device: DeviceID, now: @escaping @Sendable () -> Date) {
        self.url = url
        self.device = device
        self.now = now
    }

    /// A change stamp for now.
    public func stamp() -> ChangeStamp { ChangeStamp(date: now(), device: device) }

    /// The one list `handle` names: its folder name with the extension (`Groceries 2.sflist`, always exact), or the
    /// one list whose folder name is `handle` or whose title is `handle` (ignoring case). Never a silent pick: when
    /// several lists match (duplicate titles, or one list's title is another's folder name), it throws.
    ///
    /// - Throws: `ListsCommandError.noSuchList`, `ListsCommandError.ambiguousList` (with the candidates' folder
    ///   names, sorted).
    public func list(_ handle: String, in summaries: [ListSummary]) throws -> ListPackage {
        let suffix = ".\(ListPackage.directoryExtension)"
        if handle.hasSuffix(suffix) {
            let name = String(handle.dropLast(suffix.count))
            guard summaries.contains(where: { $0.name == name }) else { throw ListsCommandError.noSuchList(handle) }
            return package(named: name)
        }
        let matches = summaries.filter {
            $0.name == handle || $0.title?.caseInsensitiveCompare(handle) == .orderedSame
        }
        switch matches.count {
        case 1: return package(named: matches[0].name)
        case 0: throw ListsCommandError.noSuchList(handle)
        default: throw ListsCommandError.ambiguousList(handle, names: matches.map(\.name).sorted())
        }
    }

    /// The list directory of `name`.
    public func package(named name: String) -> ListPackage {
        ListPackage(
            directory: url.appendingPathComponent("\(name).\(ListPackage.directoryExtension)", isDirectory: true))
    }

    /// Creates a list titled `title`, named after it (characters other than letters, digits, space, `-` and `_`
    /// become `-`; a taken name gets ` 2`, ` 3`, …).
    ///
    /// - Throws: the errors of `ListPackage.create` (an invalid title, a full disk).
    public func create(title: String) throws -> ListPackage {
        let stem = Self.fileName(for: title)
        for attempt in 1...1000 {
            let name = attempt == 1 ? stem : "\(stem) \(attempt)"
            do {
                return try ListPackage.create(in: url, name: name, title: title, stamp: stamp())
            } catch ListError.alreadyExists {
                continue
            }
        }
        throw ListError.alreadyExists(path: url.appendingPathComponent(stem).path)
    }

    /// A file-safe list name for `title`.
    static func fileName(for title: String) -> String {
        let allowed = title.trimmingCharacters(in: .whitespacesAndNewlines).map { character -> Character in
            character.isLetter || character.isNumber || character == " " || character == "-" || character == "_"
                ? character : "-"
        }
        let name = String(String(allowed).prefix(100)).trimmingCharacters(in: .whitespaces)
        return name.isEmpty || name.hasPrefix(".") ? "list" : name
    }

    /// The live item of `document` that `handle` names: its position in `liveItems` (1-based), its id, or a
    /// unique prefix of its id (at least 4 characters).
    ///
    /// - Throws: `ListsCommandError.noSuchItem`, `ListsCommandError.ambiguousItem`.
    public static func item(_ handle: String, in document: ListDocument, list: String) throws -> ListItem {
        let live = document.liveItems
        if let position = Int(handle), (1...max(live.count, 1)).contains(position), position <= live.count {
            return live[position - 1]
        }
        let lowered = handle.lowercased()
        if let exact = live.first(where: { $0.id.rawValue == lowered }) { return exact }
        let matches = lowered.count >= 4 ? live.filter { $0.id.rawValue.hasPrefix(lowered) } : []
        switch matches.count {
        case 1: return matches[0]
        case 0: throw ListsCommandError.noSuchItem(handle, list: list)
        default: throw ListsCommandError.ambiguousItem(handle, list: list)
        }
    }
}
