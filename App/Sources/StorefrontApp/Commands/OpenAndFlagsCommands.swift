import Foundation

extension CommandRunner {
    /// `storefront open URL` without a terminal: prints what the link's screen shows, as the matching command
    /// would. (On a terminal the full-screen app opens at the link instead.)
    func open() async throws(UsageError) -> ExitCode {
        let route: Route
        do {
            route = try DeepLink.route(from: context.operands[0])
        } catch {
            return context.fail(error.description)
        }
        if route.requiresSignIn, let refused = context.requireSignIn(to: "open \(route.logDescription)") {
            return refused
        }
        switch route {
        case .feed:
            return try await redirected([]).feed()
        case .post(let id):
            return await redirected([id.rawValue]).post()
        case .product(let id):
            return await redirected([id.rawValue]).product()
        case .search(let query):
            guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
                return context.emit(["The search screen is empty: add ?q=TEXT to the link."], json: [String]())
            }
            return try await redirected([query]).search()
        case .cart:
            return await listCart()
        case .checkout:
            let status = await listCart()
            if status == .success, !context.json {
                context.print(
                    "Check out with '\(StorefrontCommandLine.programName) checkout --help' options, "
                        + "or open the link on a terminal.")
            }
            return status
        case .orders:
            return await listOrders()
        case .order(let id):
            return await redirected([id.rawValue]).showOrder()
        case .account, .signIn:
            return whoami()
        }
    }

    /// `storefront flags`: every flag's value and what decided it, with the server's configuration fetched now
    /// (and cached for the next launch).
    func flags() async -> ExitCode {
        let service = context.dependencies.flagService
        let config = await service.currentConfig()
        let evaluation = service.evaluate(config)
        var lines = evaluation.entries.map { entry in
            "\(entry.name.padding(toLength: 20))\(entry.value ? "on " : "off")  (\(entry.source.rawValue))  "
                + entry.summary
        }
        if config == nil {
            lines.append("The server could not be reached and no configuration is cached: defaults apply.")
        }
        for name in evaluation.unknownOverrides {
            context.warn("--flag \(name): this version has no such flag")
        }
        return context.emit(lines, json: FlagsOutput(flags: evaluation.entries, fetchedAt: config?.fetchedAt))
    }

    // MARK: - Private

    private func redirected(_ operands: [String]) -> CommandRunner {
        CommandRunner(context: context.with(operands: operands))
    }
}

/// What `flags --json` prints.
struct FlagsOutput: Encodable {
    let flags: [FlagEvaluation.Entry]
    let fetchedAt: Date?
}
