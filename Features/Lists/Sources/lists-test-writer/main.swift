// A second process for the Lists tests (advisory locks exclude other processes, so concurrency between writers is
// only real across processes): adds COUNT items to the list at LIST_DIR as device DEVICE_ID, one locked update per
// item, and prints `saved <item id>` after each update returns.
import Foundation
import Lists

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]), count >= 0, let device = DeviceID(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: lists-test-writer LIST_DIR COUNT DEVICE_ID\n".utf8))
    exit(2)
}
let package = ListPackage(directory: URL(fileURLWithPath: arguments[1], isDirectory: true))
do {
    for index in 0..<count {
        let item = try package.update { document in
            try document.addItem(
                productID: "product-\(device)-\(index)", note: "from \(device)",
                stamp: ChangeStamp(date: Date(), device: device))
        }
        FileHandle.standardOutput.write(Data("saved \(item.id)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("lists-test-writer: \(error)\n".utf8))
    exit(1)
}
