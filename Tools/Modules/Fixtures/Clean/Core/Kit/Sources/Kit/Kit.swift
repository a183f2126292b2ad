/// Marks the Kit module.
public let kitName = "Kit"
