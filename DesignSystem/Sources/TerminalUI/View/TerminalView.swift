/// A screen, or part of one, that the console front end can show without knowing what is inside it.
///
/// Every feature's console view conforms: it renders itself to styled lines for the space it is given, and it
/// handles the keys the front end passes down, saying whether it used each one. The front end composes screens
/// (a tab bar above a feature's view, a footer below), routes each key to the focused view first and handles the
/// keys it leaves (`.ignored`) itself, such as switching tabs or quitting.
///
/// Views live on the main actor, like the `@MainActor @Observable` view models they render.
@MainActor
public protocol TerminalView {
    /// The view's lines for a space of `size`: at most `size.rows` lines of at most `size.columns` cells each
    /// (the frame renderer clips what is longer).
    func render(size: TerminalSize) -> [StyledLine]

    /// Handles a key: `.handled` when the view used it, `.ignored` to let the containing view or the front end
    /// have it.
    func handle(_ key: KeyEvent) -> KeyHandling

    /// Handles a mouse report (positions are the screen's; see `MouseEvent.translated(byColumns:rows:)` for a
    /// part drawn lower down): `.handled` when the view used it, `.ignored` to let the containing view or the front
    /// end have it. Reports come only while the session asked for them. The default ignores them all.
    func handleMouse(_ event: MouseEvent) -> KeyHandling

    /// The keys that work on the view as it is now (its focus, its content), most useful first: what the App's
    /// help lists for the screen the user is on. A key listed here is one `handle(_:)` returns `.handled` for in
    /// this state. The default is none.
    var keyHelp: [KeyHelpItem] { get }

    /// Whether a text field of the view has the focus now, so printable keys are typed into it: the App's help
    /// then lists only the keys that work while typing (Alt-1…3, F1, Ctrl-C). The default is false.
    var isEditingText: Bool { get }
}

extension TerminalView {
    /// Leaves every mouse report to the containing view.
    public func handleMouse(_ event: MouseEvent) -> KeyHandling { .ignored }

    /// No keys of the view's own.
    public var keyHelp: [KeyHelpItem] { [] }

    /// No text field.
    public var isEditingText: Bool { false }
}

/// Whether a view used a key (or a mouse report).
public enum KeyHandling: Hashable, Sendable {
    /// The view used the key; nobody else should act on it.
    case handled
    /// The view did not use the key; the containing view or the front end may.
    case ignored
}
