import FeatureKit
import Models
import Testing

@testable import StorefrontApp

@Suite("deep links")
@MainActor
struct DeepLinkTests {
    @Test(
        "every route has a link, and the link gives the route back",
        arguments: [
            ("storefront://feed", Route.feed),
            ("storefront://post/post_12", .post("post_12")),
            ("storefront://product/sku_12", .product("sku_12")),
            ("storefront://search?q=leather%20back", .search(query: "leather back")),
            ("storefront://search", .search(query: "")),
            ("storefront://cart", .cart),
            ("storefront://checkout", .checkout),
            ("storefront://orders", .orders),
            ("storefront://orders/ord_7", .order("ord_7")),
            ("storefront://account", .account),
            ("storefront://sign-in", .signIn),
        ]
    )
    func routes(link: String, route: Route) throws {
        #expect(try TestGraph.deepLinks().route(from: link) == route)
        #expect(try TestGraph.deepLinks().route(from: TestGraph.deepLinks().url(for: route)) == route)
    }

    @Test("scheme and screen are case-insensitive; ids keep their case and escapes; unknown query items are ignored")
    func lenientWhereSafe() throws {
        #expect(try TestGraph.deepLinks().route(from: "STOREFRONT://Product/SKU_12?ref=mail") == .product("SKU_12"))
        #expect(try TestGraph.deepLinks().route(from: "storefront://post/a%2Fb") == .post("a/b"))
        #expect(try TestGraph.deepLinks().route(from: "storefront://feed/") == .feed, "one trailing slash")
        #expect(try TestGraph.deepLinks().url(for: .post("a/b")) == "storefront://post/a%2Fb")
        #expect(
            try TestGraph.deepLinks().route(from: TestGraph.deepLinks().url(for: .search(query: "a+b & c")))
                == .search(query: "a+b & c"))
    }

    @Test(
        "links that name no route are refused with the reason",
        arguments: [
            ("https://example.com/feed", "links start with storefront://"),
            ("storefront://nowhere", "there is no screen 'nowhere'"),
            ("storefront://post", "a post link needs an id"),
            ("storefront://product//sku_1", "is not an id"),
            ("storefront://product/..", "'..' is not an id"),
            ("storefront://product/%2E%2E", "'%2E%2E' is not an id"),
            ("storefront://product/.", "'.' is not an id"),
            ("storefront://orders/%2e", "'%2e' is not an id"),
            ("storefront://feed:80", "not a user or a port"),
            ("storefront://post/1/2", "too many path segments"),
            ("storefront://", "the link names no screen"),
            ("not a link", "it is not a URL"),
            ("storefront://product/a%00b", "the id 'a%00b' contains the control character U+0000 (NUL)"),
            ("storefront://post/%1B%5B31m", "contains the control character U+001B (ESC)"),
            ("storefront://search?q=a%0Ab", "the parameter 'q' contains the control character U+000A (line feed)"),
        ]
    )
    func refused(link: String, reason: String) {
        #expect {
            try TestGraph.deepLinks().route(from: link)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }
}
