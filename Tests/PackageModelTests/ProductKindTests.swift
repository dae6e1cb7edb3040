import PackageModel
import Testing

/// What a target builds is a type every reader sets.
struct ProductKindTests {
    /// A package's target gets its kind from SwiftPM's kind of target: never an Xcode kind, so a layer's `kinds:` never
    /// places it.
    @Test(arguments: [Target.Kind.regular, .test, .executable, .system, .binary, .plugin, .macro])
    func aPackageTargetIsNoXcodeKind(kind: Target.Kind) {
        let target = Target(name: "Kit", type: kind, dependencies: [])
        #expect(target.productKind == ProductKind(packageTarget: kind))
        #expect(!target.productKind.isXcode)
        #expect(target.productKind.xcodeName == nil)
    }

    /// The names a layer's `kinds:` takes, in the order messages list them.
    @Test func theXcodeKindsAreTheNamesLayersUse() {
        #expect(ProductKind.xcodeKinds.map(\.rawValue) == [
            "application", "app-extension", "extensionkit-extension", "system-extension", "framework", "static-library", "dynamic-library",
            "bundle", "unit-test", "ui-test", "watch-app", "tool", "aggregate", "legacy", "other",
        ])
        #expect(ProductKind.xcodeKinds.filter(\.isApplication) == [.application, .appExtension, .extensionKitExtension, .systemExtension, .watchApp])
        #expect(ProductKind.allCases.filter(\.isLinkedLibrary) == [.framework, .staticLibrary, .dynamicLibrary])
    }
}
