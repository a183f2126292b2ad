import Foundation

/// Reads the JSON printed by `swift package dump-package`.
///
/// The manifest may print text of its own, and SwiftPM may print warnings, before the JSON object; the decoder
/// therefore tries each line that starts with `{` and decodes the balanced object that begins there.
public enum DumpPackageDecoder {
    /// The output held no JSON object that decodes as a manifest.
    public struct NoManifestFound: Error, CustomStringConvertible {
        /// The first lines of the output, to show what came instead.
        public var excerpt: String

        /// Says that no manifest JSON was found and shows the start of the output.
        public var description: String { "no manifest JSON in the output of dump-package: \(excerpt)" }
    }

    /// Decodes a manifest from dump-package output.
    /// - Parameter output: the command's standard output (possibly with text before or after the JSON).
    /// - Throws: ``NoManifestFound`` when no candidate object decodes.
    public static func decode(_ output: Data) throws -> PackageManifest {
        let bytes = [UInt8](output)
        var lineStart = 0
        while lineStart < bytes.count {
            var index = lineStart
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "{"), let end = objectEnd(bytes, from: index),
                let manifest = try? JSONDecoder().decode(DumpManifest.self, from: Data(bytes[index...end]))
            {
                return manifest.model
            }
            guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            lineStart = newline + 1
        }
        let excerpt = String(decoding: output.prefix(300), as: UTF8.self)
        throw NoManifestFound(excerpt: excerpt.isEmpty ? "(empty)" : excerpt)
    }

    /// The index of the `}` that closes the object opening at `start`, honouring strings and escapes.
    static func objectEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for index in start..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}

private struct DumpManifest: Decodable {
    var name: String
    var toolsVersion: ToolsVersion?
    var dependencies: [DumpDependency]
    var products: [DumpProduct]
    var targets: [DumpTarget]
    var swiftLanguageVersions: [String]?
    var platforms: [Platform]?

    struct Platform: Decodable {
        var platformName: String
    }

    struct ToolsVersion: Decodable {
        var version: String?
        enum CodingKeys: String, CodingKey { case version = "_version" }
    }

    var model: PackageManifest {
        PackageManifest(
            name: name,
            toolsVersion: toolsVersion?.version,
            dependencies: dependencies.map(\.model),
            products: products.map(\.model),
            targets: targets.map(\.model),
            swiftLanguageModes: swiftLanguageVersions ?? [],
            platforms: (platforms ?? []).map(\.platformName)
        )
    }
}

/// `{"fileSystem":[{identity, path}]}`, `{"sourceControl":[{identity, location}]}` or `{"registry":[...]}`.
private struct DumpDependency: Decodable {
    var model: PackageManifest.Dependency

    private struct Details: Decodable {
        var identity: String
        var path: String?
        var location: Location?
    }

    /// A source-control location is `{"remote":[{"urlString": ...}]}` or `{"local":[path]}`; only its text matters.
    private struct Location: Decodable {
        var text: String?
        init(from decoder: any Decoder) throws {
            text = (try? decoder.singleValueContainer().decode(String.self)) ?? Self.firstString(in: decoder)
        }
        private static func firstString(in decoder: any Decoder) -> String? {
            guard let object = try? decoder.container(keyedBy: AnyCodingKey.self), let key = object.allKeys.first
            else { return nil }
            if var list = try? object.nestedUnkeyedContainer(forKey: key) {
                if let text = try? list.decode(String.self) { return text }
                if let nested = try? list.decode([String: String].self) { return nested.values.first }
            }
            return nil
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "empty"))
        }
        var list = try container.nestedUnkeyedContainer(forKey: key)
        let details = try list.decode(Details.self)
        let kind = PackageManifest.Dependency.Kind(rawValue: key.stringValue) ?? .sourceControl
        model = PackageManifest.Dependency(
            kind: kind,
            identity: details.identity,
            path: kind == .fileSystem ? details.path : nil,
            location: details.location?.text
        )
    }
}

private struct DumpProduct: Decodable {
    var name: String
    var targets: [String]
    var type: [String: DiscardedValue]

    var model: PackageManifest.Product {
        PackageManifest.Product(name: name, type: type.keys.sorted().first ?? "unknown", targets: targets)
    }
}

private struct DumpTarget: Decodable {
    var name: String
    var type: String
    var dependencies: [DumpTargetDependency]
    var path: String?
    var sources: [String]?
    var exclude: [String]?
    var resources: [Resource]?
    var settings: [DumpSetting]?
    var pluginUsages: [PluginUsage]?

    struct Resource: Decodable {
        var path: String
    }

