import Account

extension CommandRunner {
    /// `storefront login NAME`: signs in; the guest cart joins the account's cart.
    func login() async -> ExitCode {
        let dependencies = context.dependencies
        let user: AccountUser
        do {
            user = try await dependencies.account.signIn(userName: context.operands[0])
        } catch {
            if case .invalidUserName(let problem) = error {
                return context.usage(problem.message)
            }
            return context.fail("could not sign in: \(error.message)")
        }
        let lines = ["Signed in as \(user.name)."] + dependencies.lastCartMerge
        return context.emit(lines, json: dependencies.account.status)
    }

    /// `storefront logout [--force]`: pushes unsent changes, signs out and deletes the account's data on this
    /// device; refuses without `--force` when changes would be lost.
    func logout() async -> ExitCode {
        let outcome = await context.dependencies.account.signOut(force: context.arguments.has("--force"))
        switch outcome {
        case .signedOut, .notSignedIn:
            return context.emit(
                [outcome.message], json: SignOutOutput(signedOut: outcome.didSignOut, message: outcome.message))
        case .confirmationRequired:
            return context.fail(
                outcome.message + " Run '\(StorefrontCommandLine.programName) logout --force' to sign out anyway.")
        case .busy, .cancelled:
            return context.fail(outcome.message)
        }
    }

    /// `storefront whoami`: who is signed in.
    func whoami() -> ExitCode {
        let status = context.dependencies.account.status
        return context.emit([status.message], json: status)
    }
}

/// What `logout --json` prints.
struct SignOutOutput: Encodable {
    let signedOut: Bool
    let message: String
}
