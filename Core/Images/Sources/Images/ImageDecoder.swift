import CImageCodecs
import Foundation

/// What one decode did, for diagnostics and the benchmark.
public struct DecodeReport: Sendable, Equatable {
    /// The size the file declared.
    public let sourceSize: PixelSize
    /// The size the library produced rows at: for JPEG the DCT-scaled size (N/8 of the source), for PNG the source.
    public let streamedSize: PixelSize
    /// The numerator N of libjpeg's scale N/8 (8 means no scaling; always 8 for PNG).
    public let scaleNumerator: Int
    /// Bytes the decode held at its peak: the row buffer, the box filter's accumulators and the output bitmap.
    public let peakWorkingBytes: Int
}

/// Decodes JPEG and PNG bytes straight to a reduced size: JPEG through libjpeg-turbo's scaled DCT decoding
/// (`scale_num`/`scale_denom`, the smallest scale N/8 whose result still covers the target) and then a box filter,
/// PNG by reducing each row as libpng produces it. Only one source row and the output are ever in memory.
///
/// Stateless and `Sendable`; `decode` runs on the global concurrent executor, never on the caller's actor.
public struct ImageDecoder: Sendable {
    /// The largest declared width x height accepted; larger files are refused from their header alone.
    public let maximumPixels: Int

    /// A decoder refusing files that declare more than `maximumPixels` pixels (default 40 megapixels, e.g. 8000 x
    /// 5000: a 160 MB bitmap at full size).
    public init(maximumPixels: Int = 40_000_000) {
        self.maximumPixels = maximumPixels
    }

    /// Decodes `data` into an image that fits inside `box` (aspect ratio kept, never enlarged), off the caller's
    /// actor. Errors are values: unknown format, too large, corrupt, unsupported.
    @concurrent
    public func decode(_ data: Data, fitting box: PixelSize) async -> Result<DecodedImage, ImageDecodingError> {
        decodeNow(data, fitting: box).map(\.image)
    }

    /// The same as `decode(_:fitting:)`, synchronously on the calling thread, with a report of what it did.
    public func decodeNow(_ data: Data, fitting box: PixelSize) -> Result<
        (image: DecodedImage, report: DecodeReport), ImageDecodingError
    > {
        guard let format = ImageFormat.sniff(data) else { return .failure(.unknownFormat) }
        let reducer = RowReducer(box: box, maximumPixels: maximumPixels, scalesDCT: format == .jpeg)
        var message = [CChar](repeating: 0, count: 256)
        let status: Int32 = data.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            let unmanaged = Unmanaged.passRetained(reducer)
            defer { unmanaged.release() }
            var callbacks = image_codecs_decode_callbacks(
                context: unmanaged.toOpaque(),
                header: { context, width, height in
                    guard let context else { return 0 }
                    return Unmanaged<RowReducer>.fromOpaque(context).takeUnretainedValue()
                        .header(width: Int(width), height: Int(height))
                },
                begin: { context, width, height in
                    guard let context else { return 1 }
                    return Unmanaged<RowReducer>.fromOpaque(context).takeUnretainedValue()
                        .begin(width: Int(width), height: Int(height))
                },
                row: { context, rgba, y in
                    guard let context, let rgba else { return }
                    Unmanaged<RowReducer>.fromOpaque(context).takeUnretainedValue().row(rgba, y: Int(y))
                }
            )
            return message.withUnsafeMutableBufferPointer { buffer in
                switch format {
                case .jpeg:
                    image_codecs_decode_jpeg(base, raw.count, &callbacks, buffer.baseAddress, buffer.count)
                case .png:
                    image_codecs_decode_png(base, raw.count, &callbacks, buffer.baseAddress, buffer.count)
                }
            }
        }
        let reason = codecMessage(message)
        switch Int(status) {
        case IMAGE_CODECS_OK:
            guard let result = reducer.finish() else {
                return .failure(.corrupt(format: format, reason: "fewer rows than the header declared"))
            }
            return .success(result)
        case IMAGE_CODECS_REFUSED:
            return .failure(reducer.refusal ?? .corrupt(format: format, reason: "refused"))
        case IMAGE_CODECS_UNSUPPORTED:
            return .failure(.unsupported(format: format, reason: reason))
        case IMAGE_CODECS_NO_MEMORY:
            return .failure(.outOfMemory)
        default:
            return .failure(.corrupt(format: format, reason: reason.isEmpty ? "unreadable" : reason))
        }
    }
}

/// Receives a decoder's rows and reduces them with a box filter into the output bitmap as they arrive.
///
/// Alpha-weighted: colour sums are weighted by each pixel's alpha, so transparent pixels do not darken edges.
/// Lives for one decode on one thread (the C decoder calls it synchronously), so it needs no lock.
final class RowReducer {
    let box: PixelSize
    let maximumPixels: Int
    let scalesDCT: Bool
    private(set) var refusal: ImageDecodingError?
    private var sourceSize = PixelSize(width: 0, height: 0)
    private var streamedSize = PixelSize(width: 0, height: 0)
    private var outputSize = PixelSize(width: 0, height: 0)
    private var scaleNumerator = 8
    private var columnOf: [Int] = []
    private var sums: [UInt64] = []
    private var counts: [UInt32] = []
    private var output: [UInt8] = []
    private var currentRow = -1
    private var rowsSeen = 0

