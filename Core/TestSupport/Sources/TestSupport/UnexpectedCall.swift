import Testing

/// A call a strict test double was not told to expect. The double records an `Issue` naming the call (so the test
/// fails at the double's use, with the call in the message) and throws this, so the code under test stops there
/// instead of going on with an invented answer.
public struct UnexpectedCall: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call, as `PaymentRepository.tokenizeCard(_:)`.
    public let call: String

    /// Creates the error for `call`; records nothing (see `recordUnexpectedCall(_:sourceLocation:)`).
    public init(call: String) {
        self.call = call
    }

    /// `unexpected call: <call>`.
    public var description: String { "unexpected call: \(call)" }
}

/// Records an `Issue` saying that `call` was not expected, at `sourceLocation`, and returns the error a strict test
/// double throws for it: `throw recordUnexpectedCall("CartRepository.lines()")`.
public func recordUnexpectedCall(
    _ call: String, sourceLocation: SourceLocation = #_sourceLocation
) -> UnexpectedCall {
    let error = UnexpectedCall(call: call)
    Issue.record("\(error)", sourceLocation: sourceLocation)
    return error
}
