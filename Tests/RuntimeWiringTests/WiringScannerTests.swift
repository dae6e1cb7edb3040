import Files
import Foundation
@testable import RuntimeWiring
import SourceText
import Testing

/// What the wiring scanners read from Objective-C and Swift, and what they must not take for wiring.
struct WiringScannerTests {
    /// One line per fact: `line:column role mechanism name[/action] [via receiver] [category] [if conditions]`.
    private func lines(_ wiring: FileWiring) -> [String] {
        wiring.facts.map { fact in
            var parts = ["\(fact.line):\(fact.column)", fact.role.rawValue, fact.mechanism.rawValue, Self.describe(fact.name)]
            if let action = fact.action { parts[3] += "/" + Self.describe(action) }
            if let receiver = fact.receiver { parts.append("via \(receiver)") }
            if fact.inMediatorCategory { parts.append("category") }
            if !fact.conditions.isEmpty { parts.append("if " + fact.conditions.joined(separator: " && ")) }
            return parts.joined(separator: " ")
        }
    }

    private static func describe(_ value: WiringValue) -> String {
        switch value {
        case .literal(let text): return "\"\(text)\""
        case .constant(let name): return "$" + name
        case .expression(let text): return "?(\(text))"
        case .pasted(let macro, let argument): return "\(macro)(\(argument))"
        }
    }

