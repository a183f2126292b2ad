import Foundation
import Networking
import NetworkingTestSupport
import Primitives

/// The captured JSON under `Fixtures/` (see its README).
enum Fixture {
    /// The bytes of `name` (without `.json`).
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw FixtureMissing(name: name)
        }
        return try Data(contentsOf: url)
    }

    /// The fixture as a scripted answer with `status`.
    static func response(_ name: String, status: Int = 200) throws -> ScriptedResponse {
        .data(try data(name), status: status, headers: ["Content-Type": "application/json"])
    }

    /// The fixture as JSON with keys as written.
    static func json(_ name: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data(name))
    }

    struct FixtureMissing: Error, CustomStringConvertible {
        let name: String
        var description: String { "no fixture \(name).json" }
    }
}
