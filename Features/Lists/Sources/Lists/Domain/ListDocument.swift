import Foundation
import Primitives

/// The version of the list format this library writes and the only one it reads; a file with another version is
/// reported as malformed rather than guessed at.
public let listFormatVersion = 1

/// A list's manifest, `manifest.json` in the list directory:
/// `{"format_version": 1, "title": {"value", "changed": {"at_ms", "device"}}, "created_at_ms", "updated_at_ms"}`.
/// Times are milliseconds since the Unix epoch (UTC).
public struct ListManifest: Sendable, Hashable, Codable {
    /// The format version, `listFormatVersion`.
    public var formatVersion: Int
    /// The title shown to people (1...200 characters), with its last change.
    public var title: Stamped<String>
    /// When the list was created, in milliseconds since the Unix epoch.
    public var createdAtMilliseconds: Int64
    /// The manifest's latest change (the title), in milliseconds since the Unix epoch. Item changes do not
    /// rewrite the manifest (one small file per change); the list's latest change is
    /// `ListDocument.modifiedAtMilliseconds`.
    public var updatedAtMilliseconds: Int64

    /// A manifest of the current format version.
    public init(title: Stamped<String>, createdAtMilliseconds: Int64, updatedAtMilliseconds: Int64) {
        self.formatVersion = listFormatVersion
        self.title = title
        self.createdAtMilliseconds = createdAtMilliseconds
        self.updatedAtMilliseconds = updatedAtMilliseconds
    }

    private enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case title
        case createdAtMilliseconds = "created_at_ms"
        case updatedAtMilliseconds = "updated_at_ms"
    }

    /// Why this manifest breaks the format's rules, or nil when it keeps them.
    func violation() -> String? {
        if formatVersion != listFormatVersion {
            return "format_version \(formatVersion) is not supported (this version reads \(listFormatVersion))"
        }
        return ListManifest.titleViolation(title.value)
    }

    /// Why `text` may not be written into a list as a title, note or product id, or nil: a control character (a line
    /// break, ESC, NUL) would drive the terminal of whoever shows the list. Checked on every change this library
    /// makes; files another device wrote are read as they are and escaped where they are shown.
    static func inputViolation(_ text: String) -> String? {
        ControlCharacters.first(in: text).map { "contains the control character \(ControlCharacters.name(of: $0))" }
    }

    /// Why `title` is not a usable title, or nil.
    static func titleViolation(_ title: String) -> String? {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "title is empty" }
        if title.count > 200 { return "title has \(title.count) characters (at most 200)" }
        return nil
    }
}

/// One item of a list, `items/<id>.json` in the list directory. The product id and the time it was added never
/// change; quantity, note, done and deleted each carry the stamp of their last change, so that two devices' edits of
/// different fields merge. A deleted item stays as a tombstone (`deleted.value == true`) so that a device that still
/// has the old file learns of the deletion instead of bringing the item back; tombstones are removed after
/// `ListPackage.tombstoneLifetime`.
public struct ListItem: Sendable, Hashable, Codable {
    /// The item's id, also its file name stem.
    public let id: ItemID
    /// The product's id, as in the API contract (openapi.yaml `Product.id`).
    public let productID: String
    /// When the item was added, in milliseconds since the Unix epoch.
    public let addedAtMilliseconds: Int64
    /// How many, 1...9999.
    public var quantity: Stamped<Int>
    /// A free-text note (at most 1,000 characters), empty for none.
    public var note: Stamped<String>
    /// Whether the item is ticked off.
    public var done: Stamped<Bool>
    /// True for a tombstone.
    public var deleted: Stamped<Bool>

    /// A new, not deleted item; every field is stamped `added`.
    public init(id: ItemID = ItemID(), productID: String, quantity: Int, note: String, added: ChangeStamp) {
        self.id = id
        self.productID = productID
        self.addedAtMilliseconds = added.milliseconds
        self.quantity = Stamped(quantity, changed: added)
        self.note = Stamped(note, changed: added)
        self.done = Stamped(false, changed: added)
        self.deleted = Stamped(false, changed: added)
    }

    private enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case id
        case productID = "product_id"
        case addedAtMilliseconds = "added_at_ms"
        case quantity, note, done, deleted
    }

    /// Decodes an item file.
    ///
    /// - Throws: `DecodingError` for a missing key, a wrong type or a bad id; `ListError.invalidValue` for a field
    ///   out of range or an unsupported `format_version`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .formatVersion)
        guard version == listFormatVersion else {
            throw ListError.invalidValue(
                field: "format_version", reason: "\(version) is not supported (this version reads \(listFormatVersion))"
            )
        }
        id = try container.decode(ItemID.self, forKey: .id)
        productID = try container.decode(String.self, forKey: .productID)
        addedAtMilliseconds = try container.decode(Int64.self, forKey: .addedAtMilliseconds)
        quantity = try container.decode(Stamped<Int>.self, forKey: .quantity)
        note = try container.decode(Stamped<String>.self, forKey: .note)
        done = try container.decode(Stamped<Bool>.self, forKey: .done)
        deleted = try container.decode(Stamped<Bool>.self, forKey: .deleted)
        if let reason = ListItem.productViolation(productID) {
            throw ListError.invalidValue(field: "product_id", reason: reason)
        }
        if let reason = ListItem.quantityViolation(quantity.value) {
            throw ListError.invalidValue(field: "quantity", reason: reason)
        }
        if let reason = ListItem.noteViolation(note.value) {
            throw ListError.invalidValue(field: "note", reason: reason)
        }
    }

    /// Encodes an item file.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(listFormatVersion, forKey: .formatVersion)
        try container.encode(id, forKey: .id)
        try container.encode(productID, forKey: .productID)
        try container.encode(addedAtMilliseconds, forKey: .addedAtMilliseconds)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(note, forKey: .note)
        try container.encode(done, forKey: .done)
        try container.encode(deleted, forKey: .deleted)
    }

    /// The latest stamp of any field.
    public var lastChange: ChangeStamp { max(quantity.changed, note.changed, done.changed, deleted.changed) }

    static func productViolation(_ productID: String) -> String? {
        if productID.isEmpty { return "is empty" }
        if productID.utf8.count > 200 { return "is longer than 200 bytes" }
        return nil
    }

    static func quantityViolation(_ quantity: Int) -> String? {
        (1...9999).contains(quantity) ? nil : "\(quantity) is outside 1...9999"
    }

    static func noteViolation(_ note: String) -> String? {
        note.count <= 1000 ? nil : "has \(note.count) characters (at most 1000)"
    }
}