    init(box: PixelSize, maximumPixels: Int, scalesDCT: Bool) {
        self.box = box
        self.maximumPixels = maximumPixels
        self.scalesDCT = scalesDCT
    }

    func header(width: Int, height: Int) -> Int32 {
        sourceSize = PixelSize(width: width, height: height)
        guard width > 0, height > 0 else {
            refusal = .corrupt(format: scalesDCT ? .jpeg : .png, reason: "declared size \(sourceSize)")
            return 0
        }
        guard width.multipliedReportingOverflow(by: height).partialValue <= maximumPixels,
            width <= maximumPixels, height <= maximumPixels
        else {
            refusal = .tooLarge(declared: sourceSize, maximumPixels: maximumPixels)
            return 0
        }
        outputSize = sourceSize.fitted(in: box)
        guard scalesDCT else { return 8 }
        // libjpeg-turbo scales by N/8 and rounds the result up; take the smallest N that still covers the output.
        scaleNumerator =
            (1...8).first { n in
                (width * n + 7) / 8 >= outputSize.width && (height * n + 7) / 8 >= outputSize.height
            } ?? 8
        return Int32(scaleNumerator)
    }

    func begin(width: Int, height: Int) -> Int32 {
        streamedSize = PixelSize(width: width, height: height)
        guard width > 0, height > 0 else { return 1 }
        outputSize = PixelSize(width: min(outputSize.width, width), height: min(outputSize.height, height))
        if streamedSize != outputSize {
            columnOf = (0..<width).map { $0 * outputSize.width / width }
            sums = [UInt64](repeating: 0, count: outputSize.width * 4)
            counts = [UInt32](repeating: 0, count: outputSize.width)
        }
        output = [UInt8](repeating: 0, count: outputSize.pixelCount * 4)
        return 0
    }

    func row(_ rgba: UnsafePointer<UInt8>, y: Int) {
        guard y < streamedSize.height else { return }
        if streamedSize == outputSize {
            // Nothing to reduce: the row is the output row.
            let start = y * outputSize.width * 4
            output.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress?.advanced(by: start).update(from: rgba, count: outputSize.width * 4)
            }
            rowsSeen += 1
            return
        }
        let target = y * outputSize.height / streamedSize.height
        if target != currentRow {
            flush()
            currentRow = target
        }
        rowsSeen += 1
        let width = streamedSize.width
        // Unsafe buffers over the arrays for the inner loop: one exclusivity check per row, not per channel.
        columnOf.withUnsafeBufferPointer { columns in
            sums.withUnsafeMutableBufferPointer { sums in
                counts.withUnsafeMutableBufferPointer { counts in
                    for x in 0..<width {
                        let column = columns[x]
                        let alpha = UInt64(rgba[x &* 4 &+ 3])
                        let base = column &* 4
                        sums[base] &+= UInt64(rgba[x &* 4]) &* alpha
                        sums[base &+ 1] &+= UInt64(rgba[x &* 4 &+ 1]) &* alpha
                        sums[base &+ 2] &+= UInt64(rgba[x &* 4 &+ 2]) &* alpha
                        sums[base &+ 3] &+= alpha
                        counts[column] &+= 1
                    }
                }
            }
        }
    }

    private func flush() {
        guard currentRow >= 0, streamedSize != outputSize else { return }
        let base = currentRow * outputSize.width * 4
        let width = outputSize.width
        output.withUnsafeMutableBufferPointer { output in
            sums.withUnsafeMutableBufferPointer { sums in
                counts.withUnsafeMutableBufferPointer { counts in
                    for column in 0..<width {
                        let alphaSum = sums[column * 4 + 3]
                        let count = UInt64(max(counts[column], 1))
                        if alphaSum > 0 {
                            for channel in 0..<3 {
                                output[base + column * 4 + channel] = UInt8(
                                    (sums[column * 4 + channel] + alphaSum / 2) / alphaSum)
                            }
                        }
                        output[base + column * 4 + 3] = UInt8((alphaSum + count / 2) / count)
                    }
                    sums.update(repeating: 0)
                    counts.update(repeating: 0)
                }
            }
        }
    }

    func finish() -> (image: DecodedImage, report: DecodeReport)? {
        flush()
        guard rowsSeen == streamedSize.height,
            let image = DecodedImage(size: outputSize, pixels: output, sourceSize: sourceSize)
        else { return nil }
        let working = streamedSize.width * 4 + sums.count * 8 + counts.count * 4 + columnOf.count * 8 + output.count
        let report = DecodeReport(
            sourceSize: sourceSize, streamedSize: streamedSize, scaleNumerator: scalesDCT ? scaleNumerator : 8,
            peakWorkingBytes: working)
        return (image, report)
    }
}