    /// `{"plugin": ["Name", "package-or-null"]}`: the plugin's name and the package that vends it.
    struct PluginUsage: Decodable {
        var name: String?
        var package: String?

        private enum Keys: String, CodingKey { case plugin }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            var plugin = try? container.nestedUnkeyedContainer(forKey: .plugin)
            name = try? plugin?.decode(String.self)
            package = (try? plugin?.decodeNil()) == false ? try? plugin?.decode(String.self) : nil
        }
    }

    var model: PackageManifest.Target {
        PackageManifest.Target(
            name: name,
            type: type,
            dependencies: dependencies.map(\.model),
            path: path,
            sources: sources,
            exclude: exclude ?? [],
            resources: (resources ?? []).map(\.path),
            defines: (settings ?? []).flatMap(\.activeDefines),
            upcomingFeatures: (settings ?? []).flatMap(\.upcomingFeatures),
            plugins: (pluginUsages ?? []).compactMap { usage in
                usage.name.map { PackageManifest.Target.PluginUsage(name: $0, package: usage.package) }
            }
        )
    }
}

/// A build setting: `{"tool": "swift", "kind": {"define": {"_0": "X"}}, "condition": {...}}` or
/// `{"kind": {"unsafeFlags": {"_0": ["-DX"]}}}`. Only Swift compilation conditions are read.
private struct DumpSetting: Decodable {
    var tool: String
    var kind: [String: [String: DumpSettingValue]]
    var condition: Condition?

    private enum CodingKeys: String, CodingKey {
        case tool, kind, condition
    }

    /// Reads what it understands and ignores the rest: a setting of a shape this tool does not know must not make
    /// the whole manifest unreadable.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tool = (try? container.decode(String.self, forKey: .tool)) ?? ""
        kind = (try? container.decode([String: [String: DumpSettingValue]].self, forKey: .kind)) ?? [:]
        condition = try? container.decodeIfPresent(Condition.self, forKey: .condition)
    }

    struct Condition: Decodable {
        var platformNames: [String]?
        var config: String?
    }

    /// The upcoming feature this setting enables, if it is one.
    var upcomingFeatures: [String] {
        guard tool == "swift", case .text(let name)? = kind["enableUpcomingFeature"]?["_0"] else { return [] }
        return [name]
    }

    /// The conditions this setting defines in a Linux debug build (the configuration `modules` checks imports in).
    var activeDefines: [String] {
        guard tool == "swift" else { return [] }
        if let platforms = condition?.platformNames, !platforms.isEmpty, !platforms.contains("linux") { return [] }
        if let config = condition?.config, config != "debug" { return [] }
        if case .text(let name)? = kind["define"]?["_0"] {
            return [name.split(separator: "=").first.map(String.init) ?? name]
        }
        guard case .list(let flags)? = kind["unsafeFlags"]?["_0"] else { return [] }
        var defines: [String] = []
        for (index, flag) in flags.enumerated() where flag.hasPrefix("-D") {
            if flag == "-D", index + 1 < flags.count {
                defines.append(flags[index + 1])
            } else if flag.count > 2 {
                defines.append(String(flag.dropFirst(2)))
            }
        }
        return defines
    }
}

/// A setting's value: one string or a list of strings (anything else is ignored).
private enum DumpSettingValue: Decodable {
    case text(String)
    case list([String])
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let list = try? container.decode([String].self) {
            self = .list(list)
        } else {
            self = .other
        }
    }
}

/// `{"byName":[name, condition]}`, `{"target":[name, condition]}` or `{"product":[name, package, aliases, condition]}`.
private struct DumpTargetDependency: Decodable {
    var model: PackageManifest.TargetDependency

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        guard let key = container.allKeys.first,
            let kind = PackageManifest.TargetDependency.Kind(rawValue: key.stringValue)
        else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown target dependency kind")
            )
        }
        var list = try container.nestedUnkeyedContainer(forKey: key)
        let name = try list.decode(String.self)
        let package = kind == .product ? try list.decodeIfPresent(String.self) : nil
        if kind == .product, !list.isAtEnd {
            _ = try? list.decode(DiscardedValue.self)  // NB: moduleAliases (or null).
        }
        let condition = list.isAtEnd ? nil : try? list.decodeIfPresent(Condition.self)
        let platforms = condition?.platformNames.flatMap { $0.isEmpty ? nil : $0 }
        model = PackageManifest.TargetDependency(kind: kind, name: name, package: package, platforms: platforms)
    }

    /// `{"platformNames": ["macos"], "config": null}`.
    private struct Condition: Decodable {
        var platformNames: [String]?
    }
}

/// A JSON value that is read and thrown away (the parts of the manifest this tool does not use).
private struct DiscardedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}
