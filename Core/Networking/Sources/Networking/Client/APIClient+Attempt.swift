import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Sends one attempt of `endpoint` and returns the decoded answer.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled; otherwise an `APIError`.
    func perform<Response>(
        _ endpoint: Endpoint<Response>,
        request baseRequest: URLRequest,
        context: AttemptContext
    ) async throws -> Response {
        var request = baseRequest
        let requestID = context.requestID
        var metadata: Logger.Metadata = [
            "http.method": "\(endpoint.method)",
            "http.path": "\(endpoint.path)",
            "http.attempt": "\(context.number)",
            "http.request_id": "\(requestID)",
        ]
        try HeaderValidation.check(name: ClientHeader.requestID, value: requestID)
        request.setValue(requestID, forHTTPHeaderField: ClientHeader.requestID)
        let token: String?
        do {
            token = try await attachToken(to: &request, authentication: endpoint.authentication)
        } catch {
            logger.debug("\(endpoint.method) \(endpoint.path) not sent: \(error.logSummary)", metadata: metadata)
            throw error
        }
        try Task.checkCancellation()

        let started = timer.now()
        let outgoingURL = request.url
        let data: Data
        let response: HTTPURLResponse
        do {
            let transport = self.transport
            let outgoing = request
            (data, response) = try await timer.race(until: context.deadline) {
                try await transport.send(outgoing)
            }
        } catch {
            let mapped = Self.mapTransportError(error, url: outgoingURL)
            metadata["http.duration_ms"] = "\(Self.milliseconds(timer.now() - started))"
            logger.debug(
                "\(endpoint.method) \(endpoint.path) failed: \((mapped as? APIError)?.logSummary ?? "cancelled")",
                metadata: metadata
            )
            throw mapped
        }
        metadata["http.status"] = "\(response.statusCode)"
        let echoedID = response.value(forHTTPHeaderField: ClientHeader.requestID).flatMap { $0.isEmpty ? nil : $0 }
        if let echoedID, echoedID != requestID {
            metadata["http.server_request_id"] = "\(echoedID)"
        }
        metadata["http.duration_ms"] = "\(Self.milliseconds(timer.now() - started))"
        logger.debug("\(endpoint.method) \(endpoint.path) \(response.statusCode)", metadata: metadata)

        switch response.statusCode {
        case 200..<300:
            return try decode(Response.self, from: data, status: response.statusCode, metadata: metadata)
        case 401:
            if let token, let tokenProvider {
                await tokenProvider.invalidateToken(token)
            }
            throw APIError.unauthorized
        default:
            throw failure(data: data, response: response, requestID: echoedID)
        }
    }

    /// Sets `Authorization: Bearer <token>` as `authentication` asks and returns the token sent, if any.
    ///
    /// - Throws: `APIError.unauthorized` when a token is required and there is none; `APIError.invalidRequest`
    ///   when the token cannot be a header value.
    private func attachToken(
        to request: inout URLRequest,
        authentication: Authentication
    ) async throws(APIError) -> String? {
        let token: String
        switch authentication {
        case .none:
            return nil
        case .bearer(let explicit):
            // Not returned: a 401 for a token the provider does not hold must not end the provider's session.
            try setBearer(explicit, on: &request)
            return nil
        case .optional, .required:
            guard let provided = await tokenProvider?.accessToken(), !provided.isEmpty else {
                if authentication == .required {
                    throw .unauthorized
                }
                return nil
            }
            token = provided
        }
        try setBearer(token, on: &request)
        return token
    }

    /// Sets `Authorization: Bearer <token>`.
    ///
    /// - Throws: `APIError.unauthorized` for an empty token; `APIError.invalidRequest` when it cannot be a header
    ///   value.
    private func setBearer(_ token: String, on request: inout URLRequest) throws(APIError) {
        guard !token.isEmpty else { throw .unauthorized }
        guard !token.utf8.contains(where: { $0 < 0x21 || $0 > 0x7E }) else {
            throw .invalidRequest(reason: "the access token contains characters a header value cannot hold")
        }
        request.setValue("Bearer \(token)", forHTTPHeaderField: ClientHeader.authorization)
    }

    /// Decodes a 2xx body; `EmptyResponse` is returned without looking at the body.
    private func decode<Response: Decodable>(
        _ type: Response.Type,
        from data: Data,
        status: Int,
        metadata: Logger.Metadata
    ) throws(APIError) -> Response {
        if let empty = EmptyResponse() as? Response {
            return empty
        }
        let failure: DecodingFailure
        if data.isEmpty {
            failure = DecodingFailure(
                type: String(describing: type), codingPath: "", reason: "the \(status) answer has an empty body")
        } else {
            do {
                return try decoder.decode(type, from: data)
            } catch {
                failure = DecodingFailure(error, decoding: type)
            }
        }
        logger.warning("\(failure)", metadata: metadata)
        throw .decoding(failure)
    }

    /// The error for a non-2xx answer other than 401: the API's error body when it has one (with `requestID`, the
    /// id the server echoed in `X-Request-ID`, when it echoed one), else an excerpt.
    private func failure(data: Data, response: HTTPURLResponse, requestID: String?) -> APIError {
        let requestedWait = RetryAfter.delay(
            header: response.value(forHTTPHeaderField: "Retry-After"),
            responseDate: response.value(forHTTPHeaderField: "Date"),
            now: currentDate()
        )
        if var body = try? errorDecoder.decode(APIErrorEnvelope.self, from: data).error {
            body.requestID = body.requestID ?? requestID
            return .http(
                status: response.statusCode,
                body: body,
                retryAfter: requestedWait ?? body.retryAfter
            )
        }
        return .unexpectedBody(
            status: response.statusCode,
            excerpt: ResponseExcerpt.make(data, contentType: response.value(forHTTPHeaderField: "Content-Type")),
            retryAfter: requestedWait
        )
    }

    /// What a transport failure means for the caller: `CancellationError` when the calling task was cancelled (a transport
    /// may report that as `URLError(.cancelled)`), `timeout` for the deadline or `URLError(.timedOut)`; `interrupted`
    /// (naming the server of `url`, or of the error's failing URL) for a dropped connection, a body cut short
    /// (libcurl's `CURLE_PARTIAL_FILE`, carried in the error's user info), a TLS failure and a body over the
    /// transport's cap; the other `URLError` codes as `transport`.
    static func mapTransportError(_ error: any Error, url: URL?) -> any Error {
        if Task.isCancelled {
            return CancellationError()
        }
        switch error {
        case is ClockTimer.DeadlineExceeded:
            return APIError.timeout
        case let urlError as URLError where urlError.code == .cancelled:
            return APIError.cancelled
        case let urlError as URLError where urlError.code == .timedOut:
            return APIError.timeout
        case let urlError as URLError:
            let server = TransferInterruption.server(of: urlError.failingURL ?? url)
            if let kind = interruptionKind(of: urlError) {
                return APIError.interrupted(TransferInterruption(kind: kind, server: server))
            }
            return APIError.transport(urlError.code)
        case let tooLarge as ResponseBodyTooLarge:
            return APIError.interrupted(
                TransferInterruption(
                    kind: .responseTooLarge, server: TransferInterruption.server(of: tooLarge.url),
                    limit: tooLarge.limit))
        case is CancellationError:
            return APIError.cancelled
        case let apiError as APIError:
            return apiError
        default:
            return APIError.transport(.unknown)
        }
    }

    /// The interruption a `URLError` stands for, or nil for the other failures (no connection at all, a bad URL).
    static func interruptionKind(of error: URLError) -> TransferInterruption.Kind? {
        if CurlFailure.resultCode(of: error) == CurlFailure.partialFile { return .truncatedResponse }
        switch error.code {
        case .networkConnectionLost:
            return .connectionDropped
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            return .tls
        default:
            return nil
        }
    }

    /// `duration` in milliseconds with up to three decimals, such as `"512.25"`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let whole = microseconds / 1000
        let fraction = abs(microseconds % 1000)
        guard fraction > 0 else { return "\(whole)" }
        var decimals = String(fraction)
        decimals = String(repeating: "0", count: 3 - decimals.count) + decimals
        while decimals.hasSuffix("0") {
            decimals.removeLast()
        }
        return "\(whole).\(decimals)"
    }
}
