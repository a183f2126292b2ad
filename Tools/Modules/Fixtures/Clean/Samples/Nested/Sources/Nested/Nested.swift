/// Marks the Nested module.
public let nestedName = "Nested"
