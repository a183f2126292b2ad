/// Marks the Networking module.
public let networkingName = "Networking"
