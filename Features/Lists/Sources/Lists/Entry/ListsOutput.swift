import FeatureKit
import Foundation
import Models

// What the Lists commands print with `--json` (encoded with the API's encoder: snake_case keys).

/// `lists --json`: `{"folder", "folder_is_default", "lists": [ListSummaryOutput]}`.
struct ListsOutput: Encodable {
    let folder: String
    let folderIsDefault: Bool
    let lists: [ListSummaryOutput]
}

/// One list in `lists --json`: `{"name", "title", "item_count", "modified_at_ms", "conflict_count", "problem"}`.
struct ListSummaryOutput: Encodable {
    let name: String
    let title: String?
    let itemCount: Int
    let modifiedAtMs: Int64
    let conflictCount: Int
    let problem: String?

    init(_ summary: ListSummary) {
        name = summary.name
        title = summary.title
        itemCount = summary.itemCount
        modifiedAtMs = summary.modifiedAtMilliseconds
        conflictCount = summary.conflictCount
        problem = summary.problem
    }
}

/// `lists show --json`: `{"title", "items": [ItemOutput]}`.
struct ListOutput: Encodable {
    let title: String
    let items: [ItemOutput]
}

/// One item: `{"id", "product_id", "quantity", "note", "done", "product"}`.
struct ItemOutput: Encodable {
    let id: String
    let productId: String
    let quantity: Int
    let note: String
    let done: Bool
    /// `known` (from the catalog now), `cached` (its last answer, offline), `unknown` or `not_checked`; nil where
    /// the command did not look products up.
    let product: ProductOutput?

    init(_ item: ListItem, label: ProductLabel? = nil) {
        id = item.id.rawValue
        productId = item.productID
        quantity = item.quantity.value
        note = item.note.value
        done = item.done.value
        product = label.map(ProductOutput.init)
    }
}

/// An item's product: `{"status", "title", "price": Money}` (title and price only when known).
struct ProductOutput: Encodable {
    let status: String
    let title: String?
    let price: Money?

    init(_ label: ProductLabel) {
        switch label {
        case .known(let title, let price, let isCached):
            (status, self.title, self.price) = (isCached ? "cached" : "known", title, price)
        case .unknown: (status, title, price) = ("unknown", nil, nil)
        case .notChecked: (status, title, price) = ("not_checked", nil, nil)
        }
    }
}

/// `lists to-cart --json`: `{"added": [{"product_id", "quantity"}], "refused": [{"product_id", "quantity"}],
/// "failed": [{"product_id", "message"}]}`.
struct CartOutput: Encodable {
    var added: [CartLineOutput] = []
    var refused: [CartLineOutput] = []
    var failed: [[String: String]] = []
}

/// What a cart takes of a list: one line per product (a list's items of one product add up, as the cart adds them
/// up) of at most `limit`.
enum CartLines {
    /// The most one cart line holds: Checkout's `Cart.quantityRange` (1 to 99, the contract's cart line quantity).
    static let limit = 99

    /// `requests` merged by product (first appearance order) and cut to `limit`, and what was cut off per product.
    static func fit(_ requests: [CartRequest]) -> (taken: [CartRequest], refused: [CartLineOutput]) {
        var order: [ProductID] = []
        var totals: [ProductID: (product: ProductSummary, quantity: Int)] = [:]
        for request in requests {
            if totals[request.product.id] == nil { order.append(request.product.id) }
            totals[request.product.id, default: (request.product, 0)].quantity += request.quantity
        }
        var taken: [CartRequest] = []
        var refused: [CartLineOutput] = []
        for id in order {
            guard let total = totals[id] else { continue }
            taken.append(CartRequest(product: total.product, quantity: min(total.quantity, limit)))
            if total.quantity > limit {
                refused.append(CartLineOutput(productId: id.rawValue, quantity: total.quantity - limit))
            }
        }
        return (taken, refused)
    }
}

/// One product handed to the cart.
struct CartLineOutput: Encodable {
    let productId: String
    let quantity: Int
}

/// One list in `lists conflicts --json`: `{"name", "title", "copies": [{"path", "original", "tool", "device",
/// "date"}]}`.
struct ListConflictsOutput: Encodable {
    struct Copy: Encodable {
        let path: String
        let original: String
        let tool: String
        let device: String?
        let date: String
    }

    let name: String
    let title: String?
    let copies: [Copy]

