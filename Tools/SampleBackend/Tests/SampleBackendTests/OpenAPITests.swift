import Foundation
import Logging
import Testing

@testable import SampleBackend

/// Reads the operations (`METHOD /path`) out of the repository's `openapi.yaml`: each path is a two-space-indented
/// key under `paths:`, each operation a four-space-indented HTTP method key under it.
private func documentedOperations() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
    let methods = ["get", "put", "post", "delete", "patch", "head", "options"]
    var operations: [String] = []
    var inPaths = false
    var currentPath: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if !line.hasPrefix(" ") && !line.isEmpty && !line.hasPrefix("#") {
            inPaths = line == "paths:"
            continue
        }
        guard inPaths else { continue }
        if line.hasPrefix("  /"), !line.hasPrefix("   ") {
            currentPath = String(line.dropFirst(2).prefix { $0 != ":" })
        } else if line.hasPrefix("    "), !line.hasPrefix("     "), let currentPath {
            let key = line.dropFirst(4).prefix { $0 != ":" }
            if methods.contains(String(key)) {
                operations.append("\(key.uppercased()) \(currentPath)")
            }
        }
    }
    return operations
}

@Suite("openapi.yaml")
struct OpenAPITests {
    @Test("every route is documented and every documented operation is a route")
    func routesMatch() async throws {
        let documented = try documentedOperations()
        #expect(!documented.isEmpty)
        try await withTestServer { server in
            let routes = Set(server.server.routes)
            for operation in documented where !routes.contains(operation) {
                Issue.record("openapi.yaml documents \(operation), which the server does not have")
            }
            for route in routes where !documented.contains(route) {
                Issue.record("the server has \(route), which openapi.yaml does not document")
            }
            #expect(documented.count == Set(documented).count, "an operation is documented twice")
        }
    }

    @Test("every error code the routes send is listed in the document")
    func errorCodesDocumented() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let codes = [
            "malformed_json", "invalid_request", "invalid_parameter", "invalid_cursor", "missing_idempotency_key",
            "unauthorized", "not_found", "method_not_allowed", "payload_too_large", "validation_failed",
            "idempotency_key_reused", "unknown_product", "card_invalid", "card_declined", "price_changed",
            "out_of_stock", "rate_limited", "unavailable", "shutting_down", "internal_error", "bad_request",
            "uri_too_long", "headers_too_large", "overloaded", "idempotency_request_in_progress",
        ]
        for code in codes {
            #expect(text.contains(code), "\(code) is not in openapi.yaml")
        }
    }
}
