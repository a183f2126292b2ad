/// Twice `value`.
public func twice(_ value: Int) -> Int {
    value * 2
}
