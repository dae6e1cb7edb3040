// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "componentize",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "componentize", targets: ["componentize"]),
        .library(name: "ManifestReading", targets: ["ManifestReading", "PackageModel"]),
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
                "Diagnostics",
                "Project",
                "Reports",
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
        .target(name: "Files", dependencies: ["Paths"]),
        .target(name: "Output", dependencies: ["Diagnostics"]),
        .target(name: "Templates"),
        .target(name: "Parallel"),
        .target(name: "HelperTools"),
        .target(name: "SourceText"),
        .target(name: "Configuration", dependencies: ["Diagnostics", "Files", "PackageModel", "Paths", .product(name: "Yams", package: "Yams")]),
        .target(name: "SwiftEvaluation", dependencies: [
            "Diagnostics", "SourceText", .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftIfConfig", package: "swift-syntax"),
        ]),
        .target(name: "PackageModel", dependencies: ["Diagnostics", "Files", "Paths"]),
        .target(
            name: "ManifestReading",
            dependencies: [
                "Diagnostics",
                "Files",
                "HelperTools",
                "Output",
                "PackageModel",
                "Paths",
                "SourceText",
                "SwiftEvaluation",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ]
        ),
        .target(name: "Discovery", dependencies: [
            "Diagnostics", "Files", "ManifestReading", "PackageModel", "Output", "Parallel", "Paths", "PodspecReading", "SourceImports", "TuistReading", "XcodeGenReading",
            "XcodeProjectReading",
        ]),
        .target(name: "XcodeProjectReading", dependencies: ["Diagnostics", "Files", "PackageModel", "Output", "Paths", "SourceText"]),
        .target(name: "TuistReading", dependencies: [
            "Diagnostics", "Files", "PackageModel", "Paths", "SwiftEvaluation", "XcodeProjectReading",
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftParserDiagnostics", package: "swift-syntax"), .product(name: "SwiftIfConfig", package: "swift-syntax"),
            .product(name: "SwiftOperators", package: "swift-syntax"),
        ]),
        .target(name: "XcodeGenReading", dependencies: [
            "Diagnostics", "Files", "Paths", "XcodeProjectReading", .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "PodspecReading", dependencies: [
            "Diagnostics", "Files", "HelperTools", "PackageModel", "Output", "Paths", .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "SourceImports", dependencies: [
            "Diagnostics", "Files", "PackageModel", "Parallel", "Paths", "SourceText",
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .target(name: "RuntimeWiring", dependencies: [
            "Diagnostics", "Files", "Parallel", "Paths", "SourceImports", "SourceText",
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .target(name: "DependencyGraph", dependencies: [
            "Configuration", "Diagnostics", "Discovery", "Files", "PackageModel", "Parallel", "Paths", "PodspecReading", "RuntimeWiring", "SourceImports",
            "Templates",
        ]),
        .target(name: "Rules", dependencies: [
            "Configuration", "DependencyGraph", "Diagnostics", "PackageModel", "Parallel", "Paths", "RuntimeWiring", "SourceImports",
        ]),
        .target(name: "LayerInference", dependencies: ["DependencyGraph", "Discovery", "PackageModel", "Paths"]),
        .target(name: "Reports", dependencies: [
            "Configuration", "DependencyGraph", "Diagnostics", "Files", "Fixing", "Output", "Paths", "Rules", "Templates", .product(name: "Stencil", package: "Stencil"),
        ]),
        .target(name: "ResourceGeneration", dependencies: [
            "Diagnostics", "Files", "PackageModel", "Output", "Paths", "SourceImports", "Templates", .product(name: "Stencil", package: "Stencil"),
        ]),
        .target(name: "Scaffolding", dependencies: [
            "Configuration", "DependencyGraph", "Diagnostics", "Discovery", "Files", "LayerInference", "PackageModel", "Output", "Paths",
            "ResourceGeneration", "Rules", "Templates",
            .product(name: "Stencil", package: "Stencil"), .product(name: "Yams", package: "Yams"),
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
            "Fixing",
        ]),
        .target(name: "PodMigration", dependencies: [
            "Configuration", "Diagnostics", "Discovery", "Files", "PackageModel", "Output", "Paths", "PodspecReading", "ResourceGeneration", "Rules",
            "Scaffolding", "SourceImports", "SourceText",
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .target(name: "Fixing", dependencies: [
            "Configuration", "DependencyGraph", "Diagnostics", "Discovery", "Files", "PackageModel", "Parallel", "Paths", "PodspecReading", "Rules",
            .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
        .target(name: "Project", dependencies: [
            "Configuration", "DependencyGraph", "Diagnostics", "Discovery", "Files", "Fixing", "LayerInference", "ManifestReading", "PackageModel", "Output",
            "Paths", "PodMigration", "Reports", "ResourceGeneration", "Rules", "RuntimeWiring", "Scaffolding", "SourceImports",
        ]),
        // Development tool: the longest functions of Sources (scripts/function-lengths; CI prints it).
        .executableTarget(name: "function-lengths", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ], path: "Tests/FunctionLengths"),
        // Test support: rule examples and repositories in memory, read by the real pipeline (not part of any product).
        .target(name: "TestSupport", dependencies: ["Configuration", "DependencyGraph", "Diagnostics", "Discovery", "Files", "ManifestReading", "PackageModel", "Project", "Rules"],
                path: "Tests/TestSupport"),
        .testTarget(name: "FilesTests", dependencies: ["Files"]),
        .testTarget(name: "PathsTests", dependencies: ["Paths"]),
        .testTarget(name: "ParallelTests", dependencies: ["Parallel"]),
        .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "Diagnostics", "Paths", "Project"]),
        .testTarget(name: "PackageModelTests", dependencies: ["PackageModel"]),
        .testTarget(name: "ManifestReadingTests", dependencies: ["ManifestReading", "HelperTools", "PackageModel", "Diagnostics", "Files", "SourceText"]),
        .testTarget(name: "XcodeProjectReadingTests", dependencies: ["XcodeProjectReading", "Diagnostics", "Files", "PackageModel"]),
        .testTarget(name: "XcodeGenReadingTests", dependencies: ["XcodeGenReading", "XcodeProjectReading", "Diagnostics", "Files"]),
        .testTarget(name: "TuistReadingTests", dependencies: ["TuistReading", "SwiftEvaluation", "XcodeProjectReading", "Diagnostics", "Files"]),
        .testTarget(name: "PodspecReadingTests", dependencies: ["PodspecReading", "Diagnostics", "Files", "PackageModel", "Output"]),
        .testTarget(name: "SourceImportsTests", dependencies: [
            "SourceImports", "Files", "PackageModel", "SourceText", .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .testTarget(name: "RuntimeWiringTests", dependencies: ["Files", "RuntimeWiring", "SourceText"]),
        .testTarget(name: "SourceTextTests", dependencies: ["SourceText"]),
        .testTarget(name: "DiscoveryTests", dependencies: ["Discovery", "Diagnostics", "Files", "ManifestReading", "PackageModel", "Paths"]),
        .testTarget(name: "DependencyGraphTests", dependencies: ["DependencyGraph", "Configuration", "Diagnostics", "Discovery", "PackageModel", "SourceImports", "TestSupport"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "Diagnostics", "TestSupport"]),
        .testTarget(name: "LayerInferenceTests", dependencies: ["LayerInference", "Configuration", "DependencyGraph", "Rules", "TestSupport"]),
        .testTarget(name: "OutputTests", dependencies: ["Output", "Diagnostics"]),
        .testTarget(name: "FixingTests", dependencies: ["Fixing"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "DependencyGraph", "Diagnostics", "Rules", "TestSupport"]),
        .testTarget(name: "ResourceGenerationTests", dependencies: ["ResourceGeneration", "Diagnostics", "Files", "ManifestReading", "PackageModel", "Project", "Templates"]),
        .testTarget(name: "ScaffoldingTests", dependencies: ["Scaffolding", "Configuration", "Diagnostics", "Discovery", "Files", "Project", "ManifestReading", "PackageModel", "Paths"]),
        .testTarget(name: "PodMigrationTests", dependencies: ["PodMigration", "Files", "SourceText"]),
        .testTarget(name: "ProjectTests", dependencies: ["Project", "Configuration", "DependencyGraph", "Diagnostics", "Files", "Fixing", "ManifestReading", "PackageModel", "Rules", "TestSupport"]),
        .testTarget(name: "ComponentizeCLITests", dependencies: ["componentize"], exclude: ["Golden"]),
    ]
)
