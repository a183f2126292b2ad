/// Decides whether a stream handler may colour its output.
///
/// Colour needs all three: the stream is a terminal; `NO_COLOR` is unset or empty (the no-color.org convention: any
/// non-empty value turns colour off); and `TERM` is not `dumb` (the terminfo name of a terminal without escape
/// sequences). An unset `TERM` does not forbid colour.
public enum ColorPolicy {
    /// Whether colour is allowed for a stream that is (`isTerminal`) or is not a terminal, under `environment`.
    public static func allowsColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            return false
        }
        return environment["TERM"] != "dumb"
    }
}
