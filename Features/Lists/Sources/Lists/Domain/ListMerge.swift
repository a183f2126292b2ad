/// A field of a list that a merge can find changed on both sides.
public enum ListField: String, Sendable, Hashable, CaseIterable {
    /// The manifest's title.
    case title
    /// An item's quantity.
    case quantity
    /// An item's note.
    case note
    /// Whether an item is ticked off.
    case done
    /// Whether an item is deleted (a tombstone).
    case deleted
}

/// A field's value in a conflict record.
public enum ListFieldValue: Sendable, Hashable, CustomStringConvertible {
    /// A title or a note.
    case text(String)
    /// A quantity.
    case number(Int)
    /// Done or deleted.
    case flag(Bool)

    /// The text shown to people.
    public var description: String {
        switch self {
        case .text(let text): "\"\(text)\""
        case .number(let number): "\(number)"
        case .flag(let flag): "\(flag)"
        }
    }
}

/// One field changed differently on both sides of a merge: the value kept (the greater stamp) and the one set
/// aside, each with its stamp, so that nothing a person typed is lost without a trace.
public struct ListMergeConflict: Sendable, Hashable {
    /// The item, or nil for the manifest's title.
    public let item: ItemID?
    /// The field.
    public let field: ListField
    /// The value kept, and when and where it was set.
    public let kept: ListFieldValue
    /// The stamp of the kept value.
    public let keptStamp: ChangeStamp
    /// The value set aside.
    public let discarded: ListFieldValue
    /// The stamp of the value set aside.
    public let discardedStamp: ChangeStamp

    /// A record that `field` of `item` (nil: the title) kept `kept` and set `discarded` aside.
    public init(
        item: ItemID?, field: ListField, kept: ListFieldValue, keptStamp: ChangeStamp, discarded: ListFieldValue,
        discardedStamp: ChangeStamp
    ) {
        self.item = item
        self.field = field
        self.kept = kept
        self.keptStamp = keptStamp
        self.discarded = discarded
        self.discardedStamp = discardedStamp
    }
}

/// The outcome of `ListMerge.merge`.
public struct ListMergeResult: Sendable, Hashable {
    /// The merged document.
    public let document: ListDocument
    /// The fields changed differently on both sides, sorted by item (title first) and field.
    public let conflicts: [ListMergeConflict]
}

/// The three-way merge of a list: `base` is the version a session loaded, `mine` the session's current state and
/// `theirs` what is on disk now (another process's or a sync tool's writes).
///
/// Rules, per field (title; quantity, note, done and deleted of each item): a field changed on one side only takes
/// that side; changed on both sides to the same value takes the greater stamp silently; changed on both sides to
/// different values keeps the value with the greater `ChangeStamp` (later time, then greater device id) and records
/// the other as a `ListMergeConflict`. An item new on one side is added; an item whose file is gone on one side (a
/// purged tombstone) stays gone unless the other side changed it since `base`. `updated_at_ms` is the later of the
/// two, and `created_at_ms` the earlier. The merge is symmetric: swapping `mine` and `theirs` gives the same document.
public enum ListMerge {
    /// Merges `mine` and `theirs` against `base`; a pure function.
    public static func merge(base: ListDocument, mine: ListDocument, theirs: ListDocument) -> ListMergeResult {
        var conflicts: [ListMergeConflict] = []
        var manifest = mine.manifest
        manifest.title = field(
            base: base.manifest.title, mine: mine.manifest.title, theirs: theirs.manifest.title, item: nil,
            name: .title, wrap: ListFieldValue.text, conflicts: &conflicts)
        manifest.updatedAtMilliseconds = max(mine.manifest.updatedAtMilliseconds, theirs.manifest.updatedAtMilliseconds)
        manifest.createdAtMilliseconds = min(mine.manifest.createdAtMilliseconds, theirs.manifest.createdAtMilliseconds)
        var items: [ItemID: ListItem] = [:]
        for id in Set(mine.items.keys).union(theirs.items.keys) {
            let baseItem = base.items[id]
            switch (mine.items[id], theirs.items[id]) {
            case (let mineItem?, let theirItem?):
                items[id] = item(base: baseItem, mine: mineItem, theirs: theirItem, conflicts: &conflicts)
            case (let only?, nil), (nil, let only?):
                // Gone on the other side: keep it when it is new, or changed since base.
                if baseItem == nil || baseItem != only { items[id] = only }
            case (nil, nil):
                break
            }
        }
        conflicts.sort { ($0.item?.rawValue ?? "", $0.field.rawValue) < ($1.item?.rawValue ?? "", $1.field.rawValue) }
        return ListMergeResult(document: ListDocument(manifest: manifest, items: items), conflicts: conflicts)
    }

    private static func item(
        base: ListItem?, mine: ListItem, theirs: ListItem, conflicts: inout [ListMergeConflict]
    ) -> ListItem {
        // The id, product and time added never change; when two files disagree on them (a foreign edit), the one
        // with the greater last change is the base of the merged item.
        var merged = mine.lastChange >= theirs.lastChange ? mine : theirs
        merged.quantity = field(
            base: base?.quantity, mine: mine.quantity, theirs: theirs.quantity, item: mine.id, name: .quantity,
            wrap: ListFieldValue.number, conflicts: &conflicts)
        merged.note = field(
            base: base?.note, mine: mine.note, theirs: theirs.note, item: mine.id, name: .note,
            wrap: ListFieldValue.text, conflicts: &conflicts)
        merged.done = field(
            base: base?.done, mine: mine.done, theirs: theirs.done, item: mine.id, name: .done,
            wrap: ListFieldValue.flag, conflicts: &conflicts)
        merged.deleted = field(
            base: base?.deleted, mine: mine.deleted, theirs: theirs.deleted, item: mine.id, name: .deleted,
            wrap: ListFieldValue.flag, conflicts: &conflicts)
        return merged
    }

    private static func field<Value>(
        base: Stamped<Value>?, mine: Stamped<Value>, theirs: Stamped<Value>, item: ItemID?, name: ListField,
        wrap: (Value) -> ListFieldValue, conflicts: inout [ListMergeConflict]
    ) -> Stamped<Value> {
        if mine == theirs { return mine }
        if let base {
            if mine == base { return theirs }
            if theirs == base { return mine }
        }
        let (winner, loser) = ordered(mine, theirs, wrap: wrap)
        if winner.value != loser.value {
            conflicts.append(
                ListMergeConflict(
                    item: item, field: name, kept: wrap(winner.value), keptStamp: winner.changed,
                    discarded: wrap(loser.value), discardedStamp: loser.changed))
        }
        return winner
    }

    /// The greater of two changes first: by stamp, and for equal stamps (one device writing twice in one
    /// millisecond) by the value's text, so that the result does not depend on which side is "mine".
    private static func ordered<Value>(
        _ first: Stamped<Value>, _ second: Stamped<Value>, wrap: (Value) -> ListFieldValue
    ) -> (Stamped<Value>, Stamped<Value>) {
        if first.changed != second.changed { return first.changed > second.changed ? (first, second) : (second, first) }
        return wrap(first.value).description >= wrap(second.value).description ? (first, second) : (second, first)
    }
}
