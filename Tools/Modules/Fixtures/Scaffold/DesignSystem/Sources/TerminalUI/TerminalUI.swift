/// Marks the TerminalUI module.
public let terminalUIName = "TerminalUI"
