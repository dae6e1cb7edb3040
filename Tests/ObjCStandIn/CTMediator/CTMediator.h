// A stand-in for CTMediator's public interface (its two calls by name), declared with the pod's signatures, so that
// the category and target `componentize new --mediator ctmediator` writes are type-checked on Linux. Never run.
#import <Foundation/Foundation.h>

@interface CTMediator : NSObject
+ (instancetype _Nonnull)sharedInstance;
- (id _Nullable)performTarget:(NSString * _Nullable)targetName action:(NSString * _Nullable)actionName params:(NSDictionary * _Nullable)params shouldCacheTarget:(BOOL)shouldCacheTarget;
@end
