import FeatureKit

/// Why a `storefront lists …` command or a Lists screen could not do what was asked, beyond the document errors of
/// `ListError`.
public enum ListsCommandError: Error, Sendable, Hashable, UserFacingError {
    /// No list has that name or title.
    case noSuchList(String)
    /// Several lists have that title; the names tell them apart.
    case ambiguousList(String, names: [String])
    /// No live item of the list has that id, id prefix or position.
    case noSuchItem(String, list: String)
    /// Several items start with that id prefix.
    case ambiguousItem(String, list: String)

    /// One line for people.
    public var userFacingDescription: String {
        switch self {
        case .noSuchList(let list): "no list named \"\(list)\" (storefront lists shows them)"
        case .ambiguousList(let title, let names):
            "several lists match \"\(title)\": name one by its folder, "
                + names.map { "\"\($0).\(ListPackage.directoryExtension)\"" }.joined(separator: ", ")
        case .noSuchItem(let item, let list): "no item \"\(item)\" on \(list) (storefront lists show \(list))"
        case .ambiguousItem(let item, let list): "several items of \(list) start with \"\(item)\": give more of the id"
        }
    }

    /// `not_found` or `ambiguous`.
    public var errorCode: String {
        switch self {
        case .noSuchList, .noSuchItem: "not_found"
        case .ambiguousList, .ambiguousItem: "ambiguous"
        }
    }
}

extension ListError: UserFacingError {
    /// One line for people (`description`).
    public var userFacingDescription: String { description }

    /// The kind of failure for programs: `malformed`, `invalid_name`, `already_exists`, `not_found`,
    /// `invalid_value`, `locked`, `deleted` or `io`.
    public var errorCode: String {
        switch self {
        case .malformedFile, .missingManifest: "malformed"
        case .invalidName: "invalid_name"
        case .alreadyExists: "already_exists"
        case .noSuchItem: "not_found"
        case .invalidValue: "invalid_value"
        case .lockTimeout: "locked"
        case .listDeleted: "deleted"
        case .io: "io"
        }
    }
}
