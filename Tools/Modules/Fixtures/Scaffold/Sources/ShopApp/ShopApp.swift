import Models

/// The name shown at start.
public let shopName = "Shop \(modelsName)"
