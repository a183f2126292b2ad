/// Marks the Alpha module.
public let alphaName = "Alpha"
