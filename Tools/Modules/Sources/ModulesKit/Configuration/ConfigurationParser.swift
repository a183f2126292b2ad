import Foundation

/// `modules.json` could not be read or does not follow the schema.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The file that was read.
    public var path: String
    /// What is wrong, naming the offending key.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `<path>: <reason>`.
    public var description: String { "\(path): \(reason)" }
}

extension ModulesConfiguration {
    /// Reads and validates `modules.json` at `url`.
    /// - Throws: ``ConfigurationError`` when the file is missing, is not JSON, has an unknown key or a value of
    ///   the wrong type, or declares a schema version other than ``supportedSchemaVersion``.
    public static func load(from url: URL) throws -> ModulesConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigurationError(path: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        return try parse(data, path: url.path)
    }

    /// Parses and validates the contents of a `modules.json` file.
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8 JSON).
    ///   - path: the path named in errors.
    /// - Throws: ``ConfigurationError`` naming the offending key.
    public static func parse(_ data: Data, path: String) throws -> ModulesConfiguration {
        let file: ConfigurationFile
        do {
            file = try JSONDecoder().decode(ConfigurationFile.self, from: data)
        } catch let error as UnknownKeysError {
            throw ConfigurationError(path: path, reason: error.description)
        } catch let error as DecodingError {
            throw ConfigurationError(path: path, reason: Self.explain(error))
        } catch {
            throw ConfigurationError(path: path, reason: "is not valid JSON (\(error))")
        }
        let version = file.schemaVersion ?? supportedSchemaVersion
        guard version == supportedSchemaVersion else {
            throw ConfigurationError(
                path: path,
                reason: "schemaVersion \(version) is not supported (this tool reads \(supportedSchemaVersion))"
            )
        }
        var layers: [Layer] = []
        for (index, layer) in (file.layers ?? []).enumerated() {
            guard !layer.name.isEmpty else {
                throw ConfigurationError(path: path, reason: "layers[\(index)].name must not be empty")
            }
            guard !layers.contains(where: { $0.name == layer.name }) else {
                throw ConfigurationError(path: path, reason: "layer name '\(layer.name)' is used twice")
            }
            layers.append(
                Layer(
                    name: layer.name,
                    description: layer.description,
                    packages: (layer.packages ?? []).map(Glob.init),
                    allowsPeerDependencies: layer.allowsPeerDependencies ?? false,
                    targets: (layer.targets ?? []).map(Glob.init)
                )
            )
        }
        var rules: [String: PackageRule] = [:]
        for (key, entry) in file.packages ?? [:] {
            rules[RepoPath.normalize(key)] = PackageRule(
                description: entry.description,
                allowedDependencies: entry.allowedDependencies?.map(Glob.init),
                allowedDependents: entry.allowedDependents?.map(Glob.init),
                testOnly: entry.testOnly ?? false
            )
        }
        var settings: [LintRule: RuleSetting] = [:]
        for (key, value) in file.rules ?? [:] {
            guard let rule = LintRule(rawValue: key) else {
                let known = LintRule.allCases.map(\.rawValue).sorted().joined(separator: ", ")
                throw ConfigurationError(path: path, reason: "rules: unknown rule '\(key)' (known: \(known))")
            }
            guard let setting = RuleSetting(rawValue: value) else {
                throw ConfigurationError(
                    path: path, reason: "rules.\(key): '\(value)' is not a setting (use error, warning or off)")
            }
            settings[rule] = setting
        }
        if let baseline = file.baseline, baseline.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ConfigurationError(path: path, reason: "baseline must be a repository-relative file path")
        }
        var scaffold = Scaffold()
        if let entry = file.scaffold {
            if let template = entry.featureTemplate {
                guard Scaffold.featureTemplates.contains(template) else {
                    throw ConfigurationError(
                        path: path,
                        reason: "scaffold.featureTemplate: unknown template '\(template)' (known: "
                            + Scaffold.featureTemplates.joined(separator: ", ") + ")")
                }
                scaffold.featureTemplate = template
            }
            for (key, value) in [
                ("featuresDirectory", entry.featuresDirectory), ("coreDirectory", entry.coreDirectory),
            ] {
                if let value, value.isEmpty || value.hasPrefix("/") || value.split(separator: "/").contains("..") {
                    throw ConfigurationError(
                        path: path, reason: "scaffold.\(key) must be a directory inside the repository, not '\(value)'")
                }
            }
            scaffold.featuresDirectory = entry.featuresDirectory.map(RepoPath.normalize) ?? scaffold.featuresDirectory
            scaffold.coreDirectory = entry.coreDirectory.map(RepoPath.normalize) ?? scaffold.coreDirectory
            scaffold.appTarget = entry.appTarget
        }
        if let timeout = file.test?.timeout, !(timeout > 0 && timeout <= TestCommand.maximumTimeoutSeconds) {
            throw ConfigurationError(
                path: path,
                reason: "test.timeout must be a number of seconds above 0 and at most a week (604800), not \(timeout)")
        }
        var configuration = ModulesConfiguration(
            schemaVersion: version,
            exclude: (file.exclude ?? []).map(Glob.init),
            layers: layers,
            packages: rules,
            testOnlyProducts: (file.testOnlyProducts ?? []).map(Glob.init),
            affectsEverything: file.affectsEverything?.map(Glob.init) ?? defaultAffectsEverything,
            rules: settings,
            baseline: file.baseline.map(RepoPath.normalize) ?? defaultBaseline,
            owners: (file.owners ?? [:]).sorted { $0.key < $1.key }.map {
                (Glob($0.key), $0.value.map(RepoPath.normalize))
            },
            scaffold: scaffold
        )
        configuration.testTimeoutSeconds = file.test?.timeout
        configuration.cache = try file.cache?.settings(path: path) ?? CacheSettings()
        configuration.history = try file.history?.settings(path: path) ?? HistorySettings()
        configuration.ignore = file.ignore?.map(Glob.init) ?? defaultIgnore
        configuration.quarantine = try QuarantineFileEntry.entries(file.quarantine ?? [], path: path)
        return configuration
    }

    private static func explain(_ error: DecodingError) -> String {
        func location(_ path: [any CodingKey]) -> String {
            let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(location(context.codingPath)) has the wrong type (expected \(type))"
        case .valueNotFound(let type, let context):
            return "\(location(context.codingPath)) must not be null (expected \(type))"
        case .keyNotFound(let key, let context):
            return "\(location(context.codingPath + [key])) is required"
        case .dataCorrupted(let context):
            let detail = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            return context.codingPath.isEmpty
                ? "is not valid JSON\(detail)" : "\(location(context.codingPath)) is invalid\(detail)"
        @unknown default:
            return "cannot be decoded (\(error))"
        }
    }
}

