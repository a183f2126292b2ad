import FeatureKit
import Testing

@Suite("routes and patterns")
struct RouteTests {
    private let product = RoutePattern(feature: "search", screen: "product", idNames: ["ID"], summary: "a product")
    private let search = RoutePattern(
        feature: "search", screen: "search", parameterNames: ["q"], summary: "search")

    @Test("a pattern matches its own routes only: feature, screen and the number of ids")
    func matching() {
        #expect(product.matches(product.route(ids: ["sku_1"])))
        #expect(!product.matches(product.route(ids: [])))
        #expect(!product.matches(Route(feature: "feed", screen: "product", ids: ["sku_1"])))
        #expect(!product.matches(search.route()))
    }

    @Test("undeclared and empty parameters are dropped, so equal screens are equal routes")
    func parameters() {
        #expect(search.route(parameters: ["q": ""]) == search.route())
        #expect(search.route(parameters: ["q": "tent", "ref": "mail"]).parameters == ["q": "tent"])
        #expect(search.route(parameters: ["q": "tent"]).parameter("q") == "tent")
        #expect(search.route().parameter("q") == "")
    }

    @Test("link templates and log descriptions name ids but no user text")
    func descriptions() {
        #expect(product.linkTemplate == "storefront://product/ID")
        #expect(search.linkTemplate == "storefront://search?q=…")
        #expect(product.route(ids: ["sku_1"]).logDescription == "product sku_1")
        #expect(search.route(parameters: ["q": "secret"]).logDescription == "search")
    }

    @Test("a pattern with a sign-in prompt needs sign-in")
    func signIn() {
        let orders = RoutePattern(feature: "checkout", screen: "orders", signInPrompt: "Sign in.", summary: "orders")
        #expect(orders.requiresSignIn)
        #expect(!product.requiresSignIn)
    }

    @Test("flag values fall back to the declared default for a flag nobody evaluated")
    func flags() {
        let likes = FlagDeclaration(name: "likes", defaultValue: true, summary: "")
        let express = FlagDeclaration(name: "express", defaultValue: false, summary: "")
        let values = FlagValues(["express": true])
        #expect(values.isOn(express))
        #expect(values.isOn(likes))
        #expect(values["likes"] == nil)
    }
}
