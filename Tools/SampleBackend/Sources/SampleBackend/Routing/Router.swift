import Logging

/// A request matched to a route: the request and the values of the pattern's `{name}` segments.
public struct RoutedRequest: Sendable {
    /// The request.
    public let request: HTTPRequest
    /// The decoded values of the pattern's parameters (`["id": "a/b"]` for `/v1/posts/{id}` and `/v1/posts/a%2Fb`).
    public let parameters: [String: String]

    /// The value of the parameter `name`; empty when the pattern has none by that name.
    public func parameter(_ name: String) -> String {
        parameters[name] ?? ""
    }
}

/// Handles a matched request; a thrown `APIError` becomes its response, any other error a logged 500.
public typealias RouteHandler = @Sendable (RoutedRequest) async throws -> HTTPResponse

/// Answers a matched request at once, without awaiting anything (see `ImmediateHTTPHandler` for what it may do),
/// or returns nil when this request needs the route's `RouteHandler`. A thrown `APIError` becomes its response.
public typealias ImmediateRouteHandler = @Sendable (RoutedRequest) throws -> HTTPResponse?

/// A method and a path pattern such as `/v1/posts/{id}/like`: literal segments and `{name}` parameters, each
/// standing for exactly one (percent-decoded) segment. A segment `{name}.{suffix}` (as in
/// `/v1/images/{kind}/{id}.{ext}`) stands for one segment split at its last dot, both parts non-empty.
public struct Route: Sendable, CustomStringConvertible {
    /// The method (`"GET"`); `GET` routes also answer `HEAD`.
    public let method: String
    /// The pattern as written, the way `openapi.yaml` spells the path.
    public let pattern: String
    let segments: [Segment]
    let handler: RouteHandler
    /// Tried before `handler` on the server's own thread; nil for routes that always need `handler`.
    let immediate: ImmediateRouteHandler?

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case dotted(String, String)
    }

    /// `GET /v1/feed`.
    public var description: String { "\(method) \(pattern)" }

    init(method: String, pattern: String, immediate: ImmediateRouteHandler?, handler: @escaping RouteHandler) {
        self.method = method
        self.pattern = pattern
        self.immediate = immediate
        self.handler = handler
        self.segments = pattern.split(separator: "/").map { part in
            guard part.hasPrefix("{") && part.hasSuffix("}") else { return .literal(String(part)) }
            let inner = part.dropFirst().dropLast()
            if let range = inner.range(of: "}.{") {
                return .dotted(String(inner[..<range.lowerBound]), String(inner[range.upperBound...]))
            }
            return .parameter(String(inner))
        }
    }

    /// The parameters when `pathSegments` fit the pattern, else nil.
    func match(_ pathSegments: [String]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, value) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard literal == value else { return nil }
            case .parameter(let name):
                parameters[name] = value
            case .dotted(let name, let suffixName):
                guard let dot = value.lastIndex(of: "."), dot != value.startIndex,
                    value.index(after: dot) != value.endIndex
                else { return nil }
                parameters[name] = String(value[..<dot])
                parameters[suffixName] = String(value[value.index(after: dot)...])
            }
        }
        return parameters
    }
}

/// Finds the route for a request: a path no route has is `404 not_found`, a known path with another method is
/// `405 method_not_allowed` with `Allow` (RFC 9110 §15.5.6).
public struct Router: Sendable {
    /// Every route, in the order added.
    public private(set) var routes: [Route] = []
    private let logger: Logger

    /// An empty router; unexpected (non-`APIError`) failures of handlers are logged to `logger`.
    public init(logger: Logger) {
        self.logger = logger
    }

    /// Adds a route answered by an async handler.
    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping RouteHandler) {
        routes.append(Route(method: method, pattern: pattern, immediate: nil, handler: handler))
    }

    /// Adds a route that answers some requests at once (`immediate`) and the others (those it returns nil for)
    /// with `handler`.
    public mutating func add(
        _ method: String, _ pattern: String, immediate: @escaping ImmediateRouteHandler,
        otherwise handler: @escaping RouteHandler
    ) {
        routes.append(Route(method: method, pattern: pattern, immediate: immediate, handler: handler))
    }

    /// Adds a route that always answers at once: on the server's thread from `handleImmediately`, and from
    /// `handle` (a request the immediate path passed on, such as one a fault rule delays) on a dispatch queue, so
    /// its blocking reads never hold a thread of the cooperative pool.
    public mutating func addImmediate(
        _ method: String, _ pattern: String, _ answer: @escaping @Sendable (RoutedRequest) throws -> HTTPResponse
    ) {
        routes.append(
            Route(
                method: method, pattern: pattern, immediate: answer,
                handler: { routed in try await BlockingWork.run { try answer(routed) } }))
    }

    /// Answers `request` with the matching route's handler.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        switch resolve(request) {
        case .answered(let response):
            return response
        case .matched(let route, let routed):
            do {
                return try await route.handler(routed)
            } catch {
                return failure(error, in: route)
            }
        }
    }

    /// Answers `request` at once when its route can (`ImmediateRouteHandler`), as do unknown paths (404) and
    /// methods (405); nil when the request needs `handle(_:)`.
    public func handleImmediately(_ request: HTTPRequest) -> HTTPResponse? {
        switch resolve(request) {
        case .answered(let response):
            return response
        case .matched(let route, let routed):
            guard let immediate = route.immediate else { return nil }
            do {
                return try immediate(routed)
            } catch {
                return failure(error, in: route)
            }
        }
    }

    // MARK: - Private

    private enum Resolution {
        case matched(Route, RoutedRequest)
        /// No route takes the request: 404 or 405.
        case answered(HTTPResponse)
    }

    private func resolve(_ request: HTTPRequest) -> Resolution {
        let segments = request.pathSegments
        let method = request.method == "HEAD" ? "GET" : request.method
        var allowed: [String] = []
        for route in routes {
            guard let parameters = route.match(segments) else { continue }
            guard route.method == method else {
                allowed.append(route.method)
                continue
            }
            return .matched(route, RoutedRequest(request: request, parameters: parameters))
        }
        if allowed.isEmpty {
            return .answered(APIError.notFound("No route for \(request.method) \(request.path).").response)
        }
        if allowed.contains("GET") {
            allowed.append("HEAD")
        }
        return .answered(APIError.methodNotAllowed(request.method, allowed: allowed).response)
    }

    /// A thrown `APIError`'s own response; any other error is logged and answered 500.
    private func failure(_ error: any Error, in route: Route) -> HTTPResponse {
        if let error = error as? APIError {
            return error.response
        }
        logger.error(
            "route failed",
            metadata: ["route": .string(route.description), "error": .string(String(describing: error))])
        return APIError.internalError().response
    }
}
