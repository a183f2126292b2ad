// The images benchmark: one run prints, each against a reference measured in the same run,
//   1. downloads for 10 concurrent waiters of one URL (must be 1),
//   2. scaled decode (to fit 160x160) versus full decode of the same 1600x1200 JPEG: time and peak working bytes,
//   3. memory-cache bytes after loading 200 images with a 16 MB limit (must be at most the limit),
//   4. disk-cache size after its cap is hit (must be at most the cap).
// `--json` prints one JSON object instead of the table. Exits 1 when a "must" does not hold.
import Foundation
import Images
import Networking
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Serves one encoded picture for every path after `delay`, counting requests.
final class PictureServer: HTTPTransport {
    let body: Data
    let delay: Duration
    private let count = LockedCounter()

    init(body: Data, delay: Duration) {
        self.body = body
        self.delay = delay
    }

    var requests: Int { count.value }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        count.increment()
        try await Task.sleep(for: delay)
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["ETag": "\"\(url.path.hashValue)\""])
        else { throw URLError(.badURL) }
        return (body, response)
    }
}

final class LockedCounter: Sendable {
    private let lock = Locked(0)
    var value: Int { lock.withLock { $0 } }
    func increment() { lock.withLock { $0 += 1 } }
}

func progress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let json = CommandLine.arguments.contains("--json")
let base = URL(string: "http://127.0.0.1:1/")!
var failures: [String] = []

// A 1600x1200 picture with detail everywhere (gradients and a grid), as the sample backend's products are.
var pixels = [UInt8](repeating: 255, count: 1600 * 1200 * 4)
for y in 0..<1200 {
    for x in 0..<1600 {
        let index = (y * 1600 + x) * 4
        pixels[index] = UInt8(x * 255 / 1599)
        pixels[index + 1] = UInt8(y * 255 / 1199)
        pixels[index + 2] = (x / 40 + y / 40) % 2 == 0 ? 200 : 40
    }
}
guard let picture = DecodedImage(size: PixelSize(width: 1600, height: 1200), pixels: pixels) else {
    progress("error: cannot build the benchmark picture")
    exit(1)
}
let jpeg = try ImageEncoder(jpegQuality: 85).encode(picture, as: .jpeg)
progress("images benchmark: 1600x1200 JPEG of \(jpeg.count) bytes")

// 1. Coalescing.
progress("[1/4] 10 concurrent waiters of one URL")
let server = PictureServer(body: jpeg, delay: .milliseconds(50))
let loader = ImageLoader(
    baseURL: base, transport: server, memoryCache: MemoryImageCache(costLimit: 16 << 20), diskCache: nil,
    decoder: ImageDecoder(), maximumConcurrentDownloads: 4)
try await withThrowingTaskGroup(of: Void.self) { group in
    for _ in 0..<10 {
        group.addTask {
            _ = try await loader.load(
                base.appendingPathComponent("v1/images/products/one.jpg"), fitting: PixelSize(width: 160, height: 160))
        }
    }
    try await group.waitForAll()
}
let downloadsForTen = server.requests
if downloadsForTen != 1 { failures.append("10 waiters caused \(downloadsForTen) downloads, not 1") }

// 2. Scaled versus full decode.
progress("[2/4] scaled versus full decode, 15 rounds each")
let decoder = ImageDecoder()
let clock = ContinuousClock()
var scaledTimes: [Double] = []
var fullTimes: [Double] = []
var scaledPeak = 0
var fullPeak = 0
for _ in 0..<15 {
    let start = clock.now
    let scaled = try decoder.decodeNow(jpeg, fitting: PixelSize(width: 160, height: 160)).get()
    scaledTimes.append(milliseconds(clock.now - start))
    scaledPeak = scaled.report.peakWorkingBytes
    let fullStart = clock.now
    let full = try decoder.decodeNow(jpeg, fitting: PixelSize(width: 1600, height: 1200)).get()
    fullTimes.append(milliseconds(clock.now - fullStart))
    fullPeak = full.report.peakWorkingBytes
}

// 3. Memory cache under a 16 MB limit.
progress("[3/4] 200 images through a 16 MB memory cache")
let memoryLimit = 16 << 20
let memory = MemoryImageCache(costLimit: memoryLimit)
let fastServer = PictureServer(body: jpeg, delay: .zero)
let memoryLoader = ImageLoader(
    baseURL: base, transport: fastServer, memoryCache: memory, diskCache: nil, decoder: decoder,
    maximumConcurrentDownloads: 4)
for index in 0..<200 {
    _ = try await memoryLoader.load(
        base.appendingPathComponent("v1/images/products/\(index).jpg"), fitting: PixelSize(width: 400, height: 300))
}
let memoryBytes = memory.totalCost
if memoryBytes > memoryLimit { failures.append("memory cache holds \(memoryBytes) bytes, above \(memoryLimit)") }

// 4. Disk cache past its cap.
progress("[4/4] disk cache past a 4 MB cap")
let diskCap = 4 << 20
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("images-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: directory) }
let disk = DiskImageCache(directory: directory, capacity: diskCap) { Date() }
let diskLoader = ImageLoader(
    baseURL: base, transport: fastServer, memoryCache: MemoryImageCache(costLimit: 0), diskCache: disk,
    decoder: decoder, maximumConcurrentDownloads: 4)
let diskImages = diskCap / jpeg.count * 3
for index in 0..<diskImages {
    _ = try await diskLoader.load(
        base.appendingPathComponent("v1/images/products/d\(index).jpg"), fitting: PixelSize(width: 80, height: 60))
}
let diskBytes = disk.totalBytes()
if diskBytes > diskCap { failures.append("disk cache holds \(diskBytes) bytes, above \(diskCap)") }

let scaledMedian = median(scaledTimes)
let fullMedian = median(fullTimes)
if json {
    let object: [String: Any] = [
        "jpeg_bytes": jpeg.count,
        "downloads_for_10_waiters": downloadsForTen,
        "scaled_decode_ms": scaledMedian, "full_decode_ms": fullMedian, "decode_time_ratio": fullMedian / scaledMedian,
        "scaled_peak_bytes": scaledPeak, "full_peak_bytes": fullPeak,
        "peak_bytes_ratio": Double(fullPeak) / Double(max(scaledPeak, 1)),
        "memory_cache_bytes": memoryBytes, "memory_cache_limit": memoryLimit, "memory_cache_images": memory.count,
        "disk_cache_bytes": diskBytes, "disk_cache_cap": diskCap, "disk_images_loaded": diskImages,
        "failures": failures,
    ]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} else {
    print("images benchmark (1600x1200 JPEG, \(jpeg.count) bytes)")
    print("  downloads for 10 concurrent waiters of one URL: \(downloadsForTen) (must be 1)")
    print(
        String(
            format: "  decode to fit 160x160: %.2f ms, %d peak bytes; full 1600x1200: %.2f ms, %d peak bytes",
            scaledMedian, scaledPeak, fullMedian, fullPeak))
    print(
        String(
            format: "    full / scaled: %.1fx the time, %.1fx the bytes", fullMedian / scaledMedian,
            Double(fullPeak) / Double(max(scaledPeak, 1))))
    print(
        "  memory cache after 200 images (400x300): \(memoryBytes) bytes in \(memory.count) images, limit \(memoryLimit)"
    )
    print("  disk cache after \(diskImages) downloads: \(diskBytes) bytes, cap \(diskCap)")
    if !failures.isEmpty { print("FAILED: " + failures.joined(separator: "; ")) }
}
exit(failures.isEmpty ? 0 : 1)
