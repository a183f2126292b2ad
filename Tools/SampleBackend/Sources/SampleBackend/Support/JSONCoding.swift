import Foundation

/// The server's JSON encoder and decoder settings.
///
/// Keys are written as the contract spells them (each response type names its snake_case keys), sorted, and `/` is
/// not escaped (Foundation on Linux writes `\/` otherwise), so equal values give equal bytes: an idempotent replay
/// returns the stored bytes, and tests compare bodies.
enum JSONCoding {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func decoder() -> JSONDecoder {
        JSONDecoder()
    }
}
