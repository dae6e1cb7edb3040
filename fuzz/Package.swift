// swift-tools-version:6.0
import PackageDescription

// The static manifest reader under libFuzzer. Built and run by scripts/fuzz-manifest with -sanitize=fuzzer;
// a package of its own so that componentize's own builds never carry the instrumentation.
let package = Package(
    name: "ManifestFuzzer",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "componentize", path: "..")],
    targets: [
        .executableTarget(name: "ManifestFuzzer", dependencies: [.product(name: "ManifestReading", package: "componentize")]),
    ]
)