    @Test func objectiveCTargetActionCallsAndProviders() {
        let wiring = ObjCWiringScanner.wiring(in: """
            #import "CTMediator+ComponentVideo.h"
            static NSString * const kTargetVideo = @"ComponentVideo";
            #define kActionDetail @"showDetail"

            @implementation CTMediator (ComponentVideo)
            - (UIViewController *)video_detailWithID:(NSString *)identifier {
                // [self performTarget:@"Commented" action:@"out" params:nil];
                return [self performTarget:kTargetVideo action:kActionDetail params:@{@"id": identifier} shouldCacheTarget:NO];
            }
            @end

            @implementation Target_ComponentVideo
            - (UIViewController *)Action_showDetail:(NSDictionary *)params { return nil; }
            - (void)helper:(NSDictionary *)params { NSLog(@"[x performTarget:@\\"A\\" action:@\\"b\\" params:nil]"); }
            @end

            void call(NSString *name) {
                #if DEBUG
                [[CTMediator sharedInstance] performTarget:name action:@"show" params:nil shouldCacheTarget:NO];
                #else
                [[CTMediator sharedInstance] performTarget:@"Owner" action:[self actionName] params:nil shouldCacheTarget:NO];
                #endif
            }
            """)
        #expect(lines(wiring) == [
            "8:18 uses target-action $kTargetVideo/$kActionDetail via CTMediator category",
            "12:17 provides target-action \"ComponentVideo\"",
            // Every method of a target class, by its name as declared: a mediator's naming picks its actions.
            "13:23 provides target-action \"ComponentVideo\"/\"Action_showDetail\"",
            "14:9 provides target-action \"ComponentVideo\"/\"helper\"",
            "19:34 uses target-action $name/\"show\" via CTMediator if DEBUG",
            "21:34 uses target-action \"Owner\"/?([self actionName]) via CTMediator if !(DEBUG)",
        ])
        #expect(wiring.constants == ["kTargetVideo": "ComponentVideo", "kActionDetail": "showDetail"])
    }

    @Test func objectiveCServicesAndRoutes() {
        let wiring = ObjCWiringScanner.wiring(in: """
            @BeeHiveService(VideoServiceProtocol, VideoServiceImpl)
            @implementation Registration
            - (void)setUp {
                [[BeeHive shareInstance] registerService:@protocol(OwnerServiceProtocol) service:[OwnerService class]];
                id<VideoServiceProtocol> video = [[BeeHive shareInstance] createService:@protocol(VideoServiceProtocol)];
                [MGJRouter registerURLPattern:@"app://video/:id" toHandler:^(NSDictionary *info) {}];
                [MGJRouter openURL:@"app://video/42"];
                [[UIApplication sharedApplication] openURL:url];
                [[BeeHive shareInstance] createService:NSProtocolFromString(@"ImageServiceProtocol")];
            }
            @end
            """)
        #expect(lines(wiring) == [
            "1:1 provides service \"VideoServiceProtocol\"",
            "4:30 provides service \"OwnerServiceProtocol\"",
            "5:63 uses service \"VideoServiceProtocol\"",
            "6:16 provides route \"app://video/:id\"",
            "7:16 uses route \"app://video/42\" via MGJRouter",
            "8:40 uses route $url via UIApplication",
            "9:30 uses service \"ImageServiceProtocol\"",
        ])
    }

    /// BeeHive's registration is the whole selector `registerService:service:` (`registerService(_:service:)`): a string
    /// registry's own `registerService:object:` only starts alike and is no BeeHive provider, in either language.
    @Test func aSelectorThatOnlyStartsLikeBeeHivesIsNotIt() {
        let objc = ObjCWiringScanner.wiring(in: """
            @implementation Registration
            - (void)setUp {
                [Core registerService:@"PayService" object:self];
                [[BeeHive shareInstance] registerService:@protocol(PayServiceProtocol) service:[PayService class]];
            }
            @end
            """)
        #expect(lines(objc) == ["4:30 provides service \"PayServiceProtocol\""])
        let swift = SwiftWiringScanner.wiring(in: Array("""
            func setUp() {
                Core.registerService("PayService", object: self)
                BeeHive.shareInstance().registerService(PayServiceProtocol.self, service: PayService.self)
            }
            """.utf8))
        #expect(lines(swift) == ["3:29 provides service \"PayServiceProtocol\""])
    }

    /// `\"` in a literal is a quote; an escaped backslash before the closing quote does not escape it.
    @Test func escapedQuotesInObjectiveCLiterals() {
        let wiring = ObjCWiringScanner.wiring(in: #"""
            static NSString * const kQuoted = @"say \"hi\"";
            static NSString * const kSlash = @"a\\";
            static NSString * const kPlain = @"app://video";
            """#)
        #expect(wiring.constants == ["kQuoted": #"say "hi""#, "kSlash": #"a\\"#, "kPlain": "app://video"])
    }

    /// A method declaration is not a call: CTMediator's own header and implementation name `performTarget:` too.
    @Test func declarationsAreNotCalls() {
        let wiring = ObjCWiringScanner.wiring(in: """
            @implementation CTMediator
            - (id)performTarget:(NSString *)targetName action:(NSString *)actionName params:(NSDictionary *)params {
                return nil;
            }
            @end
            """)
        #expect(wiring.facts.isEmpty)
    }

    @Test func swiftCallsProvidersAndConstants() {
        let source = """
            import CTMediator

            let kTargetImage = "ComponentImage"

            extension CTMediator {
                func image_viewer() -> UIViewController? {
                    performTarget(kTargetImage, action: "viewer", params: [kCTMediatorParamsKeySwiftTargetModuleName: "ComponentImage"], shouldCacheTarget: false) as? UIViewController
                }
            }

            @objc final class Target_ComponentImage: NSObject {
                @objc func Action_viewer(_ params: [AnyHashable: Any]) -> UIViewController { UIViewController() }
                func Action_hidden(_ params: [AnyHashable: Any]) {}
            }

            func wire(registry: ComponentRegistry) {
                // registry.resolve((any Commented).self)
                registry.register((any ImageService).self) { ImageServiceImpl() }
                _ = registry.resolve((any VideoService).self)
                _ = BeeHive.shareInstance().createService(OwnerServiceProtocol.self)
                #if os(iOS)
                MGJRouter.openURL("app://owner/profile")
                #endif
                _ = MGJRouter.object(forURL: route)
                _ = "performTarget(\\"A\\", action: \\"b\\")"
            }
            """
        let wiring = SwiftWiringScanner.wiring(in: Array(source.utf8))
        #expect(lines(wiring) == [
            "7:9 uses target-action $kTargetImage/\"viewer\" via CTMediator category",
            "11:19 provides target-action \"ComponentImage\"",
            "12:16 provides target-action \"ComponentImage\"/\"Action_viewer\"",
            "18:14 provides service \"ImageService\"",
            "19:18 uses service \"VideoService\"",
            "20:33 uses service \"OwnerServiceProtocol\"",
            "22:15 uses route \"app://owner/profile\" via MGJRouter if os(iOS)",
            "24:19 uses route $route via MGJRouter",
        ])
        #expect(wiring.constants == ["kTargetImage": "ComponentImage"])
    }

    /// Files parsed as one text give each file the facts, lines and constants it has alone.
    @Test func joinedFilesReadAsTheyDoAlone() {
        let files = [
            "let kTarget = \"ComponentVideo\"\nfunc a() {\n    CTMediator.sharedInstance().performTarget(kTarget, action: \"show\", params: nil, shouldCacheTarget: false)\n}\n",
            "/* a block comment: parsed alone */\nfunc b() { MGJRouter.openURL(\"app://video/1\") }\n",
            "#if DEBUG\nfunc c() { _ = registry.resolve((any VideoService).self) }\n#endif",
            "let kTarget = \"ComponentImage\"\nextension CTMediator {\n    func d() -> Any? { performTarget(kTarget, action: \"open\", params: nil, shouldCacheTarget: false) }\n}\n",
        ].map { Array($0.utf8) }
        #expect(JoinedParse.isSelfContained(files[0]) && !JoinedParse.isSelfContained(files[1]) && JoinedParse.isSelfContained(files[2]))
        #expect(SwiftWiringScanner.wirings(of: files) == files.map { SwiftWiringScanner.wirings(of: [$0])[0] })
        #expect(SwiftWiringScanner.wirings(of: files).map(lines) == [
            ["3:33 uses target-action $kTarget/\"show\" via CTMediator"], ["2:22 uses route \"app://video/1\" via MGJRouter"],
            ["2:25 uses service \"VideoService\" if DEBUG"], ["3:24 uses target-action $kTarget/\"open\" via CTMediator category"],
        ])
        #expect(SwiftWiringScanner.wirings(of: files)[3].constants == ["kTarget": "ComponentImage"])
    }

    /// The places ``SwiftCodeMap`` finds, parsed alone, say what a parse of the whole file says: on tricky texts, and on
    /// every Swift file of this repository and of the packages it checked out that holds a wiring word.
    @Test func readingThePlacesAgreesWithReadingTheWholeFile() throws {
        var texts = [
            "/* performTarget(\"A\", action: \"b\") /* nested */ */\nlet s = \"\\(x.resolve(A.self)) performTarget(\"\nlet m = \"\"\"\n  openURL(\"app://x\")\n  \"\"\"\n_ = MGJRouter.openURL(\"app://y\")\n",
            "let raw = #\"register(\"#\n_ = c.resolve((any P).self)\n#if os(iOS)\n  #if DEBUG\n  x.register(P.self) { Impl() }\n  #elseif TEST\n  _ = y.resolve(Q.self)\n  #else\n  _ = z.resolve(R.self)\n  #endif\n#endif\n",
            "@objc(Target_A)\n@objcMembers\nfinal class Target_A: NSObject {\n    func Action_b(_ p: [AnyHashable: Any]) -> Any? { CTMediator.sharedInstance().performTarget(\"C\", action: \"d\", params: nil, shouldCacheTarget: false) }\n}\n",
            "func r() {\n    self.openURL(\"app://a\")\n    MGJRouter\n        .openURL(\"app://b\")\n    a.b.openURL(\"app://c\")\n    f().openURL(\"app://d\")\n    MGJRouter.object(forURL: \"app://e\")\n}\n",
            "_ = m.performTarget(\"A\", action: \"b\", params: [\"v\": c.createService(P.self)], shouldCacheTarget: false)\n_ = m.performTarget(f(\"x\", y), action: { a, b in \"c\" }(1, 2), params: nil, shouldCacheTarget: true)\n_ = m.performTarget(Dictionary<String, Int>.key, action: \"b\", params: nil)\n_ = m.performTarget(\"A\" /* , */, action: \"b\", params: nil)\n_ = m.performTarget(\"A\")\n",
            "extension CTMediator {\n    func a() -> Any? {\n        let name = \"A\"\n        return self.performTarget(name, action: \"b\", params: [\"k\": \"\\(f(\")\"))\"], shouldCacheTarget: false)\n    }\n}\nfunc performTarget(_ a: String, action: String) {}\n",
        ].map { Array($0.utf8) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for folder in ["Sources", "Tests", "fixtures", ".build/checkouts"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift", let data = FileManager.default.contents(atPath: url.path), WiringPass.markers.present(in: Array(data)),
                      Array(data).withUnsafeBufferPointer({ BracketNesting.firstExcess(in: $0) }) == nil else { continue }
                texts.append(Array(data))
            }
        }
        #expect(texts.count > 20)
        for text in texts {
            let (places, whole) = (SwiftWiringScanner.wirings(of: [text])[0], SwiftWiringScanner.wholeFiles(of: [text])[0])
            #expect(lines(places) == lines(whole), "\(String(decoding: text.prefix(120), as: UTF8.self))")
            #expect(places.constants == whole.constants, "\(String(decoding: text.prefix(120), as: UTF8.self))")
        }
        #expect(SwiftWiringScanner.wirings(of: texts) == SwiftWiringScanner.wholeFiles(of: texts))
    }

    /// `performTarget` is parsed up to its action: the rest of its arguments (a `params` dictionary) is never read, unless
    /// another place is inside it or the scan cannot tell the call's commas from a generic argument list's.
    @Test func aCallIsParsedUpToTheArgumentsThatAreRead() {
        let cases: [(String, String)] = [
            ("x.performTarget(\"A\", action: \"b\", params: [\"k\": v, \"l\": w], shouldCacheTarget: false)", "performTarget(\"A\", action: \"b\""),
            ("x.performTarget(f(\"a,b\", [1, 2]), action: g { $0, $1 }, params: nil)", "performTarget(f(\"a,b\", [1, 2]), action: g { $0, $1 }"),
            ("x.performTarget(\"A\", action: \"b\", params: [\"s\": y.createService(P.self)])", "performTarget(\"A\", action: \"b\", params: [\"s\": y.createService(P.self)])"),
            ("x.performTarget(T<A, B>.name, action: \"b\", params: nil)", "performTarget(T<A, B>.name, action: \"b\", params: nil)"),
            ("x.performTarget(\"A\", action: \"b\")", "performTarget(\"A\", action: \"b\")"),
            ("x.openURL(\"app://a\", with: nil)", "openURL(\"app://a\", with: nil)"),
        ]
        for (code, parsed) in cases {
            let bytes = Array(code.utf8)
            let windows = bytes.withUnsafeBufferPointer { SwiftCodeMap($0).windows }
            #expect(windows.map { String(decoding: bytes[$0.range.lowerBound..<$0.parsedEnd], as: UTF8.self) } == [parsed], "\(code)")
        }
    }

    @Test func whatCannotBeJoined() {
        for text in ["let a = \"\"\"\n\"\"\"", "let a = #\"x\"#", "func f() {", "let a = \"open", "#if A\nlet a = 1", "let r = #/a/#"] {
            #expect(!JoinedParse.isSelfContained(Array(text.utf8)), "\(text)")
        }
        #expect(JoinedParse.isSelfContained(Array("let a = \"\\(f(\")\")) x\" // {\n".utf8)))
    }

    @Test func beeHiveServiceListsProvideTheirProtocols() {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array>
            	<dict>
            		<key>service</key>
            		<string>VideoServiceProtocol</string>
            		<key>impl</key>
            		<string>VideoService</string>
            	</dict>
            </array>
            </plist>
            """
        #expect(lines(FileWiring(facts: ServicePlist.facts(in: Array(plist.utf8)))) == ["6:3 provides service \"VideoServiceProtocol\""])
        #expect(ServicePlist.facts(in: Array("<plist><array><dict>".utf8)).isEmpty)
        #expect(ServicePlist.facts(in: nil).isEmpty)
    }

    /// A name written as a constant that the marked files do not define is looked up in the target's other C-family
    /// files, headers above all (`static NSString *const kRoute = @"…";` in `Routes.h`): only those holding the name are
    /// read, and only for their constants.
    @Test func constantsOfTheTargetsOtherFilesDecideNames() {
        let fileSystem = InMemoryFileSystem(files: [
            "/app/Open.m": "- (void)open { [MGJRouter openURL:kRouteHome]; [MGJRouter openURL:kRouteNowhere]; }\n",
            "/app/Routes.h": "static NSString *const kRouteHome = @\"app://home\";\n",
            "/app/Other.h": "static NSString *const kUnrelated = @\"x\";\n",
        ])
        let sources = WiringSources(package: ".", target: "App", directory: "/app", files: [WiringSources.File(path: "Open.m", shown: "Open.m")],
                                    constantFiles: ["Routes.h", "Other.h"].map { WiringSources.File(path: $0, shown: $0) })
        let wiring = WiringPass.wiring(of: [sources], fileSystem: fileSystem)
        #expect(wiring.first?.constants == ["kRouteHome": "app://home"], "kRouteNowhere is defined nowhere; Other.h does not name it")
        #expect(wiring.first?.files.map(\.path) == ["Open.m", "Routes.h"])
    }

    @Test func onlyFilesWithAWiringWordAreRead() {
        #expect(WiringPass.markers.present(in: Array("x.performTarget(".utf8)))
        #expect(WiringPass.markers.present(in: Array("class Target_A {}".utf8)))
        #expect(!WiringPass.markers.present(in: Array("import Foundation\nlet target = 1\n".utf8)))
    }

    /// A clone's naming: the macros its header defines, its superclass, the format strings of its own `performTarget:`,
    /// the receivers calls are sent to, and providers declared through the macros.
    @Test func aCloneItsMacrosAndItsProviders() {
        let header = ObjCWiringScanner.wiring(in: """
            #define _Target(name) Target_##name
            #define _Action(name) action_##name
            #define _Weird(name) [self lookup:name]
            #define kHome @"app://home/detail" // the home screen
            @interface HDMediator : NSObject
            - (id)performTarget:(NSString *)target action:(NSString *)action params:(NSDictionary *)params;
            @end
            @interface AppMediator : HDMediator
            @end
            """)
        #expect(header.mediators.pasteMacros == ["_Target": PasteMacro(prefix: "Target_", suffix: ""), "_Action": PasteMacro(prefix: "action_", suffix: "")])
        #expect(header.mediators.superclasses == ["HDMediator": "NSObject", "AppMediator": "HDMediator"])
        #expect(header.constants == ["kHome": "app://home/detail"])
        let implementation = ObjCWiringScanner.wiring(in: """
            @implementation CTMediator
            - (id)performTarget:(NSString *)targetName action:(NSString *)actionName params:(NSDictionary *)params {
                NSString *target = [NSString stringWithFormat:@"Target_%@", targetName];
                NSString *action = [NSString stringWithFormat:@"Action_%@:", actionName];
                NSString *bare = [NSString stringWithFormat:@"Action_%@", actionName];
                return nil;
            }
            @end
            @implementation _Target(Home)
            - (UIViewController *)_Action(showDetail):(NSDictionary *)params { return nil; }
            - (void)_Action(refresh) {}
            @end
            @implementation HDMediator (Home)
            - (id)home { return [self performTarget:@"Home" action:@"showDetail" params:nil]; }
            @end
            void open(void) { [[HDMediator sharedInstance] performTarget:@"Home" action:@"refresh" params:nil]; [mediator performTarget:@"A" action:@"b" params:nil]; }
            """)
        #expect(implementation.mediators.implementations == ["CTMediator": ["Target_%@", "Action_%@:", "Action_%@"]])
        #expect(lines(implementation) == [
            "9:17 provides target-action _Target(Home)",
            "10:23 provides target-action _Target(Home)/_Action(showDetail)",
            "11:9 provides target-action _Target(Home)/_Action(refresh)",
            "14:27 uses target-action \"Home\"/\"showDetail\" via HDMediator category",
            "16:48 uses target-action \"Home\"/\"refresh\" via HDMediator",
            "16:111 uses target-action \"A\"/\"b\" via mediator",
        ])
        #expect(implementation.facts.filter { $0.role == .provides }.map(\.takesArgument) == [true, true, false])
    }

    /// A `let` inside a function is that function's: another function's parameter of the same name is not it. File and
    /// type constants are the target's.
    @Test func swiftConstantsKeepTheirScope() {
        let source = """
            let kVideo = "ComponentVideo"
            enum Keys { static let kImage = "ComponentImage" }
            extension CTMediator {
                func first() { let target = "ComponentOwner"; _ = target }
                func second(target: String) -> Any? { performTarget(target, action: "show", params: nil, shouldCacheTarget: false) }
                var third: Any? { let local = "X"; return local }
            }

            """
        for wiring in [SwiftWiringScanner.wiring(in: Array(source.utf8)), SwiftWiringScanner.wholeFiles(of: [Array(source.utf8)])[0]] {
            #expect(wiring.constants == ["kVideo": "ComponentVideo", "kImage": "ComponentImage"])
        }
    }
}
