import Foundation
import Testing

/// The Debian packages come from one list, `scripts/system-packages.txt`: every system-library target's apt
/// provider is on it, and the Makefile, the two server scripts and the GitHub workflow install from it instead of
/// keeping lists of their own (a schema check of the workflow cannot see a missing package; this can).
@Suite("one list of Debian packages", .timeLimit(.minutes(1)))
struct SystemPackagesTests {
    /// The repository's root, above App/Tests/StorefrontTests/ where this file is.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The files that install Debian packages, each with the groups it must install.
    static let installers: [(file: String, groups: [String])] = [
        ("Makefile", ["build", "test", "bench", "soak", "modules"]),
        ("Tools/SampleBackend/Scripts/contract-test.sh", ["test"]),
        ("Tools/SampleBackend/Scripts/bench-server.sh", ["server-bench"]),
        (".github/workflows/modules.yml", ["test", "modules"]),
    ]

    /// The list as `package → groups`, parsed here independently of the script.
    static func list() throws -> [(package: String, groups: Set<String>)] {
        let text = try String(contentsOf: root.appending(path: "scripts/system-packages.txt"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            let fields = trimmed.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3 else { return nil }
            return (String(fields[0]), Set(fields[1].split(separator: ",").map(String.init)))
        }
    }

    /// What `scripts/system-packages.sh ARGUMENTS` prints, and its exit status.
    static func script(_ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = root.appending(path: "scripts/system-packages.sh")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            process.terminationStatus
        )
    }

    /// Every `Package.swift` of the repository outside build directories and the `modules` fixtures.
    static func manifests() throws -> [URL] {
        let manager = FileManager()
        guard let walker = manager.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if url.lastPathComponent == ".build" || url.lastPathComponent == ".git"
                || relative.hasPrefix("Tools/Modules/Fixtures")
            {
                walker.skipDescendants()
            } else if url.lastPathComponent == "Package.swift" {
                found.append(url)
            }
        }
        return found
    }

    @Test("the script prints each group's packages in the list's order, build included, and refuses unknown groups")
    func scriptMatchesTheList() throws {
        let list = try Self.list()
        #expect(!list.isEmpty)
        let groups = Set(list.flatMap(\.groups))
        for group in groups.sorted() {
            let expected = list.filter { $0.groups.contains(group) || $0.groups.contains("build") }.map(\.package)
            let printed = try Self.script([group])
            #expect(printed.status == 0)
            #expect(printed.output == expected.joined(separator: " "), "group \(group)")
        }
        let unknown = try Self.script(["no-such-group"])
        #expect(unknown.status == 64)
        #expect(unknown.output.isEmpty)
    }

    /// The group a manifest's system libraries belong to: `modules` for the `modules` tool (built on its own, by
    /// `make modules-tool` and the workflow's plan job), `build` for everything the app and its packages build.
    static func group(of manifest: URL) -> String {
        manifest.path.hasSuffix("/Tools/Modules/Package.swift") ? "modules" : "build"
    }

    @Test("every apt provider of a system-library target is in the group that builds its package")
    func providersAreListed() throws {
        let list = try Self.list()
        let provider = try Regex(#"\.apt\(\[([^\]]*)\]\)"#)
        var providers: [(name: String, manifest: URL)] = []
        for manifest in try Self.manifests() {
            let text = try String(contentsOf: manifest, encoding: .utf8)
            for match in text.matches(of: provider) {
                let names = String(text[match.range]).split(separator: "\"").enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                providers += names.map { ($0, manifest) }
            }
        }
        #expect(providers.count >= 8, "found \(providers)")
        for (name, manifest) in providers {
            let group = Self.group(of: manifest)
            let listed = list.first { $0.package == name }?.groups ?? []
            #expect(
                listed.contains(group) || listed.contains("build"),
                "\(manifest.path) declares apt package \(name), missing from the \(group) group")
        }
    }

    @Test("the Makefile, the server scripts and the workflow install only from the list", arguments: installers)
    func installersReadTheList(file: String, groups: [String]) throws {
        let text = try String(contentsOf: Self.root.appending(path: file), encoding: .utf8)
        let packages = Set(try Self.list().map(\.package))
        for group in groups {
            #expect(
                text.contains("$(PACKAGES) \(group))") || text.contains("system-packages.sh\" \(group))")
                    || text.contains("system-packages.sh \(group))"), "\(file) does not install the \(group) group")
        }
        // No line that installs names a package itself.
        let lines = text.split(separator: "\n").filter { $0.contains("ensure-system-packages.sh") }
        #expect(!lines.isEmpty)
        for line in lines {
            let code = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            let named = words.filter { packages.contains($0) }
            #expect(named.isEmpty, "\(file) installs \(named) by name: add them to scripts/system-packages.txt")
        }
    }
}
