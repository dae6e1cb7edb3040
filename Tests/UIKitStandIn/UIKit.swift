// A stand-in for the parts of UIKit the generated resource accessors call, with Apple's exact signatures
// (UIKit's Swift interface, iOS 17 SDK). It only has to type-check: `ResourcesEndToEndTests.testUIKitPartTypeChecksAgainstTheStandIn` compiles
// generated code against it with `#if canImport(UIKit)` true, which Linux cannot do with the real UIKit.
import Foundation

open class UITraitCollection: NSObject {}

open class UIImage: NSObject {
    public /*not inherited*/ init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {}
}

open class UIColor: NSObject {
    public /*not inherited*/ init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {}
}

open class UINib: NSObject {
    public /*not inherited*/ init(nibName name: String, bundle bundleOrNil: Bundle?) {}
}

open class UIStoryboard: NSObject {
    public /*not inherited*/ init(name: String, bundle storyboardBundleOrNil: Bundle?) {}
}
