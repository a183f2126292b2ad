/// Marks the Search module.
public let searchName = "Search"
