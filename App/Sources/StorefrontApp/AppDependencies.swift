import Logging

/// The composition root: the one place that builds the live object graph of the app.
///
/// Every dependency is created here and handed down through initialisers; no feature or core package reaches for
/// a shared instance. Building the graph does no I/O beyond what a handler needs to exist: it opens no database
/// and sends no request.
public struct AppDependencies: Sendable {
    /// The root logger; parts of the app derive labelled loggers from its handler.
    public let logger: Logger

    /// Creates a graph from already-built parts (tests pass capturing handlers here).
    public init(logger: Logger) {
        self.logger = logger
    }

    /// Builds the live graph for `configuration`: a human-readable log handler on standard error, coloured only
    /// when standard error is a terminal and the environment allows it.
    public static func live(_ configuration: AppConfiguration) -> AppDependencies {
        var handler = StreamLogHandler.standardError(
            environment: configuration.allowsColor ? configuration.environment : ["NO_COLOR": "1"]
        )
        handler.logLevel = configuration.logLevel
        return AppDependencies(logger: Logger(label: "storefront", handler: handler))
    }
}
