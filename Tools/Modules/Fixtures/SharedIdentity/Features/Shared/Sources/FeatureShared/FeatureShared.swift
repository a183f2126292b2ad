/// Marks the FeatureShared module.
public let featureSharedName = "FeatureShared"
