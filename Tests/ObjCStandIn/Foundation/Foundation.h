// A stand-in for the parts of Foundation that Objective-C resource accessors use (SwiftPM's SWIFTPM_MODULE_BUNDLE
// and the ones `componentize migrate-pods` generates) and the CTMediator category and target `componentize new
// --mediator ctmediator` writes, declared with Apple's signatures (iOS 17 SDK headers).
// Linux has no Objective-C Foundation: tests compile against this to type-check that code, never to run it.
#ifndef COMPONENTIZE_FOUNDATION_STAND_IN
#define COMPONENTIZE_FOUNDATION_STAND_IN

#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")

#ifndef nil
#define nil ((id)0)
#endif

typedef signed char BOOL;
typedef unsigned long NSUInteger;
#define YES ((BOOL)1)
#define NO ((BOOL)0)

NS_ASSUME_NONNULL_BEGIN

__attribute__((objc_root_class))
@interface NSObject
+ (instancetype)alloc;
- (instancetype)init;
+ (Class)class;
- (BOOL)isKindOfClass:(Class)aClass;
@end

@interface NSString : NSObject
+ (instancetype)stringWithFormat:(NSString *)format, ...;
- (NSString *)stringByAppendingPathComponent:(NSString *)str;
- (nullable NSString *)stringByAppendingPathExtension:(NSString *)str;
@end

@interface NSURL : NSObject
- (nullable NSURL *)URLByAppendingPathComponent:(NSString *)pathComponent;
@end

@interface NSData : NSObject
+ (nullable instancetype)dataWithContentsOfURL:(NSURL *)url;
+ (nullable instancetype)dataWithContentsOfFile:(NSString *)path;
@end

@interface NSDictionary<__covariant KeyType, __covariant ObjectType> : NSObject
+ (instancetype)dictionaryWithObjects:(const ObjectType _Nonnull [_Nullable])objects forKeys:(const KeyType _Nonnull [_Nullable])keys count:(NSUInteger)cnt;
- (nullable ObjectType)objectForKeyedSubscript:(KeyType)key;
@end

@interface NSBundle : NSObject
@property (class, readonly, strong) NSBundle *mainBundle;
+ (nullable instancetype)bundleWithPath:(NSString *)path;
+ (nullable instancetype)bundleWithURL:(NSURL *)url;
+ (NSBundle *)bundleForClass:(Class)aClass;
@property (readonly, copy) NSURL *bundleURL;
@property (readonly, copy) NSString *bundlePath;
@property (nullable, readonly, copy) NSString *resourcePath;
- (nullable NSURL *)URLForResource:(nullable NSString *)name withExtension:(nullable NSString *)ext;
- (nullable NSString *)pathForResource:(nullable NSString *)name ofType:(nullable NSString *)ext;
@end

NS_ASSUME_NONNULL_END

#endif
