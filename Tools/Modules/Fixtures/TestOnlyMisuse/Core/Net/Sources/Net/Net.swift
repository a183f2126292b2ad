/// Marks the Net module.
public let netName = "Net"
