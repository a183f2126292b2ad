/// The NUL-terminated message the C codecs wrote into `buffer`, as a string (empty when none).
func codecMessage(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
