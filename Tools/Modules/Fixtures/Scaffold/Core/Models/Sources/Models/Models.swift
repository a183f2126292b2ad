/// Marks the Models module.
public let modelsName = "Models"
