import Testing

@testable import ModulesKit

@Suite(.timeLimit(.minutes(10))) struct GlobTests {
    @Test(arguments: [
        ("Core/*", "Core/Logging", true),
        ("Core/*", "Core", false),
        ("Core/*", "Core/Logging/Sub", false),
        ("Tools/*", "Tools/SampleBackend", true),
        (".", ".", true),
        (".", "Core/Logging", false),
        ("Features/**", "Features/Feed/Deep", true),
        ("Features/**", "Features", true),
        ("**/Fixtures", "Tools/Modules/Fixtures", true),
        ("*TestSupport", "NetworkingTestSupport", true),
        ("*TestSupport", "TestSupportKit", false),
        ("Core/Log?ing", "Core/Logging", true),
        ("./Core/Logging/", "Core/Logging", true),
        ("core/*", "Core/Logging", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    @Test func excludedTreeCoversDescendants() {
        let glob = Glob("Tools/Modules/Fixtures")
        #expect(glob.matchesSelfOrAncestor(of: "Tools/Modules/Fixtures/Clean/Core/Kit"))
        #expect(glob.matchesSelfOrAncestor(of: "Tools/Modules/Fixtures"))
        #expect(!glob.matchesSelfOrAncestor(of: "Tools/Modules"))
        #expect(!glob.matchesSelfOrAncestor(of: "Tools/Modules/FixturesOld"))
    }

    @Test func normalizesPaths() {
        #expect(RepoPath.normalize("./Core//Logging/") == "Core/Logging")
        #expect(RepoPath.normalize("") == ".")
        #expect(RepoPath.normalize("./") == ".")
    }
}
