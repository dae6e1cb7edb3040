// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "componentize",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "componentize", targets: ["componentize"]),
        .library(name: "ManifestReading", targets: ["ManifestReading"]),
        .plugin(name: "ResourceAccessorsPlugin", targets: ["ResourceAccessorsPlugin"]),
        .plugin(name: "ComponentizeCommand", targets: ["ComponentizeCommand"]),
        .plugin(name: "ComponentizeWriteCommand", targets: ["ComponentizeWriteCommand"]),
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
                "Project",
                "Configuration",
                "Diagnostics",
                "ManifestReading",
                "Output",
                "PodspecReading",
                "Reports",
                "ResourceGeneration",
                "Scaffolding",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["BuildRevisionPlugin"]
        ),
        .plugin(name: "ResourceAccessorsPlugin", capability: .buildTool(), dependencies: ["componentize"]),
        .plugin(name: "BuildRevisionPlugin", capability: .buildTool()),
        .plugin(
            name: "ComponentizeCommand",
            capability: .command(intent: .custom(verb: "componentize", description: "Check the layering, draw the graph, explain a dependency (reads only).")),
            dependencies: ["componentize"]
        ),
        .plugin(
            name: "ComponentizeWriteCommand",
            capability: .command(
                intent: .custom(verb: "componentize-write", description: "Create components, generate resource accessors, write componentize.yml."),
                permissions: [.writeToPackageDirectory(reason: "componentize new, resources and init write packages, accessors and componentize.yml")]
            ),
            dependencies: ["componentize"]
        ),
        .target(name: "Diagnostics"),
        .target(name: "Paths", dependencies: ["Diagnostics"]),
        .target(name: "Output", dependencies: ["Diagnostics"]),
        .target(name: "Templates"),
        .target(name: "Parallel"),
        .target(name: "Configuration", dependencies: ["Diagnostics", "Paths", .product(name: "Yams", package: "Yams")]),
        .target(
            name: "ManifestReading",
            dependencies: [
                "Diagnostics",
                "Output",
                "Paths",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ]
        ),
        .target(name: "Discovery", dependencies: ["Diagnostics", "ManifestReading", "Parallel", "Paths", "PodspecReading"]),
        .target(name: "PodspecReading", dependencies: ["Diagnostics", "ManifestReading", "Output", "Paths"]),
        .target(name: "SourceImports", dependencies: [
            "Diagnostics", "ManifestReading", "Paths",
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .target(name: "DependencyGraph", dependencies: ["Configuration", "Diagnostics", "Discovery", "ManifestReading", "Parallel", "Paths"]),
        .target(name: "Rules", dependencies: ["Configuration", "DependencyGraph", "Diagnostics", "Parallel"]),
        .target(name: "LayerInference", dependencies: ["DependencyGraph", "Discovery", "ManifestReading", "Paths"]),
        .target(name: "Reports", dependencies: ["Configuration", "DependencyGraph", "Diagnostics", "Output", "Paths", "Rules"]),
        .target(name: "ResourceGeneration", dependencies: [
            "Diagnostics", "ManifestReading", "Output", "Paths", "SourceImports", "Templates", .product(name: "Stencil", package: "Stencil"),
        ]),
        .target(name: "Scaffolding", dependencies: [
            "Configuration", "DependencyGraph", "Diagnostics", "Discovery", "LayerInference", "ManifestReading", "Output", "Paths",
            "ResourceGeneration", "Rules", "Templates",
            .product(name: "Stencil", package: "Stencil"), .product(name: "Yams", package: "Yams"),
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .target(name: "PodMigration", dependencies: [
            "Configuration", "Diagnostics", "Output", "Paths", "PodspecReading", "Scaffolding", "SourceImports",
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .target(name: "Project", dependencies: [
            "Configuration", "DependencyGraph", "Diagnostics", "Discovery", "LayerInference", "ManifestReading", "Output", "Parallel",
            "Paths", "PodMigration", "PodspecReading", "Reports", "ResourceGeneration", "Rules", "Scaffolding", "SourceImports",
        ]),
        .testTarget(name: "ManifestReadingTests", dependencies: ["ManifestReading", "Diagnostics"]),
        .testTarget(name: "RulesTests", dependencies: [
            "Rules", "Configuration", "Diagnostics", "Discovery", "LayerInference", "ManifestReading", "DependencyGraph", "Parallel", "Paths",
            "Project", "Reports", "SourceImports",
        ]),
        .testTarget(name: "ResourceGenerationTests", dependencies: ["ResourceGeneration", "ManifestReading", "Diagnostics", "Templates", "Project"]),
        .testTarget(name: "ScaffoldingTests", dependencies: ["Scaffolding", "Diagnostics", "Project", "ManifestReading", "Paths"]),
        .testTarget(name: "SourceImportsTests", dependencies: ["SourceImports", "ManifestReading"]),
        .testTarget(name: "PodspecReadingTests", dependencies: ["PodspecReading", "Diagnostics", "ManifestReading", "Output"]),
        .testTarget(name: "PodMigrationTests", dependencies: ["PodMigration"]),
        .testTarget(name: "ComponentizeCLITests", dependencies: ["componentize"], exclude: ["Golden"]),
    ]
)
