import Base

/// Marks the Feed module.
public let feedName = "Feed \(baseName)"
