import TerminalUI

/// The actions of one screen (or of the whole app) that keys trigger, as a Swift type: an enum with one case per
/// action, each with its default keys and its help text. A view finds the action of a key with
/// `KeyMap.action(_:for:)` and switches over it, so it can act only on declared actions and every key it handles
/// has help; the help and the footer are made from the same cases (`KeyMap.help(_:)`).
///
/// The action's name in `keys.json` is `scope.rawValue` (`product.add-to-cart`).
public protocol KeyActionSet: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == String {
    /// The screen or part of the app the actions belong to (`product`): unique among every declared set; keys
    /// conflict only within one scope.
    static var scope: String { get }
    /// The keys that trigger the action unless `keys.json` rebinds it, most usual first.
    var defaultKeys: [KeyChord] { get }
    /// What the action does, in a few words (`add to cart`): the help's and the footer's text.
    var help: String { get }
}

extension KeyActionSet {
    /// The action's name in `keys.json`: `scope.rawValue`.
    public var name: String { "\(Self.scope).\(rawValue)" }

    /// Every action of the set as a declaration, in the order of the cases.
    public static var declarations: [KeyDeclaration] {
        allCases.map { KeyDeclaration(scope: scope, name: $0.name, defaultKeys: $0.defaultKeys, help: $0.help) }
    }
}

/// One declared action, erased: what the key-map file is checked against and what the tests enumerate.
public struct KeyDeclaration: Hashable, Sendable {
    /// The scope its keys conflict in (`product`).
    public let scope: String
    /// Its name in `keys.json` (`product.add-to-cart`).
    public let name: String
    /// Its keys unless rebound.
    public let defaultKeys: [KeyChord]
    /// Its help text.
    public let help: String

    /// Creates a declaration.
    public init(scope: String, name: String, defaultKeys: [KeyChord], help: String) {
        self.scope = scope
        self.name = name
        self.defaultKeys = defaultKeys
        self.help = help
    }
}
