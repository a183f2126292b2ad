/// Marks the Base module.
public let baseName = "Base"
