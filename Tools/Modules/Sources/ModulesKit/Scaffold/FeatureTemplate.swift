/// The source files of a new feature package, in the feature shape of the design brief: `API/` (DTOs and
/// endpoints), `Domain/` (domain values), `Data/` (the repository protocol, the DTO → domain mapping, the live
/// repository), the `@MainActor @Observable` Feature, and `Screens/` (a view model and its console view).
///
/// Each part uses a repository package only when the repository has it (``ScaffoldDependencies``): without
/// Core/Networking there are no endpoint and no live repository, without Core/Models ids are strings, without
/// DesignSystem there is no console view. Every declared dependency is imported, so the package lints clean.
struct FeatureTemplate {
    let name: String
    let dependencies: ScaffoldDependencies

    /// `WishlistItems` → `wishlistItems`.
    var lower: String { name.prefix(1).lowercased() + name.dropFirst() }
    /// `OrderHistory` → `order-history`: the API path segment.
    var path: String {
        var text = ""
        for character in name {
            if character.isUppercase, !text.isEmpty { text += "-" }
            text += character.lowercased()
        }
        return text
    }

    private var idType: String { dependencies.models ? "ProductID" : "String" }

    /// Relative path (inside the package) → contents.
    var sources: [(String, String)] {
        var files = [
            ("Sources/\(name)/API/\(name)DTO.swift", dto),
            ("Sources/\(name)/Domain/\(name)Item.swift", item),
            ("Sources/\(name)/Data/\(name)Repository.swift", repository),
            ("Sources/\(name)/Data/\(name)ItemMapping.swift", mapping),
            ("Sources/\(name)/\(name)Feature.swift", feature),
            ("Sources/\(name)/Screens/\(name)ViewModel.swift", viewModel),
        ]
        if dependencies.networking {
            files.append(("Sources/\(name)/Data/Live\(name)Repository.swift", liveRepository))
        }
        if dependencies.designSystem {
            files.append(("Sources/\(name)/Screens/\(name)View.swift", view))
        }
        return files
    }

    private var dto: String {
        var text = """
            \(dependencies.networking ? "import Networking\n\n" : "")/// One item of `GET /v1/\(path)` as the server \
            sends it. Fields the server usually sends are still optional,
            /// so one missing field drops one item (in the repository's mapping), never the whole page.
            public struct \(name)ItemDTO: Decodable, Sendable, Equatable {
                /// The product's id.
                public var productId: String
                /// The title shown in the list.
                public var title: String?

                private enum CodingKeys: String, CodingKey {
                    case productId = "product_id"
                    case title
                }
            }

            /// The body of `GET /v1/\(path)`.
            public struct \(name)PageDTO: Decodable, Sendable, Equatable {
                /// The items, in the server's order.
                public var items: [\(name)ItemDTO]
            }

            """
        if dependencies.networking {
            text += """

                extension Endpoint where Response == \(name)PageDTO {
                    /// `GET /v1/\(path)`: the signed-in user's items; auth required.
                    static func \(lower)Items() -> Endpoint {
                        Endpoint(.get, "/v1/\(path)", authentication: .required)
                    }
                }

                """
        }
        return text
    }

    private var item: String {
        """
        \(dependencies.models ? "import Models\n\n" : "")/// An item of the \(name) feature as the rest of the \
        feature uses it: every field present and valid.
        public struct \(name)Item: Identifiable, Sendable, Equatable {
            /// The product the item is about.
            public var id: \(idType)
            /// The title shown in the list.
            public var title: String

            /// Creates an item.
            public init(id: \(idType), title: String) {
                self.id = id
                self.title = title
            }
        }

        """
    }

    private var repository: String {
        """
        /// Where the \(name) feature gets its items, behind one small protocol so that Feature tests substitute a
        /// controlled implementation.
        public protocol \(name)Repository: Sendable {
            /// The current items, broken ones left out.
            /// - Throws: the transport's or the server's error; `CancellationError` when the calling task is cancelled.
            func items() async throws -> [\(name)Item]
        }

        """
    }

    private var mapping: String {
        """
        \(dependencies.models ? "import Models\n\n" : "")extension \(name)Item {
            /// The domain value of `dto`, or nil when the server's item is broken (an empty id, no title): the
            /// repository drops that item and keeps the rest of the page. DTOs become domain values here, once.
            init?(dto: \(name)ItemDTO) {
                guard !dto.productId.isEmpty, let title = dto.title, !title.isEmpty else { return nil }
                self.init(id: \(dependencies.models ? "ProductID(rawValue: dto.productId)" : "dto.productId"), title: title)
            }
        }

        """
    }

