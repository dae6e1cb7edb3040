// swift-tools-version:6.0
// componentize's plugins on a prebuilt binary: depend on this package instead of the componentize package itself, and
// no build compiles componentize or swift-syntax. `scripts/release` puts componentize.artifactbundle beside this file;
// a published release points the binary target at the zipped bundle by URL and checksum instead (docs/install.md).
import PackageDescription

let package = Package(
    name: "ComponentizePlugins",
    products: [
        .plugin(name: "ResourceAccessorsPlugin", targets: ["ResourceAccessorsPlugin"]),
        .plugin(name: "ComponentizeCommand", targets: ["ComponentizeCommand"]),
        .plugin(name: "ComponentizeWriteCommand", targets: ["ComponentizeWriteCommand"]),
    ],
    targets: [
        .binaryTarget(name: "componentize", path: "componentize.artifactbundle"),
        .plugin(name: "ResourceAccessorsPlugin", capability: .buildTool(), dependencies: ["componentize"]),
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
    ]
)
