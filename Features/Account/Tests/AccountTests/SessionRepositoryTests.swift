import Account
import Foundation
import Networking
import NetworkingTestSupport
import Persistence
import TestSupport
import Testing

@Suite("LiveSessionRepository: the session endpoints of the API contract")
struct SessionRepositoryTests {
    private let clock = ManualClock()
    private let transport: ScriptedTransport
    private let repository: LiveSessionRepository

    init() {
        transport = ScriptedTransport(clock: clock)
        let client = APIClient.testing(
            transport: transport,
            clock: clock,
            tokenProvider: InMemoryTokenProvider(token: "tok-current"),
            retryPolicy: RetryPolicy(maxAttempts: 3, initialBackoff: .zero, maxBackoff: .zero))
        repository = LiveSessionRepository(client: client, logger: Harness.quietLogger)
    }

    @Test func signInPostsTheNameWithoutAToken() async throws {
        transport.enqueue(
            .json(
                #"{"token": "tok-new", "instance_id": "srv_00ff", "user": {"id": "user_4", "name": "ada"}}"#,
                status: 201))

        let session = try await repository.createSession(userName: UserName(validating: " ada "))

        #expect(session.user == (try AccountUser(id: "user_4", name: "ada", instanceID: "srv_00ff")))
        #expect(session.user.storageAccount == (try StorageAccount(instanceID: "srv_00ff", userID: "user_4")))
        #expect(session.user.storageAccount.directoryName == "srv_00ff-user_4")
        #expect(session.token == Secret(utf8: "tok-new"))
        #expect("\(session)".contains("tok-new") == false)
        let request = try #require(transport.requests.first)
        #expect(request.summary == "POST /v1/session")
        #expect(request.jsonBody == .object(["user_name": .string("ada")]))
        #expect(request.header("Authorization") == nil)
    }

    @Test func aNumericIDAndAMissingNameAreTolerated() async throws {
        transport.enqueue(.json(#"{"token": "t", "instance_id": "srv_1", "user": {"id": 7}}"#, status: 201))

        let session = try await repository.createSession(userName: UserName(validating: "ada"))

        #expect(session.user.id == "7")
        #expect(session.user.name == "ada")
    }

    @Test func anIDThatCannotNameADirectoryIsADecodingError() async throws {
        transport.enqueue(
            .json(#"{"token": "t", "instance_id": "srv_1", "user": {"id": "../user_1", "name": "x"}}"#, status: 201))

        await #expect {
            try await repository.createSession(userName: UserName(validating: "ada"))
        } throws: { error in
            guard case .decoding(let failure) = error as? APIError else { return false }
            return failure.codingPath == "user.id"
        }
    }

    @Test func anAnswerWithoutAnInstanceOrWithAnUnsafeOneIsADecodingError() async throws {
        transport.enqueue(.json(#"{"token": "t", "user": {"id": "user_1", "name": "x"}}"#, status: 201))
        transport.enqueue(
            .json(#"{"token": "t", "instance_id": "../srv", "user": {"id": "user_1", "name": "x"}}"#, status: 201))

        for path in ["instance_id", "user.id"] {
            await #expect {
                try await repository.createSession(userName: UserName(validating: "ada"))
            } throws: { error in
                guard case .decoding(let failure) = error as? APIError else { return false }
                return failure.codingPath == path
            }
        }
    }

    @Test func anEarlierSessionIsRevokedWithItsOwnToken() async throws {
        transport.enqueue(.noContent)

        try await repository.revokeSession(token: Secret(utf8: "tok-old"))

        let request = try #require(transport.requests.first)
        #expect(request.summary == "DELETE /v1/session")
        #expect(request.header("Authorization") == "Bearer tok-old")
    }

    @Test func aRefusedNameIsTheServersError() async throws {
        transport.enqueue(.apiError(status: 422, code: "validation_failed", message: "user_name must be 1 to 64"))

        await #expect {
            try await repository.createSession(userName: UserName(validating: "ada"))
        } throws: { error in
            (error as? APIError)?.status == 422
        }
        #expect(transport.requests.count == 1)
    }

    @Test func signOutDeletesTheSessionWithTheBearerToken() async throws {
        transport.enqueue(.noContent)

        try await repository.revokeSession()

        let request = try #require(transport.requests.first)
        #expect(request.summary == "DELETE /v1/session")
        #expect(request.header("Authorization") == "Bearer tok-current")
    }

    @Test func signOutIsTriedOnceEvenWhenTheClientWouldRetry() async throws {
        transport.enqueue(.failure(.cannotConnectToHost))

        await #expect(throws: APIError.transport(.cannotConnectToHost)) { try await repository.revokeSession() }
        #expect(transport.requests.count == 1)
    }
}
