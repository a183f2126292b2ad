/// Marks the CoreShared module.
public let coreSharedName = "CoreShared"
