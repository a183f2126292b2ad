/// The command front end: runs one command against the graph, with the same features, repositories and view-model
/// values as the full-screen front end, and prints text or JSON.
@MainActor
struct CommandRunner {
    /// The graph, the arguments and the outputs.
    let context: CommandContext

    /// Runs `command` (its operands and options were checked already) and returns the exit code.
    func run(_ command: CommandCatalog.Command) async -> ExitCode {
        do {
            switch command.name {
            case "feed": return try await feed()
            case "post": return await post()
            case "like": return await like()
            case "search": return try await search()
            case "product": return await product()
            case "cart add": return try await addToCart()
            case "cart remove": return await removeFromCart()
            case "cart list": return await listCart()
            case "checkout": return try await checkout()
            case "orders list": return await listOrders()
            case "orders show": return await showOrder()
            case "login": return await login()
            case "logout": return await logout()
            case "whoami": return whoami()
            case "open": return try await open()
            case "flags": return await flags()
            default: return context.usage("unknown command '\(command.name)'")
            }
        } catch {
            return context.usage(error.message)
        }
    }
}
