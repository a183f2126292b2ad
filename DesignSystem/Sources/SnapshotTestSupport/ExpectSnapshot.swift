import Foundation
import TerminalUI
import Testing

/// Checks a screen's rendering against its snapshot file `<name>.<layout>.snap` (such as `Cart.loaded.80x24.none.snap`)
/// in the `Snapshots` folder beside the calling test file, recording an issue when it is missing, differs, or the
/// lines do not fit the layout's size. With `RECORD_SNAPSHOTS=1` a missing or differing file is written instead,
/// and the test records an issue naming it, so a recording run that changed something never passes.
///
/// The lines are the caller's rendering at `layout.size`: relative times and other clock-dependent text in them
/// must come from a clock the view was given (Core/TestSupport's `ManualClock`, a fixed date), not the system's.
///
/// - Parameters:
///   - lines: The screen, top to bottom, as the view rendered it at `layout.size`.
///   - name: The screen and its state, such as `"Cart.loaded"`: part of the file name, so no `/`.
///   - layout: The size and colour mode (`SnapshotLayout.everyScreen` lists the four every screen is recorded at).
///   - filePath: The test file; its `Snapshots` folder holds the snapshot.
///   - sourceLocation: Where a failure is reported.
public func expectSnapshot(
    of lines: [StyledLine], named name: String, layout: SnapshotLayout, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let snapshot = ScreenSnapshot(name: name, lines: lines, layout: layout)
    for problem in snapshot.problems {
        Issue.record("\(name) at \(layout): \(problem)", sourceLocation: sourceLocation)
    }
    expectSnapshot(
        snapshot.fileContents, fileName: "\(name).\(layout).snap", filePath: filePath, sourceLocation: sourceLocation)
}

/// Checks text (a rendering in a form of the caller's own: ANSI output, several frames one after the other)
/// against the snapshot file `fileName` in the `Snapshots` folder beside the calling test file, byte for byte,
/// with the same recording and failure rules as `expectSnapshot(of:named:layout:filePath:sourceLocation:)`.
public func expectSnapshot(
    _ contents: String, fileName: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let store = SnapshotStore(filePath: filePath, environment: ProcessInfo.processInfo.environment)
    do {
        if let message = try store.check(contents, fileName: fileName).message {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("snapshot \(fileName) in \(store.directory.path): \(error)", sourceLocation: sourceLocation)
    }
}
