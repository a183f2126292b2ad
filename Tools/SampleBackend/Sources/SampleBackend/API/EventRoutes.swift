/// `GET /v1/events`.
extension StorefrontAPI {
    /// `GET /v1/events` (auth optional): the `text/event-stream` of live changes (`post.created`, `post.likes`,
    /// and, signed in, the user's own `order.status`), resumed after `Last-Event-ID` (`EventHub`).
    func eventStream(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let request = routed.request
        let user = try await user(of: request, required: false)
        return try await eventHub.open(
            userID: user?.id, origin: ImageLinks.origin(of: request), lastEventID: request.headers["Last-Event-ID"],
            cutAfter: FaultDecision.streamCut)
    }
}
