import Foundation

/// The CI systems `modules plan --ci` writes for.
enum CISystem: String, CaseIterable, Sendable {
    /// GitHub Actions: one line of JSON for `strategy.matrix: ${{ fromJSON(needs.plan.outputs.matrix) }}`.
    case github
    /// GitLab CI: a child pipeline's YAML, for `trigger: include: - artifact: …`.
    case gitlab
    /// Buildkite: steps for `buildkite-agent pipeline upload`.
    case buildkite
}

/// A plan as each CI system takes it. Every job carries its shard's JSON (``PlanShard``) in `MODULES_PLAN_SHARD`
/// (GitHub: the matrix field `shard`) and runs `modules test --plan-shard "$MODULES_PLAN_SHARD"` (or the command
/// given), so each job runs exactly its part of the plan.
struct CIPipeline {
    /// One job: its name, what it holds and its shard.
    struct Job: Equatable {
        var name: String
        var reason: String
        var shard: PlanShard
        var packages: String { shard.packages.map(\.package).joined(separator: " ") }
    }

    /// The jobs, longest first.
    var jobs: [Job]
    /// The command a GitLab or Buildkite job runs.
    var command = "modules test --plan-shard \"$MODULES_PLAN_SHARD\""
    /// A GitLab job's image, when given.
    var image: String?

    /// The environment variable holding a job's shard.
    static let variable = "MODULES_PLAN_SHARD"

    /// GitHub Actions' matrix, one line: `{"include":[{"est_seconds","name","packages","reason","shard"}, …]}`.
    /// Only `include` is at the top level (any other key would become a matrix dimension).
    func github() -> String {
        let entries = jobs.map { job in
            GitHubEntry(
                name: job.name, packages: job.packages, reason: job.reason, estSeconds: job.shard.estSeconds,
                shard: job.shard.json())
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // NB: strings and integers only, which always encode.
        let data = (try? encoder.encode(["include": entries])) ?? Data("{\"include\":[]}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct GitHubEntry: Encodable {
        var name: String
        var packages: String
        var reason: String
        var estSeconds: Int
        var shard: String

        enum CodingKeys: String, CodingKey {
            case name, packages, reason, shard
            case estSeconds = "est_seconds"
        }
    }

    /// A GitLab child pipeline: one job per shard in stage `test`, its shard in a variable GitLab does not expand.
    func gitlab(header: String) -> String {
        var lines = header.split(separator: "\n").map { "# \($0)" }
        lines += ["stages:", "  - test"]
        if let image {
            lines += ["default:", "  image: \(Self.quoted(image))"]
        }
        guard !jobs.isEmpty else {
            return
                (lines + [
                    "nothing-to-test:", "  stage: test", "  script:", "    - \"echo 'modules plan: no test to run'\"",
                ])
                .joined(separator: "\n") + "\n"
        }
        for job in jobs {
            lines += [
                "\(Self.quoted(job.name)):", "  stage: test", "  variables:", "    \(Self.variable):",
                "      value: \(Self.quoted(job.shard.json()))", "      expand: false", "  script:",
                "    - \(Self.quoted(command))",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Buildkite steps for `pipeline upload`, which interpolates `$` in the whole file: every `$` written is `$$`,
    /// so the shard and the command reach the job as they are.
    func buildkite(header: String) -> String {
        var lines = header.split(separator: "\n").map { "# \($0)" }
        lines.append("steps:")
        guard !jobs.isEmpty else {
            return (lines + ["  - label: 'nothing to test'", "    command: \"echo 'modules plan: no test to run'\""])
                .joined(separator: "\n") + "\n"
        }
        for (index, job) in jobs.enumerated() {
            lines += [
                "  - label: \(Self.quoted(Self.escapingDollars(job.name)))",
                "    key: \(Self.quoted("modules-shard-\(index + 1)"))",
                "    command: \(Self.quoted(Self.escapingDollars(command)))", "    env:",
                "      \(Self.variable): \(Self.quoted(Self.escapingDollars(job.shard.json())))",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A single-quoted YAML scalar (a `'` inside is doubled).
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    static func escapingDollars(_ text: String) -> String {
        text.replacingOccurrences(of: "$", with: "$$")
    }
}
