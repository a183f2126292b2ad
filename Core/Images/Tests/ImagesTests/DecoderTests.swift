import Foundation
import Images
import Testing

@Suite("Decoding while downsampling")
struct DecoderTests {
    let decoder = ImageDecoder()

    private func expectColour(
        _ image: DecodedImage, x: Int, y: Int, _ expected: (UInt8, UInt8, UInt8), tolerance: Int = 24,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let pixel = image.pixel(x: x, y: y)
        let close =
            abs(Int(pixel.red) - Int(expected.0)) <= tolerance && abs(Int(pixel.green) - Int(expected.1)) <= tolerance
            && abs(Int(pixel.blue) - Int(expected.2)) <= tolerance
        #expect(close, "pixel (\(x), \(y)) is \(pixel), expected \(expected)", sourceLocation: sourceLocation)
    }

    @Test("a 1600x1200 JPEG decodes at libjpeg's 1/8 scale, then the box filter, to fit 160x160")
    func scaledJPEG() throws {
        let source = try #require(TestPictures.quadrants(PixelSize(width: 1600, height: 1200)))
        let jpeg = try ImageEncoder(jpegQuality: 90).encode(source, as: .jpeg)
        let (image, report) = try decoder.decodeNow(jpeg, fitting: PixelSize(width: 160, height: 160)).get()
        #expect(image.size == PixelSize(width: 160, height: 120))
        #expect(image.sourceSize == PixelSize(width: 1600, height: 1200))
        #expect(report.scaleNumerator == 1)
        #expect(report.streamedSize == PixelSize(width: 200, height: 150))
        #expect(report.peakWorkingBytes < 1600 * 1200 * 4 / 20)
        expectColour(image, x: 40, y: 30, (255, 0, 0))
        expectColour(image, x: 120, y: 30, (0, 255, 0))
        expectColour(image, x: 40, y: 90, (0, 0, 255))
        expectColour(image, x: 120, y: 90, (255, 255, 255))
    }

    @Test("the smallest DCT scale still covering the target is chosen: 1600 wide to 500 needs 3/8")
    func scaleChoice() throws {
        let source = try #require(TestPictures.quadrants(PixelSize(width: 1600, height: 1200)))
        let jpeg = try ImageEncoder().encode(source, as: .jpeg)
        let (image, report) = try decoder.decodeNow(jpeg, fitting: PixelSize(width: 500, height: 1000)).get()
        #expect(report.scaleNumerator == 3)
        #expect(image.size == PixelSize(width: 500, height: 375))
        let full = try decoder.decodeNow(jpeg, fitting: PixelSize(width: 1600, height: 1200)).get()
        #expect(full.report.scaleNumerator == 8)
        #expect(full.image.size == PixelSize(width: 1600, height: 1200))
    }

    @Test("a PNG with alpha is reduced row by row and keeps its transparency, without dark fringes")
    func pngWithAlpha() throws {
        let source = try #require(TestPictures.halfTransparent(PixelSize(width: 400, height: 200)))
        let png = try ImageEncoder().encode(source, as: .png)
        #expect(ImageFormat.sniff(png) == .png)
        let image = try decoder.decodeNow(png, fitting: PixelSize(width: 100, height: 100)).get().image
        #expect(image.size == PixelSize(width: 100, height: 50))
        #expect(image.pixel(x: 10, y: 25).alpha == 0)
        let opaque = image.pixel(x: 80, y: 25)
        #expect(opaque.alpha == 255 && opaque.red == 255 && opaque.green == 128 && opaque.blue == 0)
        // The column straddling the edge is half covered: its colour stays orange, only alpha drops.
        let edge = image.pixel(x: 50, y: 25)
        #expect(edge.red == 255 && edge.green == 128)
    }

    @Test("a small picture is never enlarged")
    func neverEnlarged() throws {
        let source = try #require(TestPictures.quadrants(PixelSize(width: 40, height: 20)))
        let png = try ImageEncoder().encode(source, as: .png)
        let image = try decoder.decodeNow(png, fitting: PixelSize(width: 400, height: 400)).get().image
        #expect(image == source)
    }

