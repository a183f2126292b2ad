import TerminalUI

/// Marks the DesignSystem module.
public let designSystemName = "DesignSystem \(terminalUIName)"
