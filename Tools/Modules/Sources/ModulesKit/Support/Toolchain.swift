import Foundation

/// The Swift toolchain `modules` works with: the directory holding `swift`, `swiftc` and the matching `llvm-cov`.
///
/// `llvm-cov` is always taken from here, never looked up on `PATH`: Debian's `/usr/bin/llvm-cov` may come first
/// there and cannot read the profiles this toolchain writes ("unsupported instrumentation profile format
/// version").
public struct Toolchain: Sendable, Equatable {
    /// The toolchain's `bin` directory (`/opt/swift/usr/bin`), or `nil` when it could not be found.
    public var binDirectory: URL?

    /// Creates a toolchain rooted at `binDirectory`.
    public init(binDirectory: URL?) {
        self.binDirectory = binDirectory?.standardizedFileURL
    }

    /// Finds the toolchain of `swiftExecutable`: its own directory when it is a path, else the first directory of
    /// `searchPath` (a `PATH` value) that holds it, with symbolic links resolved (`/usr/bin/swift` →
    /// `/opt/swift/usr/bin/swift`).
    public static func locate(swiftExecutable: String, searchPath: String) -> Toolchain {
        let manager = FileManager()
        let candidates: [URL] =
            swiftExecutable.contains("/")
            ? [URL(fileURLWithPath: swiftExecutable)]
            : searchPath.split(separator: ":").map {
                URL(fileURLWithPath: String($0), isDirectory: true).appendingPathComponent(swiftExecutable)
            }
        for candidate in candidates where manager.isExecutableFile(atPath: candidate.path) {
            return Toolchain(binDirectory: candidate.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        return Toolchain(binDirectory: nil)
    }

    /// The toolchain's program `name` (`swiftc`, `llvm-cov`), or `nil` when the toolchain was not found.
    public func tool(_ name: String) -> String? {
        binDirectory.map { $0.appendingPathComponent(name).path }
    }

    /// What identifies this toolchain installation without starting it: the `bin` directory and the size and
    /// modification time of `swift-frontend` (the compiler) and `swift-package` (SwiftPM, which reads manifests).
    /// A new or rebuilt toolchain changes it; an unknown toolchain gives `"unknown"` (records stay valid only for
    /// as long as the toolchain cannot be found either).
    public func fingerprint() -> String {
        guard let bin = binDirectory else { return "unknown" }
        var parts = [bin.path]
        for name in ["swift-frontend", "swift-package"] {
            let path = bin.appendingPathComponent(name).resolvingSymlinksInPath().path
            guard let attributes = try? FileManager().attributesOfItem(atPath: path) else {
                parts.append("\(name):missing")
                continue
            }
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            parts.append("\(name):\(size):\(Int64(modified * 1000))")
        }
        return parts.joined(separator: " ")
    }

    /// The Swift compiler driver: the toolchain's `swiftc`, or `swiftc` looked up on `PATH`.
    public var swiftc: String { tool("swiftc") ?? "swiftc" }

    /// The modules the toolchain provides on this platform: the fixed list below plus every `.swiftmodule` in
    /// the toolchain's `lib/swift/<os>` directory. Any module whose name starts with `_` counts too (see
    /// ``isToolchainModule(_:)``).
    public func modules() -> Set<String> {
        var names = Self.knownModules
        guard let bin = binDirectory else { return names }
        let library = bin.deletingLastPathComponent().appendingPathComponent("lib/swift", isDirectory: true)
        for platform in ["linux", "macosx", "windows"] {
            let directory = library.appendingPathComponent(platform, isDirectory: true)
            for name in (try? FileManager().contentsOfDirectory(atPath: directory.path)) ?? []
            where name.hasSuffix(".swiftmodule") {
                names.insert(String(name.dropLast(".swiftmodule".count)))
            }
        }
        return names
    }

    /// True for a module of the toolchain or the platform: one of `modules` or a name starting with `_`.
    public static func isToolchainModule(_ name: String, in modules: Set<String>) -> Bool {
        name.hasPrefix("_") || modules.contains(name)
    }

    /// Modules every toolchain or platform SDK provides: ``coreModules`` and every set of ``platformModules``.
    public static var knownModules: Set<String> {
        platformModules.values.reduce(into: coreModules) { $0.formUnion($1) }
    }

    /// The system modules of each platform's SDK that a package may import under `#if os(…)` or `canImport`,
    /// by platform (Apple's: the frameworks of the iOS 26 and macOS 26 SDKs with a Swift or Clang module; SwiftUI,
    /// Combine, UIKit, AppKit, CoreData and the rest are Apple-only). None of them is on this Linux machine, so an
    /// import of one is never a finding, unless a repository target has the name (then it is that target).
    public static let platformModules: [String: Set<String>] = [
        "Apple platforms": [
            "Accelerate", "Accessibility", "ActivityKit", "AdServices", "AdSupport", "AppIntents", "AppKit",
            "AppTrackingTransparency", "ARKit", "AssetsLibrary", "AudioToolbox", "AuthenticationServices",
            "AVFAudio", "AVFoundation", "AVKit", "BackgroundTasks", "CallKit", "CarPlay", "Charts", "CloudKit",
            "Cocoa", "Combine", "CommonCrypto", "Compression", "Contacts", "ContactsUI", "CoreAudio", "CoreBluetooth",
            "CoreData", "CoreGraphics", "CoreHaptics", "CoreImage", "CoreLocation", "CoreLocationUI", "CoreML",
            "CoreMedia", "CoreMIDI", "CoreMotion", "CoreNFC", "CoreServices", "CoreSpotlight", "CoreTelephony",
            "CoreText", "CoreTransferable", "CoreVideo", "CoreWLAN", "CreateML", "CryptoKit", "DeviceCheck",
            "EventKit", "EventKitUI", "ExtensionKit", "FileProvider", "GameController", "GameKit", "GameplayKit",
            "GLKit", "GroupActivities", "HealthKit", "HomeKit", "ImageIO", "Intents", "IntentsUI", "IOKit",
            "JavaScriptCore", "LinkPresentation", "LocalAuthentication", "MachO", "MapKit", "MediaPlayer",
            "MessageUI", "Messages", "Metal", "MetalKit", "MetalPerformanceShaders", "MobileCoreServices",
            "ModelIO", "MultipeerConnectivity", "NaturalLanguage", "Network", "NetworkExtension",
            "NotificationCenter", "ObjectiveC", "OSLog", "PassKit", "PDFKit", "PencilKit", "Photos", "PhotosUI",
            "PushKit", "QuartzCore", "QuickLook", "QuickLookThumbnailing", "RealityKit", "ReplayKit", "SafariServices",
            "SceneKit", "ScreenCaptureKit", "Security", "SharedWithYou", "ShazamKit", "Social", "Speech", "SpriteKit",
            "StoreKit", "SwiftData", "SwiftUI", "SystemConfiguration", "TipKit", "UIKit", "UniformTypeIdentifiers",
            "UserNotifications", "UserNotificationsUI", "Vision", "VisionKit", "WatchConnectivity", "WatchKit",
            "WebKit", "WidgetKit", "XPC", "libkern", "os_log", "SQLite3", "zlib", "libxml2", "simd", "Darwin.C",
            // The rest of the iOS 26 / macOS 26 SDKs' frameworks with a Swift or Clang module.
            "AccessorySetupKit", "AddressBook", "AppleArchive", "AssetsLibrary", "AudioUnit",
            "AutomaticAssessmentConfiguration",
            "AVRouting", "BackgroundAssets", "BrowserEngineKit", "BusinessChat", "Carbon", "CFNetwork", "Cinematic",
            "ClassKit", "ClockKit", "Collaboration", "ColorSync", "CoreAudioKit", "CoreAudioTypes", "CoreMediaIO",
            "CryptoTokenKit", "DataDetection", "DeveloperToolsSupport", "DeviceActivity", "DeviceDiscoveryExtension",
            "DiskArbitration", "DockKit", "DriverKit", "EndpointSecurity", "EnergyKit", "ExceptionHandling",
            "ExposureNotification", "ExtensionFoundation", "FamilyControls", "FinderSync", "FoundationModels",
            "GameSave", "Hypervisor", "IdentityLookup", "IdentityLookupUI", "ImageCaptureCore", "ImagePlayground",
            "InputMethodKit", "IOBluetooth", "IOSurface", "IOUSBHost", "JournalingSuggestions", "Kernel",
            "LightweightCodeRequirements", "LiveCommunicationKit", "LockedCameraCapture", "ManagedAppDistribution",
            "ManagedSettings", "ManagedSettingsUI", "Matter", "MatterSupport", "MediaAccessibility", "MediaToolbox",
            "MetalFX", "MetricKit", "MLCompute", "MusicKit", "NearbyInteraction", "OpenAL", "OpenGL", "OpenGLES",
            "ParavirtualizedGraphics", "PDFKit", "PHASE", "PhotosUI", "ProximityReader", "Quartz", "RealityFoundation",
            "RoomPlan", "SafetyKit", "ScreenSaver", "ScreenTime", "ScriptingBridge", "SensitiveContentAnalysis",
            "SensorKit", "ServiceManagement", "SharedWithYouCore", "SoundAnalysis", "Spatial", "SwiftUICore",
            "Symbols", "SystemExtensions", "TabletopKit", "ThreadNetwork", "Translation", "TVMLKit", "TVServices",
            "TVUIKit", "VideoSubscriberAccount", "VideoToolbox", "Virtualization", "VisionKit", "vmnet", "WeatherKit",
            "WorkoutKit", "dnssd", "Accelerate.vecLib", "CoreAudio", "Foundation",
            // Frameworks packages import that the lists above missed: test support (StoreKitTest, XCUIAutomation),
            // macOS's umbrella and system frameworks, and the iOS 26 / macOS 26 additions.
            "Accounts", "AddressBookUI", "AlarmKit", "AppClip", "ApplicationServices", "Automator",
            "CompositorServices", "CreateMLComponents", "DeclaredAgeRange", "ExternalAccessory", "FileProviderUI",
            "HealthKitUI", "IOBluetoothUI", "iTunesLibrary", "LocalAuthenticationEmbeddedUI",
            "MetalPerformanceShadersGraph", "OpenDirectory", "OSAKit", "PermissionKit", "Playgrounds",
            "PreferencePanes", "QuickLookUI", "RelevanceKit", "SecurityFoundation", "SecurityInterface",
            "StoreKitTest", "System", "TabularData", "WiFiAware", "XCUIAutomation",
        ],
        "Android": ["Android", "AndroidLogging", "Bionic"],
        "Windows": ["WinSDK", "ucrt", "CRT", "WinUI"],
        "WASI": ["WASILibc", "wasi_pthread"],
        "Linux": ["Glibc", "SwiftGlibc", "Musl"],
    ]

    /// The toolchain's own modules on every platform (the design brief's list, the standard library's own, the C
    /// library overlays).
    static let coreModules: Set<String> = [
        "Swift", "SwiftOnoneSupport", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking", "FoundationXML", "CoreFoundation", "Dispatch", "Glibc", "SwiftGlibc", "Musl",
        "Darwin", "Android", "Bionic", "WASILibc", "WinSDK", "ucrt", "CRT", "os", "Observation", "Synchronization",
        "Testing", "XCTest", "RegexBuilder", "Distributed", "Cxx", "CxxStdlib", "Runtime", "PackageDescription",
        "PackagePlugin",
    ]
}
