import ArgumentParser
import Configuration
import Foundation
import Scaffolding

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented componentize.yml for a layer preset.",
        discussion: """
            four-layer is the source article's app: kit, common (UI, Service), account, business, app. \
            three-layer is base, common business, business, under the app. Refuses to replace an existing file.
            """
    )

    @Option(help: "four-layer or three-layer.")
    var preset: Preset = .fourLayer

    @Option(help: "The prefix of your base packages (NX for NXKit, NXUI...); also names the registry <prefix>Mediator.")
    var prefix: String = ""

    @Argument(help: "The repository root (default: the current directory).", completion: .directory)
    var path: String = "."

    func validate() throws {
        if !prefix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            throw ValidationError("--prefix '\(prefix)' must be ASCII letters and digits, e.g. NX")
        }
    }

    func run() throws {
        let written = try ConfigurationWriter(preset: preset, prefix: prefix).write(root: path)
        print("wrote \(written) (preset \(preset.rawValue)); create components with 'componentize new <Name>'")
    }
}

extension Preset: ExpressibleByArgument {}
