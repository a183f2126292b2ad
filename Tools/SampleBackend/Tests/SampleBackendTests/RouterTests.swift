import Foundation
import Logging
import Testing

@testable import SampleBackend

@Suite("Router")
struct RouterTests {
    private func router(_ log: CapturingLogHandler = CapturingLogHandler()) -> Router {
        var router = Router(logger: Logger(label: "router", handler: log))
        router.add("GET", "/v1/posts/{id}") { routed in
            HTTPResponse(status: 200, body: Data("post \(routed.parameter("id"))".utf8))
        }
        router.add("PUT", "/v1/posts/{id}/like") { _ in HTTPResponse(status: 200) }
        router.add("DELETE", "/v1/posts/{id}/like") { _ in throw APIError.notFound("gone") }
        router.add("GET", "/v1/broken") { _ in throw CocoaError(.fileNoSuchFile) }
        return router
    }

    @Test("parameters are matched per decoded segment, so an encoded slash stays inside the id")
    func parameters() async throws {
        let response = await router().handle(HTTPRequest(method: "GET", path: "/v1/posts/a%2Fb"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "post a/b")
        let tooDeep = await router().handle(HTTPRequest(method: "GET", path: "/v1/posts/a/b"))
        #expect(tooDeep.status == 404)
    }

    @Test("an unknown path is 404 and a known path with another method is 405 with Allow")
    func notFoundAndNotAllowed() async throws {
        let missing = await router().handle(HTTPRequest(method: "GET", path: "/v2/nothing"))
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("\"code\":\"not_found\""))
        let wrongMethod = await router().handle(HTTPRequest(method: "POST", path: "/v1/posts/1/like"))
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "PUT, DELETE")
        let getOnly = await router().handle(HTTPRequest(method: "DELETE", path: "/v1/posts/1"))
        #expect(getOnly.headers["Allow"] == "GET, HEAD")
    }

    @Test("a thrown APIError is its response; any other error is a logged 500 in the error shape")
    func errors() async throws {
        let gone = await router().handle(HTTPRequest(method: "DELETE", path: "/v1/posts/1/like"))
        #expect(gone.status == 404)
        let log = CapturingLogHandler()
        let broken = await router(log).handle(HTTPRequest(method: "GET", path: "/v1/broken"))
        #expect(broken.status == 500)
        #expect(String(decoding: broken.body, as: UTF8.self).contains("internal_error"))
        #expect(log.messages == ["route failed"])
    }

    @Test("HEAD is routed like GET")
    func head() async throws {
        let response = await router().handle(HTTPRequest(method: "HEAD", path: "/v1/posts/7"))
        #expect(response.status == 200)
    }
}

@Suite("HTTP headers")
struct HTTPHeadersTests {
    @Test("names compare without regard to case (RFC 9110 §5.1)")
    func caseInsensitive() {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.add(name: "set-cookie", value: "a=1")
        headers.add(name: "Set-Cookie", value: "b=2")
        #expect(headers["content-type"] == "application/json")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers["CONTENT-TYPE"] = "text/plain"
        #expect(headers.values(for: "Content-Type") == ["text/plain"])
        headers["content-type"] = nil
        #expect(headers["Content-Type"] == nil)
    }
}