    init(name: String, title: String?, copies: [ConflictCopy]) {
        self.name = name
        self.title = title
        self.copies = copies.map {
            Copy(path: $0.path, original: $0.originalPath, tool: $0.tool.rawValue, device: $0.device, date: $0.date)
        }
    }
}

/// `lists resolve --json`: `{"name", "choice", "removed": [path], "kept": [{"path", "message"}], "conflicts":
/// [ConflictOutput]}`.
struct ResolutionOutput: Encodable {
    let name: String
    let choice: String
    let removed: [String]
    let kept: [[String: String]]
    let conflicts: [ConflictOutput]
}

/// A field that differed: `{"item", "field", "kept", "discarded"}` (`item` null for the title).
struct ConflictOutput: Encodable {
    let item: String?
    let field: String
    let kept: String
    let discarded: String

    init(_ conflict: ListMergeConflict) {
        item = conflict.item?.rawValue
        field = conflict.field.rawValue
        kept = conflict.kept.description
        discarded = conflict.discarded.description
    }
}

/// The text lines the commands and screens share.
enum ListsText {
    /// `Groceries — 3 items · changed 5 min ago · 2 conflict copies`; the folder name in brackets when it differs
    /// from the title or the title is one of `duplicates` (`Groceries [Groceries 2] — …`).
    static func summaryLine(_ summary: ListSummary, now: Date, duplicates: Set<String> = []) -> String {
        guard summary.title != nil else { return "\(summary.name): cannot be opened: \(summary.problem ?? "")" }
        var parts = [items(summary.itemCount), "changed " + age(summary.modifiedAtMilliseconds, now: now)]
        if summary.conflictCount > 0 { parts.append(copies(summary.conflictCount)) }
        return "\(displayTitle(summary, duplicates: duplicates)) — " + parts.joined(separator: " · ")
    }

    /// The title with the folder name in brackets when it differs or the title is one of `duplicates`.
    static func displayTitle(_ summary: ListSummary, duplicates: Set<String>) -> String {
        let title = summary.title ?? summary.name
        let shown = title != summary.name || duplicates.contains(title.lowercased())
        return shown ? "\(title) [\(summary.name)]" : title
    }

    /// The titles (lowercased) that more than one list has.
    static func duplicateTitles(_ summaries: [ListSummary]) -> Set<String> {
        var counts: [String: Int] = [:]
        for title in summaries.compactMap(\.title) { counts[title.lowercased(), default: 0] += 1 }
        return Set(counts.filter { $0.value > 1 }.keys)
    }

    /// `1. [x] Bananas · 1.99 EUR (sku_12) × 2 — ripe ones (3f2a9c1e)`; `sku_12 (unknown product)` when the
    /// catalog does not know it (see `ProductLabel`).
    static func itemLine(_ item: ListItem, position: Int, label: ProductLabel) -> String {
        let note = item.note.value.isEmpty ? "" : " — \(item.note.value)"
        let product =
            if case .known = label { "\(label.text(productID: item.productID)) (\(item.productID))" } else {
                label.text(productID: item.productID)
            }
        return "\(position). [\(item.done.value ? "x" : " ")] \(product) × \(item.quantity.value)\(note)"
            + " (\(item.id.rawValue.prefix(8)))"
    }

    /// `items/….sync-conflict-…json (Syncthing, LAPTOP1, 20261201), a copy of items/….json`.
    static func copyLine(_ copy: ConflictCopy) -> String {
        let details = [copy.tool.displayName, copy.device, copy.date].compactMap { $0 }.joined(separator: ", ")
        return "\(copy.path) (\(details)), a copy of \(copy.originalPath)"
    }

    /// `note of item 3f2a9c1e: kept "a", set aside "b"`.
    static func conflictLine(_ conflict: ListMergeConflict) -> String {
        let subject = conflict.item.map { "\(conflict.field.rawValue) of item \($0.rawValue.prefix(8))" } ?? "title"
        return "\(subject): kept \(conflict.kept), set aside \(conflict.discarded)"
    }

    static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

    static func copies(_ count: Int) -> String { count == 1 ? "1 conflict copy" : "\(count) conflict copies" }

    /// `just now`, `5 min ago`, `3 h ago`, `2 days ago`.
    static func age(_ milliseconds: Int64, now: Date) -> String {
        let seconds = max(Int64(now.timeIntervalSince1970 * 1000) - milliseconds, 0) / 1000
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default: return seconds / 86_400 == 1 ? "1 day ago" : "\(seconds / 86_400) days ago"
        }
    }
}
