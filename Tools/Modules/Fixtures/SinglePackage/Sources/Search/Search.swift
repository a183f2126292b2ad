import DesignSystem
import Networking

/// Marks the Search module.
public let searchName = "Search \(networkingName) \(designSystemName)"
