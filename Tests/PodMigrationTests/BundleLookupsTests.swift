@testable import PodMigration
import Testing

@Suite("Code that looks for a pod's resource bundle the CocoaPods way")
struct BundleLookupsTests {
    @Test("Objective-C: bundleForClass: in code, located; not in comments, strings or branches SwiftPM skips")
    func objectiveC() {
        let text = """
            // [NSBundle bundleForClass:self] in a comment
            /* bundleForClass: */ NSString *s = @"bundleForClass:";
            + (NSString *)path {
                return [NSBundle bundleForClass:self].resourcePath;
            }
            #if SWIFT_PACKAGE
            NSBundle *a = SWIFTPM_MODULE_BUNDLE;
            #else
            NSBundle *b = [NSBundle bundleForClass:self];
            #endif
            #ifndef SWIFT_PACKAGE
            NSBundle *c = [NSBundle bundleForClass:self];
            #elif DEBUG
            NSBundle *d = [NSBundle bundleForClass:self];
            #endif
            #if !defined(SWIFT_PACKAGE)
            NSBundle *e = [NSBundle bundleForClass:self];
            #endif
            #if DEBUG
              #if SWIFT_PACKAGE
              #elif TARGET_OS_IOS
            NSBundle *f = [NSBundle bundleForClass:self];
              #endif
            NSBundle *g = [NSBundle bundleForClass:self];
            #endif
            """
        let found = BundleLookups.find(in: text, swift: false)
        #expect(found.map(\.line) == [4, 14, 24])
        #expect(found.first == BundleLookups.Lookup(call: "bundleForClass:", line: 4, column: 22))
    }

    @Test("Swift: Bundle(for:) in code, located; not in comments, strings or branches SwiftPM skips")
    func swift() {
        let text = #"""
            // Bundle(for: Token.self) in a comment
            let s = "Bundle(for: Token.self)"
            let code = Bundle(for: Token.self)
            let same = Bundle.init(for: Token.self)
            let other = Bundle(path: "/tmp")
            #if SWIFT_PACKAGE
            let a = Bundle.module
            #elseif os(iOS)
            let b = Bundle(for: Token.self)
            #else
            let c = Bundle(for: Token.self)
            #endif
            #if !SWIFT_PACKAGE
            let d = Bundle(for: Token.self)
            #else
            let e = Bundle(for: Token.self)
            #endif
            """#
        let found = BundleLookups.find(in: text, swift: true)
        #expect(found.map(\.line) == [3, 4, 16])
        #expect(found.first == BundleLookups.Lookup(call: "Bundle(for:)", line: 3, column: 12))
    }
}
