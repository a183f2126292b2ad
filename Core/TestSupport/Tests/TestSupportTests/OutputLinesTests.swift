import Foundation
import TestSupport
import Testing

@Suite("Output lines of a child process")
struct OutputLinesTests {
    @Test func linesArriveInOrderAndAHalfWrittenLastLineIsDropped() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf 'first\\nsecond line\\n\\nhalf'"]
        let output = Pipe()
        process.standardOutput = output
        let lines = outputLines(of: output.fileHandleForReading)
        try process.run()
        var received: [String] = []
        for await line in lines { received.append(line) }  // ends when sh exits and closes the pipe
        #expect(received == ["first", "second line", ""])
    }
}
