import DesignSystem
import Networking

/// Marks the Feed module.
public let feedName = "Feed \(networkingName) \(designSystemName)"