    @Test("a truncated JPEG is a corrupt-file error, not a picture with grey bands")
    func truncatedJPEG() throws {
        let source = try #require(TestPictures.quadrants(PixelSize(width: 320, height: 240)))
        let jpeg = try ImageEncoder().encode(source, as: .jpeg)
        let result = decoder.decodeNow(jpeg.prefix(jpeg.count / 2), fitting: PixelSize(width: 64, height: 64))
        guard case .failure(.corrupt(.jpeg, let reason)) = result else {
            Issue.record("expected a corrupt JPEG, got \(result)")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test("garbage after a valid signature and a truncated PNG are errors; HTML is an unknown format")
    func corruptInputs() throws {
        var garbage = Data([0xFF, 0xD8, 0xFF, 0xE0])
        garbage.append(Data((0..<500).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
        #expect(throws: ImageDecodingError.self) {
            try decoder.decodeNow(garbage, fitting: PixelSize(width: 8, height: 8)).get()
        }
        let source = try #require(TestPictures.quadrants(PixelSize(width: 64, height: 64)))
        let png = try ImageEncoder().encode(source, as: .png)
        let truncated = decoder.decodeNow(png.prefix(png.count - 30), fitting: PixelSize(width: 8, height: 8))
        guard case .failure(.corrupt(.png, _)) = truncated else {
            Issue.record("expected a corrupt PNG, got \(truncated)")
            return
        }
        let html = decoder.decodeNow(Data("<html>502 Bad Gateway</html>".utf8), fitting: PixelSize(width: 8, height: 8))
        #expect(html.map(\.image) == .failure(.unknownFormat))
        #expect(
            decoder.decodeNow(Data(), fitting: PixelSize(width: 8, height: 8)).map(\.image) == .failure(.unknownFormat))
    }

    @Test("a huge declared size is refused from the header, before pixels are allocated")
    func hugeDeclaredSize() throws {
        let jpeg = try TestPictures.jpegDeclaring(width: 60_000, height: 60_000)
        let jpegResult = decoder.decodeNow(jpeg, fitting: PixelSize(width: 100, height: 100)).map(\.image)
        #expect(
            jpegResult
                == .failure(
                    .tooLarge(declared: PixelSize(width: 60_000, height: 60_000), maximumPixels: decoder.maximumPixels))
        )
        let png = try TestPictures.pngDeclaring(width: 100_000, height: 100_000)
        let pngResult = decoder.decodeNow(png, fitting: PixelSize(width: 100, height: 100)).map(\.image)
        #expect(
            pngResult
                == .failure(
                    .tooLarge(
                        declared: PixelSize(width: 100_000, height: 100_000), maximumPixels: decoder.maximumPixels)))
    }

    @Test("decode runs off the caller's actor and gives the same picture")
    @MainActor
    func offMainActor() async throws {
        let source = try #require(TestPictures.quadrants(PixelSize(width: 64, height: 48)))
        let png = try ImageEncoder().encode(source, as: .png)
        let image = try await decoder.decode(png, fitting: PixelSize(width: 32, height: 32)).get()
        #expect(image.size == PixelSize(width: 32, height: 24))
    }

    @Test(
        "fitting keeps the aspect ratio",
        arguments: [
            (PixelSize(width: 1600, height: 1200), PixelSize(width: 80, height: 80), PixelSize(width: 80, height: 60)),
            (PixelSize(width: 1200, height: 1600), PixelSize(width: 80, height: 80), PixelSize(width: 60, height: 80)),
            (PixelSize(width: 1000, height: 10), PixelSize(width: 10, height: 10), PixelSize(width: 10, height: 1)),
        ])
    func fitting(source: PixelSize, box: PixelSize, expected: PixelSize) {
        #expect(source.fitted(in: box) == expected)
    }
}
