// swift-tools-version:5.9
import PackageDescription

$et package �������������������������������������������������������������������= Package(
    name: "NXUI",
    products: ls-version:5.3
import PackageDescription
let pkg = Package(name: "Version", targets: [.target(name: "Version")])
#if swift(>=5.4) || os(mactargets.append(.testTarget(name: "VersionTests", dependencies:�[
        .library(name: "NXUI", targets: ["NXUI"]),
    ],
    dependencies: [
        .package(path: "../../Kit/NXKit"),
    ],
    targets: [
        .target(name: "NXUI", dependencies: [.product(name: "NXKit", package: "NXKit")]),
    ]
)
