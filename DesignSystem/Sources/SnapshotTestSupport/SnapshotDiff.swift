/// The differences between an expected snapshot file and the actual one, for a person to read.
public enum SnapshotDiff {
    /// Every line that differs, with its line number in the file and, in a screen snapshot, the section and row it
    /// belongs to (`text row 3`, `styles row 3`, a legend line, a header line); `nil` when the two are equal.
    ///
    /// Lines are compared by position: a snapshot's rows are a fixed grid, so a changed label shows as its row in
    /// the text grid, and a style-only change as its row in the style grid. Lines past the end of the shorter file
    /// show as `<none>`. At most `limit` differing lines are listed, then how many more there are.
    public static func describe(expected: String, actual: String, limit: Int = 20) -> String? {
        guard expected != actual else { return nil }
        let expectedLines = lines(of: expected)
        let actualLines = lines(of: actual)
        var report: [String] = []
        var differing = 0
        var section: String?
        var row = 0
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let want = index < expectedLines.count ? expectedLines[index] : nil
            let got = index < actualLines.count ? actualLines[index] : nil
            let reference = want ?? got ?? ""
            if ["text:", "styles:", "legend:"].contains(reference) {
                section = String(reference.dropLast())
                row = 0
            } else if section != nil {
                row += 1
            }
            guard want != got else { continue }
            differing += 1
            guard differing <= limit else { continue }
            report.append("line \(index + 1)\(place(section: section, row: row)):")
            report.append("  expected: \(want ?? "<none>")")
            report.append("  actual:   \(got ?? "<none>")")
        }
        if differing > limit { report.append("… and \(differing - limit) more differing lines") }
        if report.isEmpty { report.append("the same lines, different bytes (line breaks or a final line break)") }
        return report.joined(separator: "\n")
    }

    private static func lines(of text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }

    private static func place(section: String?, row: Int) -> String {
        guard let section else { return "" }
        return section == "legend" ? " (legend)" : " (\(section) row \(row))"
    }
}
