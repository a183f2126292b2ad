import DesignSystem
import TerminalUI

/// One page of the gallery: a group of components, each shown in its states.
public struct GalleryPage: Sendable {
    /// The page's title, shown in the gallery's tab bar.
    public let title: String
    /// The components on the page, in order.
    public let entries: [GalleryEntry]

    /// Creates a page.
    public init(title: String, entries: [GalleryEntry]) {
        self.title = title
        self.entries = entries
    }

    /// The page as lines: each entry with a blank line after it.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        entries.flatMap { $0.render(width: width, theme: theme) + [.empty] }
    }
}

/// One component in its states, as the gallery shows it.
public struct GalleryEntry: Sendable {
    /// One state of the component.
    public struct Sample: Sendable {
        /// What state this is: `selected`, `empty`, `with validation message`.
        public let state: String
        /// The component in that state.
        public let component: any Component

        /// Creates a sample.
        public init(_ state: String, _ component: any Component) {
            self.state = state
            self.component = component
        }
    }

    /// The component's type name: `TabBar`, `ProgressBar`.
    public let name: String
    /// The component in each of its states.
    public let samples: [Sample]

    /// Creates an entry.
    public init(_ name: String, _ samples: [Sample]) {
        self.name = name
        self.samples = samples
    }

    /// The component's name as a section heading, then each state's name in caption style above its lines.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        var lines = Heading(name, subtitle: "\(samples.count) states", level: .section).render(
            width: width, theme: theme)
        for sample in samples {
            lines += Text(sample.state + ":", style: .caption, overflow: .truncate).render(width: width, theme: theme)
            lines += sample.component.render(width: width, theme: theme)
        }
        return lines
    }
}
