import Base

/// Four times `value`.
public func quadruple(_ value: Int) -> Int {
    double(double(value))
}
