import FeatureKit
import Foundation
import Models
import Networking

/// The Search commands: `search QUERY [--offset N]` and `product ID`, printed as text or `--json`.
@MainActor
struct SearchCommands {
    /// `search QUERY [--offset N]`.
    nonisolated static let searchCommand = CommandSpec(
        ["search"], operands: ["QUERY"], variadic: true,
        options: [.init("--offset", valueName: "N", help: "Skip the first N results (default 0).")],
        help: "Search the catalog.",
        run: .on(SearchEntry.self) { entry, invocation in
            do throws(UsageError) {
                return try await SearchCommands(entry: entry, invocation: invocation).search()
            } catch {
                return invocation.usage(error.message)
            }
        })
    /// `product ID`.
    nonisolated static let productCommand = CommandSpec(
        ["product"], operands: ["ID"], help: "Show one product.",
        run: .on(SearchEntry.self) { await SearchCommands(entry: $0, invocation: $1).product() })

    /// The commands, as `storefront --help` lists them.
    nonisolated static let specs: [CommandSpec] = [searchCommand, productCommand]

    let entry: SearchEntry
    let invocation: CommandInvocation

    /// `storefront search QUERY [--offset N]`: one page of results (from the saved products when the server cannot
    /// be reached, which the output says).
    func search() async throws(UsageError) -> ExitCode {
        let offset = try invocation.integer("--offset", in: 0...1_000_000) ?? 0
        let query = invocation.operands.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { throw UsageError("'search' needs a QUERY that is not blank") }
        let page: SearchPage
        do {
            page = try await entry.repository.search(
                SearchRequest(query: query, offset: offset, limit: 20, strategy: .serverWithSavedFallback))
        } catch {
            return invocation.fail("the search failed", error)
        }
        if page.source == .saved {
            guard !page.results.items.isEmpty || offset > 0 else {
                let reason = page.networkError.map(ErrorText.describe) ?? "the server could not be reached"
                return invocation.fail(
                    "the search failed and no products saved on this device match: \(reason)",
                    code: page.networkError.map(ErrorText.code) ?? "unavailable",
                    requestID: page.networkError.flatMap(ErrorText.requestID))
            }
            invocation.warn("the server could not be reached; these results come from products saved on this device")
        }
        if let full = page.savedProductsDiskFull {
            invocation.warn("results could not be saved for offline use: \(full)")
        } else if let problem = page.savedProductsProblem {
            invocation.warn("storage error: results could not be saved for offline use (\(problem))")
        }
        let results = page.results
        var lines = results.items.map(productLine)
        lines.append(
            Self.summary(of: results, isEstimate: page.totalIsEstimate)
                + (results.nextOffset.map { "; next: --offset \($0)" } ?? ""))
        let output = SearchOutput(
            products: results.items.map(ProductOutput.init), total: results.total, offset: results.offset,
            nextOffset: results.nextOffset, totalIsEstimate: page.totalIsEstimate,
            source: page.source == .saved ? "saved" : "server")
        return invocation.emit(lines, json: output)
    }

    /// `storefront product ID`: one product with its description.
    func product() async -> ExitCode {
        let id = ProductID(rawValue: invocation.firstOperand)
        guard let detail = await Self.loadProduct(id, entry: entry, invocation: invocation) else { return .failure }
        var lines = [productLine(detail.summary)]
        if let description = detail.description, !description.isEmpty {
            lines += ["", description]
        }
        var output = ProductOutput(detail.summary)
        output.description = detail.description
        return invocation.emit(lines, json: output)
    }

    /// Product `id` from the server; nil after printing why it could not be loaded (the command then fails).
    static func loadProduct(_ id: ProductID, entry: SearchEntry, invocation: CommandInvocation) async -> ProductDetail?
    {
        do {
            return try await entry.repository.product(id: id)
        } catch {
            _ = invocation.fail("product \(id) could not be loaded", error)
            return nil
        }
    }

    /// `No results`, `1 result`, `1-20 of 283 results`, `no results past 283 (--offset 400)`.
    static func summary(of results: OffsetPage<ProductSummary>, isEstimate: Bool = false) -> String {
        let noun = results.total == 1 && !isEstimate ? "result" : "results"
        let total = isEstimate ? "\(results.total)+" : "\(results.total)"
        guard !results.items.isEmpty else {
            return results.total == 0 ? "No results" : "No results past \(total) (--offset \(results.offset))"
        }
        if results.total == results.items.count, results.offset == 0, !isEstimate {
            return "\(total) \(noun)"
        }
        return "\(results.offset + 1)-\(results.offset + results.items.count) of \(total) \(noun)"
    }

    /// `sku_12  Leather backpack  €192.95  In stock  4.5/5`.
    private func productLine(_ product: ProductSummary) -> String {
        var parts = [
            "\(product.id)", product.title, product.price.formatted(locale: entry.locale),
            AvailabilityLabel(product.availability).text,
        ]
        if let rating = product.rating {
            parts.append(String(format: "%.1f/5", rating))
        }
        return parts.joined(separator: "  ")
    }
}

/// A product as `--json` prints it (the API's field names).
struct ProductOutput: Encodable {
    let id: String
    let title: String
    let price: Money
    let availability: String
    let imageUrl: String?
    let rating: Double?
    var description: String?

    init(_ product: ProductSummary) {
        id = product.id.rawValue
        title = product.title
        price = product.price
        availability = product.availability.wireValue
        imageUrl = product.imageURL?.absoluteString
        rating = product.rating
        description = nil
    }
}

/// A page of search results as `--json` prints it.
struct SearchOutput: Encodable {
    let products: [ProductOutput]
    let total: Int
    let offset: Int
    let nextOffset: Int?
    let totalIsEstimate: Bool
    let source: String
}