    private var liveRepository: String {
        """
        import Networking

        /// The live \(name) repository: `GET /v1/\(path)` through the App's API client, mapped to domain values.
        public struct Live\(name)Repository: \(name)Repository {
            private let client: APIClient

            /// Creates the repository over the App's API client.
            public init(client: APIClient) {
                self.client = client
            }

            /// Fetches the items; broken ones are dropped.
            /// - Throws: `APIError` when the request fails; `CancellationError` when the calling task is cancelled.
            public func items() async throws -> [\(name)Item] {
                try await client.send(.\(lower)Items()).items.compactMap(\(name)Item.init(dto:))
            }
        }

        """
    }

    private var feature: String {
        """
        import Observation

        /// The owner of the \(name) capability and its state: the items, whether a refresh is running, whether
        /// anything has loaded yet, and the last error. A failed refresh keeps the last good items; "never loaded"
        /// (`hasLoaded == false`) and "loaded, empty" are different states.
        @MainActor
        @Observable
        public final class \(name)Feature {
            /// The items, in the server's order.
            public private(set) var items: [\(name)Item] = []
            /// Whether a refresh is running.
            public private(set) var isLoading = false
            /// Whether a refresh has succeeded at least once.
            public private(set) var hasLoaded = false
            /// The last refresh's error, cleared by the next success.
            public private(set) var error: (any Error)?

            private let repository: any \(name)Repository

            /// Creates the feature over `repository`.
            public init(repository: any \(name)Repository) {
                self.repository = repository
            }

            /// Loads the items. A call while a refresh runs does nothing; cancellation is not an error.
            public func refresh() async {
                guard !isLoading else { return }
                isLoading = true
                defer { isLoading = false }
                do {
                    items = try await repository.items()
                    hasLoaded = true
                    error = nil
                } catch is CancellationError {
                    return
                } catch {
                    self.error = error
                }
            }
        }

        """
    }

    private var viewModel: String {
        """
        /// What the \(name) screen shows, ready to render: strings and enums, never escape codes.
        @MainActor
        public struct \(name)ViewModel {
            /// The screen's content.
            public enum Content: Equatable, Sendable {
                /// Nothing has loaded yet.
                case loading
                /// The last refresh failed and there is nothing to show.
                case failed(message: String)
                /// Loaded, and there are no items.
                case empty
                /// The items' titles, in order.
                case items([String])
            }

            private let feature: \(name)Feature

            /// Creates the view model of `feature`.
            public init(feature: \(name)Feature) {
                self.feature = feature
            }

            /// The screen's title.
            public var title: String { "\(name)" }

            /// The content for the feature's current state: items whenever there are some (also after a failed
            /// refresh), else a failure, else loading or empty.
            public var content: Content {
                if !feature.items.isEmpty {
                    return .items(feature.items.map(\\.title))
                }
                if feature.error != nil {
                    return .failed(message: "The list could not be loaded.")
                }
                return feature.hasLoaded ? .empty : .loading
            }

            /// Refreshes the feature in a new task.
            public func retry() {
                let feature = self.feature
                Task { await feature.refresh() }
            }
        }

        """
    }

    private var view: String {
        """
        import DesignSystem
        import TerminalUI

        /// The console view of the \(name) screen: a heading, then the items, a loading line, a failure or an empty
        /// state. Keys: `r` refreshes; every other key is left to the App.
        @MainActor
        public final class \(name)View: TerminalView {
            /// The view model rendered.
            public let viewModel: \(name)ViewModel
            /// The symbols to draw with.
            public let theme: Theme

            /// Creates the view.
            public init(viewModel: \(name)ViewModel, theme: Theme) {
                self.viewModel = viewModel
                self.theme = theme
            }

            /// The screen's lines for `size`.
            public func render(size: TerminalSize) -> [StyledLine] {
                let width = size.columns
                guard width > 0, size.rows > 0 else { return [] }
                let heading = Heading(viewModel.title).render(width: width, theme: theme)
                let body: [StyledLine]
                switch viewModel.content {
                case .loading:
                    body = Spinner("Loading…").render(width: width, theme: theme)
                case .failed(let message):
                    body = EmptyState(title: "Couldn't load", message: message, actionHint: "Press r to retry")
                        .render(width: width, theme: theme)
                case .empty:
                    body = EmptyState(title: "Nothing here yet").render(width: width, theme: theme)
                case .items(let titles):
                    body = titles.map { StyledLine($0).truncated(toWidth: width, ellipsis: theme.symbols.ellipsis) }
                }
                return Array((heading + body).prefix(size.rows))
            }

            /// Handles `r` (refresh); leaves every other key to the App.
            public func handle(_ key: KeyEvent) -> KeyHandling {
                guard key.modifiers.isEmpty, case .character("r") = key.key else { return .ignored }
                viewModel.retry()
                return .handled
            }
        }

        """
    }
}
