/// The store's name.
public let storeName = "store"
