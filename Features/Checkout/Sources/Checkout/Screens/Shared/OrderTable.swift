import DesignSystem

/// The table of an order's lines with its totals underneath, as the review step and the order detail show it.
enum OrderTable {
    /// A table of `lines`, then one row per `(label, amount)` summary.
    static func make(lines: [PricedLine], summary: [(String, String)]) -> Table {
        let rows = lines.map { [$0.title, $0.quantity, $0.unitPrice, $0.lineTotal] }
        return Table(
            columns: [
                Table.Column("Item", minimumWidth: 8), Table.Column("Qty", alignment: .trailing),
                Table.Column("Price", alignment: .trailing), Table.Column("Total", alignment: .trailing),
            ],
            rows: rows + summary.map { [$0.0, "", "", $0.1] }
        )
    }
}
