/// The former name of `CartFeature`, still used by the App's composition root
/// (App/Sources/StorefrontApp/Composition/AccountScope.swift, AppDependencies+Events.swift). It goes when the App
/// names the capability; nothing in this package uses it.
public typealias CheckoutFeature = CartFeature
