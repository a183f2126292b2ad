/// Marks the Feed module.
public let feedName = "Feed"
