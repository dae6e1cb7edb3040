extension DependencyGraph {
    /// What an Objective-C or C file of an Apple app may import from the SDK besides ``systemModules``: the frameworks of
    /// the iOS, macOS, tvOS, watchOS and visionOS SDKs (`#import <AudioToolbox/AudioToolbox.h>`, `@import Photos;`) and
    /// the folders of the SDK's C headers (`<objc/runtime.h>`, `<sys/utsname.h>`, `<mach-o/dyld.h>`). Never an edge, and
    /// never undecided; a local module of the same name is still the local module.
    public static let appleSDKModules: Set<String> = [
        // Frameworks.
        "Accelerate", "Accessibility", "AccessorySetupKit", "Accounts", "ActivityKit", "AdAttributionKit", "AdServices", "AdSupport",
        "AddressBook", "AddressBookUI", "AGL", "AppClip", "AppIntents", "AppKit", "AppleArchive", "AppTrackingTransparency", "ApplicationServices",
        "AppleScriptKit", "AppleScriptObjC", "ARKit", "AssetsLibrary", "AudioToolbox", "AudioUnit", "AudioVideoBridging",
        "AuthenticationServices", "AutomaticAssessmentConfiguration", "Automator", "AVFAudio", "AVFoundation", "AVKit", "AVRouting",
        "BackgroundAssets", "BackgroundTasks", "BrowserEngineKit", "BusinessChat", "CallKit", "Carbon", "CarPlay", "CFNetwork",
        "Charts", "Cinematic", "CinematicKit", "ClassKit", "ClockKit", "CloudKit", "Cocoa", "Collaboration", "ColorSync", "Combine", "CompositorServices", "Compression", "ContactProvider", "Contacts",
        "ContactsUI", "CoreAudio", "CoreAudioKit", "CoreAudioTypes", "CoreBluetooth", "CoreData", "CoreFoundation", "CoreGraphics",
        "CoreHaptics", "CoreHID", "CoreImage", "CoreLocation", "CoreLocationUI", "CoreMedia", "CoreMediaIO", "CoreMIDI", "CoreML", "CoreMotion",
        "CoreNFC", "CoreServices", "CoreSpotlight", "CoreTelephony", "CoreText", "CoreTransferable", "CoreVideo", "CoreWLAN",
        "CreateML", "CreateMLComponents", "CryptoKit", "CryptoTokenKit", "DataDetection", "DeveloperToolsSupport", "DeviceActivity", "DeviceCheck",
        "DeviceDiscoveryExtension", "DiscRecording", "DiscRecordingUI", "DiskArbitration", "DockKit", "DriverKit", "DVDPlayback",
        "EndpointSecurity", "EventKit", "EventKitUI", "ExceptionHandling", "ExecutionPolicy", "ExposureNotification",
        "ExtensionFoundation", "ExtensionKit", "ExternalAccessory", "FamilyControls", "FileProvider", "FileProviderUI", "FinanceKit",
        "FinanceKitUI", "ForceFeedback", "FoundationModels", "FSKit", "GameController", "GameKit", "GameplayKit", "GLKit", "GLUT", "GroupActivities", "GSS",
        "HealthKit", "HealthKitUI", "HomeKit", "Hypervisor", "iAd", "ICADevices", "IdentityLookup", "IdentityLookupUI",
        "ImageCaptureCore", "ImageIO", "ImagePlayground", "IMServicePlugIn", "InputMethodKit", "InstallerPlugins", "InstantMessage",
        "Intents", "IntentsUI", "IOBluetooth", "IOBluetoothUI", "IOKit", "IOSurface", "IOUSBHost", "JavaScriptCore", "JournalingSuggestions", "Kerberos",
        "Kernel", "LatentSemanticMapping", "LDAP", "LinkPresentation", "LocalAuthentication", "LocalAuthenticationEmbeddedUI", "LockedCameraCapture",
        "ManagedSettings", "ManagedSettingsUI", "MapKit", "MarketplaceKit", "MatterSupport", "MediaAccessibility", "MediaExtension", "MediaLibrary",
        "MediaPlayer", "MediaSetup", "MediaToolbox", "Messages", "MessageUI", "Metal", "MetalFX", "MetalKit",
        "MetalPerformanceShaders", "MetalPerformanceShadersGraph", "MetricKit", "MLCompute", "MobileCoreServices", "ModelIO",
        "MultipeerConnectivity", "MusicKit", "NaturalLanguage", "NearbyInteraction", "NetFS", "Network", "NetworkExtension",
        "NewsstandKit", "NotificationCenter", "OpenAL", "OpenCL", "OpenDirectory", "OpenGL", "OpenGLES", "OSAKit", "OSLog",
        "PassKit", "PCSC", "PDFKit", "PencilKit", "PHASE", "Photos", "PhotosUI", "PreferencePanes", "ProximityReader", "PushKit",
        "PushToTalk", "QTKit", "Quartz", "QuartzCore", "QuickLook", "QuickLookThumbnailing", "QuickLookUI", "RealityFoundation",
        "RealityKit", "ReplayKit", "RoomPlan", "SafariServices", "SafetyKit", "SceneKit", "ScreenCaptureKit", "ScreenSaver", "ScreenTime",
        "ScriptingBridge", "Security", "SecurityFoundation", "SecurityInterface", "SensitiveContentAnalysis", "SensorKit",
        "ServiceManagement", "SharedWithYou", "SharedWithYouCore", "ShazamKit", "Social", "SoundAnalysis", "Spatial", "Speech", "SpriteKit",
        "StoreKit", "StoreKitTest", "SwiftData", "SwiftUICore", "Symbols", "SyncServices", "System", "SystemConfiguration", "SystemExtensions", "TabularData", "ThreadNetwork", "TipKit",
        "Translation", "TVMLKit", "TVServices", "TVUIKit", "Twitter", "UIKit", "UniformTypeIdentifiers", "UserNotifications",
        "UserNotificationsUI", "VideoSubscriberAccount", "VideoToolbox", "Virtualization", "Vision", "VisionKit", "vmnet",
        "WatchConnectivity", "WatchKit", "WeatherKit", "WebKit", "WidgetKit", "WorkoutKit", "XCTest", "XCUIAutomation",
        // Folders of the SDK's C headers, and the C library's modules.
        "arpa", "architecture", "arm", "bsm", "CommonCrypto", "Darwin", "dispatch", "i386", "libkern", "libxml", "libxml2",
        "mach", "mach-o", "machine", "MachO", "malloc", "net", "netinet", "netinet6", "objc", "ObjectiveC", "os", "pthread",
        "secure", "servers", "simd", "sqlite3", "SQLite3", "sys", "unicode", "xpc", "zlib",
    ]

    /// Whether `module` is the SDK's: one of ``appleSDKModules`` or ``systemModules``, or a cross-import overlay of two
    /// of them, which the compiler loads when a file imports both (`_PhotosUI_SwiftUI`, named `_Declaring_Bystanding`).
    public static func isAppleSDKModule(_ module: String) -> Bool {
        if appleSDKModules.contains(module) || systemModules.contains(module) { return true }
        guard module.hasPrefix("_") else { return false }
        let parts = module.dropFirst().split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        return parts.count == 2 && parts.allSatisfy { appleSDKModules.contains($0) || systemModules.contains($0) }
    }
}
