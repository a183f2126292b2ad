/// Marks the Beta module.
public let betaName = "Beta"
