import Foundation

/// The start of a non-API error body as short readable text, for `APIError.unexpectedBody`: decoded as UTF-8
/// (invalid bytes replaced), markup tags removed when it looks like HTML, runs of whitespace collapsed to one space,
/// and cut to `limit` characters with `…` appended when longer.
enum ResponseExcerpt {
    /// The excerpt of `data`; `contentType` is the response's `Content-Type`, if any.
    static func make(_ data: Data, contentType: String?, limit: Int = 200) -> String {
        // Reading a bounded prefix keeps a multi-megabyte error page cheap; markup shrinks a lot.
        let text = String(decoding: data.prefix(limit * 32), as: UTF8.self)
        let isHTML =
            contentType?.lowercased().contains("html") == true
            || text.drop(while: \.isWhitespace).first == "<"
        var result = ""
        var insideTag = false
        var pendingSpace = false
        var count = 0
        for character in text {
            if isHTML {
                if insideTag {
                    insideTag = character != ">"
                    if !insideTag { pendingSpace = true }
                    continue
                }
                if character == "<" {
                    insideTag = true
                    continue
                }
            }
            if character.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace, count > 0 {
                result.append(" ")
                count += 1
            }
            pendingSpace = false
            result.append(character)
            count += 1
            if count > limit {
                return String(result.prefix(limit)) + "…"
            }
        }
        return result
    }
}
