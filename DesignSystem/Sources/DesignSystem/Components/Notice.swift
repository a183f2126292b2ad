import TerminalUI

/// A message a screen shows about its state, above its content: what is wrong or worth knowing, and what the user
/// can do about it (`Notice(.error, message: "Couldn't search. You're offline.", actionHint: "Press ctrl-r to
/// retry")`). The one notice type of every feature's screens.
///
/// It is the `Banner` component itself: a value of plain words (no styling), so a view model can produce it and a
/// view renders it as it is, directly or through `ScreenScaffold`.
public typealias Notice = Banner
