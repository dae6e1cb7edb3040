// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "componentize",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "componentize", targets: ["componentize"]),
        .library(name: "ManifestReading", targets: ["ManifestReading"]),
        .plugin(name: "ResourceAccessorsPlugin", targets: ["ResourceAccessorsPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/stencilproject/Stencil", from: "0.15.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .executableTarget(
            name: "componentize",
            dependencies: [
                "ManifestReading",
                "Diagnostics",
                "Configuration",
                "Discovery",
                "DependencyGraph",
                "Rules",
                "Reports",
                "ResourceGeneration",
                "Scaffolding",
                "Output",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(name: "ResourceAccessorsPlugin", capability: .buildTool(), dependencies: ["componentize"]),
        .target(name: "Diagnostics"),
        .target(name: "Output", dependencies: ["Diagnostics"]),
        .target(name: "Configuration", dependencies: ["Diagnostics", .product(name: "Yams", package: "Yams")]),
        .target(name: "Discovery", dependencies: ["Configuration", "Diagnostics", "ManifestReading"]),
        .target(name: "DependencyGraph", dependencies: ["Configuration", "Diagnostics", "Discovery", "ManifestReading"]),
        .target(name: "Rules", dependencies: ["Configuration", "DependencyGraph", "Diagnostics", "Discovery", "ManifestReading"]),
        .target(name: "Reports", dependencies: ["Configuration", "DependencyGraph", "Diagnostics", "Output", "Rules", "ManifestReading"]),
        .target(name: "Templates"),
        .target(name: "Scaffolding", dependencies: [
            "Configuration", "DependencyGraph", "Diagnostics", "Discovery", "ManifestReading", "Output", "ResourceGeneration", "Rules", "Templates",
            .product(name: "Stencil", package: "Stencil"), .product(name: "Yams", package: "Yams"),
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .target(name: "ResourceGeneration", dependencies: [
            "Configuration", "Diagnostics", "ManifestReading", "Discovery", "Output", "Templates", .product(name: "Stencil", package: "Stencil"),
        ]),
        .target(
            name: "ManifestReading",
            dependencies: [
                "Diagnostics",
                "Output",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "ManifestReadingTests", dependencies: ["ManifestReading", "Diagnostics"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "Configuration", "Diagnostics", "ManifestReading", "DependencyGraph"]),
        .testTarget(name: "ResourceGenerationTests", dependencies: ["ResourceGeneration", "ManifestReading", "Diagnostics", "Templates"]),
        .testTarget(name: "ScaffoldingTests", dependencies: ["Scaffolding", "Diagnostics"]),
        .testTarget(name: "ComponentizeCLITests", dependencies: ["componentize"], exclude: ["Golden"]),
    ]
)
