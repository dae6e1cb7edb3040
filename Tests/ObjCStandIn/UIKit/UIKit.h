// A stand-in for the parts of UIKit that Objective-C resource accessors use, declared with Apple's signatures
// (iOS 17 SDK headers). Tests compile against it so the code behind `__has_include(<UIKit/UIKit.h>)` is type-checked
// on Linux too; it is never linked or run.
#ifndef COMPONENTIZE_UIKIT_STAND_IN
#define COMPONENTIZE_UIKIT_STAND_IN

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@interface UITraitCollection : NSObject
@end

@interface UIImage : NSObject
+ (nullable UIImage *)imageNamed:(NSString *)name;
+ (nullable UIImage *)imageNamed:(NSString *)name inBundle:(nullable NSBundle *)bundle compatibleWithTraitCollection:(nullable UITraitCollection *)traitCollection;
@end

@interface UIResponder : NSObject
@end

@interface UIViewController : UIResponder
- (instancetype)initWithNibName:(nullable NSString *)nibNameOrNil bundle:(nullable NSBundle *)nibBundleOrNil;
@end

@interface UINib : NSObject
+ (UINib *)nibWithNibName:(NSString *)name bundle:(nullable NSBundle *)bundleOrNil;
@end

NS_ASSUME_NONNULL_END

#endif