/// A key the schema does not know: most often a typo that would otherwise silently switch a rule off.
private struct UnknownKeysError: Error, CustomStringConvertible {
    var keys: [String]
    var location: String
    var known: [String]

    var description: String {
        "unknown key \(keys.map { "'\($0)'" }.joined(separator: ", ")) in \(location) "
            + "(known: \(known.joined(separator: ", ")))"
    }
}

func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(
    _ decoder: any Decoder,
    _ keys: Keys.Type
) throws {
    let known = Keys.allCases.map(\.stringValue)
    let present = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue)
    let unknown = present.filter { !known.contains($0) }.sorted()
    guard unknown.isEmpty else {
        let path = decoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        throw UnknownKeysError(
            keys: unknown,
            location: path.isEmpty ? "the top level" : String(path.drop { $0 == "." }),
            known: known.sorted()
        )
    }
}

private struct ConfigurationFile: Decodable {
    var schemaVersion: Int?
    var exclude: [String]?
    var layers: [LayerEntry]?
    var packages: [String: PackageEntry]?
    var testOnlyProducts: [String]?
    var affectsEverything: [String]?
    var rules: [String: String]?
    var baseline: String?
    var owners: [String: [String]]?
    var scaffold: ScaffoldEntry?
    var test: TestEntry?
    var cache: CacheEntry?
    var history: HistoryEntry?
    var ignore: [String]?
    var quarantine: [QuarantineFileEntry]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema = "$schema"
        case schemaVersion, description, exclude, layers, packages, testOnlyProducts, affectsEverything, rules
        case baseline, owners, scaffold, test, cache, history, ignore, quarantine
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decodeIfPresent(Int.self, forKey: .schemaVersion)
        exclude = try container.decodeIfPresent([String].self, forKey: .exclude)
        layers = try container.decodeIfPresent([LayerEntry].self, forKey: .layers)
        packages = try container.decodeIfPresent([String: PackageEntry].self, forKey: .packages)
        testOnlyProducts = try container.decodeIfPresent([String].self, forKey: .testOnlyProducts)
        affectsEverything = try container.decodeIfPresent([String].self, forKey: .affectsEverything)
        rules = try container.decodeIfPresent([String: String].self, forKey: .rules)
        baseline = try container.decodeIfPresent(String.self, forKey: .baseline)
        owners = try container.decodeIfPresent([String: [String]].self, forKey: .owners)
        scaffold = try container.decodeIfPresent(ScaffoldEntry.self, forKey: .scaffold)
        test = try container.decodeIfPresent(TestEntry.self, forKey: .test)
        cache = try container.decodeIfPresent(CacheEntry.self, forKey: .cache)
        history = try container.decodeIfPresent(HistoryEntry.self, forKey: .history)
        ignore = try container.decodeIfPresent([String].self, forKey: .ignore)
        quarantine = try container.decodeIfPresent([QuarantineFileEntry].self, forKey: .quarantine)
    }
}

private struct TestEntry: Decodable {
    var timeout: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case timeout
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timeout = try container.decodeIfPresent(Double.self, forKey: .timeout)
    }
}

private struct LayerEntry: Decodable {
    var name: String
    var description: String?
    var packages: [String]?
    var allowsPeerDependencies: Bool?
    var targets: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, packages, allowsPeerDependencies, targets
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        packages = try container.decodeIfPresent([String].self, forKey: .packages)
        allowsPeerDependencies = try container.decodeIfPresent(Bool.self, forKey: .allowsPeerDependencies)
        targets = try container.decodeIfPresent([String].self, forKey: .targets)
    }
}

private struct PackageEntry: Decodable {
    var description: String?
    var allowedDependencies: [String]?
    var allowedDependents: [String]?
    var testOnly: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case description, allowedDependencies, allowedDependents, testOnly
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        allowedDependencies = try container.decodeIfPresent([String].self, forKey: .allowedDependencies)
        allowedDependents = try container.decodeIfPresent([String].self, forKey: .allowedDependents)
        testOnly = try container.decodeIfPresent(Bool.self, forKey: .testOnly)
    }
}

private struct ScaffoldEntry: Decodable {
    var featuresDirectory: String?
    var coreDirectory: String?
    var featureTemplate: String?
    var appTarget: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case featuresDirectory, coreDirectory, featureTemplate, appTarget
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        featuresDirectory = try container.decodeIfPresent(String.self, forKey: .featuresDirectory)
        coreDirectory = try container.decodeIfPresent(String.self, forKey: .coreDirectory)
        featureTemplate = try container.decodeIfPresent(String.self, forKey: .featureTemplate)
        appTarget = try container.decodeIfPresent(String.self, forKey: .appTarget)
    }
}