/// A list's content: its manifest and every item, tombstones included, by id. A value: edits change a copy, and
/// `ListPackage.update` writes what changed.
public struct ListDocument: Sendable, Hashable {
    /// The manifest.
    public var manifest: ListManifest
    /// Every item by id, tombstones included.
    public var items: [ItemID: ListItem]

    /// A document with `manifest` and `items`.
    public init(manifest: ListManifest, items: [ItemID: ListItem] = [:]) {
        self.manifest = manifest
        self.items = items
    }

    /// The list's latest change: the manifest's `updated_at_ms` or the latest stamp of any item, tombstones
    /// included, in milliseconds since the Unix epoch.
    public var modifiedAtMilliseconds: Int64 {
        items.values.reduce(manifest.updatedAtMilliseconds) { max($0, $1.lastChange.milliseconds) }
    }

    /// The items that are not deleted, oldest first (by time added, then id).
    public var liveItems: [ListItem] {
        items.values.filter { !$0.deleted.value }.sorted {
            ($0.addedAtMilliseconds, $0.id) < ($1.addedAtMilliseconds, $1.id)
        }
    }

    /// Adds a new item (a product may be on a list more than once) and returns it.
    ///
    /// - Throws: `ListError.invalidValue` for an empty product id, a quantity outside 1...9999, a note over 1,000
    ///   characters, or a control character in the product id or the note.
    @discardableResult
    public mutating func addItem(productID: String, quantity: Int = 1, note: String = "", stamp: ChangeStamp)
        throws -> ListItem
    {
        if let reason = ListItem.productViolation(productID) ?? ListManifest.inputViolation(productID) {
            throw ListError.invalidValue(field: "product_id", reason: reason)
        }
        if let reason = ListItem.quantityViolation(quantity) {
            throw ListError.invalidValue(field: "quantity", reason: reason)
        }
        if let reason = ListItem.noteViolation(note) ?? ListManifest.inputViolation(note) {
            throw ListError.invalidValue(field: "note", reason: reason)
        }
        let item = ListItem(productID: productID, quantity: quantity, note: note, added: stamp)
        items[item.id] = item
        return item
    }

    /// Changes the given fields of a live item; nil leaves a field as it is, and a field set to its current value
    /// keeps its stamp.
    ///
    /// - Throws: `ListError.noSuchItem` when the item is missing or deleted; `ListError.invalidValue` as `addItem`.
    public mutating func editItem(
        _ id: ItemID, quantity: Int? = nil, note: String? = nil, done: Bool? = nil, stamp: ChangeStamp
    ) throws {
        guard var item = items[id], !item.deleted.value else { throw ListError.noSuchItem(id) }
        if let quantity, quantity != item.quantity.value {
            if let reason = ListItem.quantityViolation(quantity) {
                throw ListError.invalidValue(field: "quantity", reason: reason)
            }
            item.quantity = Stamped(quantity, changed: stamp)
        }
        if let note, note != item.note.value {
            if let reason = ListItem.noteViolation(note) ?? ListManifest.inputViolation(note) {
                throw ListError.invalidValue(field: "note", reason: reason)
            }
            item.note = Stamped(note, changed: stamp)
        }
        if let done, done != item.done.value { item.done = Stamped(done, changed: stamp) }
        guard item != items[id] else { return }
        items[id] = item
    }

    /// Deletes a live item, leaving a tombstone.
    ///
    /// - Throws: `ListError.noSuchItem` when the item is missing or already deleted.
    public mutating func removeItem(_ id: ItemID, stamp: ChangeStamp) throws {
        guard var item = items[id], !item.deleted.value else { throw ListError.noSuchItem(id) }
        item.deleted = Stamped(true, changed: stamp)
        items[id] = item
    }

    /// Renames the list.
    ///
    /// - Throws: `ListError.invalidValue` for an empty title, one over 200 characters or one with a control
    ///   character.
    public mutating func rename(to title: String, stamp: ChangeStamp) throws {
        if let reason = ListManifest.titleViolation(title) ?? ListManifest.inputViolation(title) {
            throw ListError.invalidValue(field: "title", reason: reason)
        }
        guard title != manifest.title.value else { return }
        manifest.title = Stamped(title, changed: stamp)
        touch(stamp)
    }

    private mutating func touch(_ stamp: ChangeStamp) {
        manifest.updatedAtMilliseconds = max(manifest.updatedAtMilliseconds, stamp.milliseconds)
    }
}
