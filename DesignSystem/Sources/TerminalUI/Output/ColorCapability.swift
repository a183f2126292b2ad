/// How many colours a terminal shows, from none to 24-bit.
///
/// `detect(environment:isTerminal:)` decides it from the environment the way the conventions in use today say,
/// and the renderers use it: `.none` gives plain text with no escape byte at all.
public enum ColorCapability: Int, Hashable, Sendable, CaseIterable, Comparable {
    /// No colour and no other text attribute: plain text.
    case none
    /// The sixteen ANSI colours.
    case ansi16
    /// xterm's 256-colour palette.
    case ansi256
    /// 24-bit colour ("truecolor").
    case truecolor

    /// Orders capabilities from `none` to `truecolor`.
    public static func < (left: ColorCapability, right: ColorCapability) -> Bool {
        left.rawValue < right.rawValue
    }

    /// The capability for output to a stream, from the environment.
    ///
    /// In order:
    /// 1. `NO_COLOR` set to anything but the empty string gives `.none` (no-color.org). It wins over the variables
    ///    that force colour, because the user asked for no escape bytes.
    /// 2. `FORCE_COLOR` (Node's and chalk's convention): `0` or `false` gives `.none`; `2` at least `.ansi256`;
    ///    `3` `.truecolor`; any other value, empty included, at least `.ansi16`. `CLICOLOR_FORCE` set to anything
    ///    but `0` gives at least `.ansi16` (bixense.com/clicolors). Forced colour applies to pipes and files too.
    /// 3. Without forcing, output that is not a terminal, and `TERM=dumb`, give `.none`.
    /// 4. The terminal's own claim: `COLORTERM` `truecolor` or `24bit`, or a `TERM` naming `truecolor` or
    ///    `direct`, gives `.truecolor`; a `TERM` naming `256color` gives `.ansi256`; any other non-empty `TERM`
    ///    gives `.ansi16`; no `TERM` gives `.none`.
    ///
    /// - Parameters:
    ///   - environment: The process environment (the composition root passes `ProcessInfo`'s).
    ///   - isTerminal: Whether the output stream is a terminal (`Terminal.isOutputTerminal`).
    public static func detect(environment: [String: String], isTerminal: Bool) -> ColorCapability {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let forced = forcedCapability(environment)
        if forced == ColorCapability.none { return .none }
        let term = (environment["TERM"] ?? "").lowercased()
        let claimed = claimedCapability(term: term, colorTerm: (environment["COLORTERM"] ?? "").lowercased())
        if let forced { return max(forced, term == "dumb" ? .none : claimed) }
        guard isTerminal, term != "dumb" else { return .none }
        return claimed
    }

    // MARK: - Private

    /// `nil` when nothing forces colour, `.none` when `FORCE_COLOR` turns it off.
    private static func forcedCapability(_ environment: [String: String]) -> ColorCapability? {
        if let force = environment["FORCE_COLOR"] {
            switch force.lowercased() {
            case "0", "false": return ColorCapability.none
            case "2": return .ansi256
            case "3": return .truecolor
            default: return .ansi16
            }
        }
        if let force = environment["CLICOLOR_FORCE"], force != "0" { return .ansi16 }
        return nil
    }

    private static func claimedCapability(term: String, colorTerm: String) -> ColorCapability {
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        if term.contains("truecolor") || term.contains("direct") { return .truecolor }
        if term.contains("256color") { return .ansi256 }
        return term.isEmpty || term == "dumb" ? .none : .ansi16
    }
}
