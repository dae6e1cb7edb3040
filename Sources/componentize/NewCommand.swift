import ArgumentParser
import Project

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a component package in its layer, with its legal dependencies declared.",
        discussion: """
            Creates <layout>/<Name> (scaffold.layout in componentize.yml, default Packages/{layer}/{name}): \
            Package.swift depending by relative path on the existing packages of the layers below that the layer \
            names as defaults, a small protocol-first entry point, a resource bundle with its generated accessors, \
            tests, and a README. The host app (scaffold.app) gets the new component as a dependency.

            Anything 'componentize check' would reject is refused before a file is written, with the fix. \
            Nothing is ever overwritten; a failure half-way leaves nothing behind.
            """
    )

    @Argument(help: "The component's module name, e.g. ComponentVideo.")
    var name: String

    @Option(help: "The layer (default: the layer whose members match the name).")
    var layer: String?

    @Option(name: .customLong("depends-on"), parsing: .singleValue, help: "More packages to depend on, comma-separated (ComponentImageInterface,NXService).")
    var dependsOn: [String] = []

    @Flag(help: "Also create <Name>Interface (protocols and value types) and register the implementation with the component registry. For a component that exists: create only its interface, and add it to the component's manifest.")
    var interface = false

    @Option(help: "For an existing pod of the business layer: wire it the CTMediator way (ctmediator: its category pod CTMediator+<Name> for callers, and Target_<Name> with a first action in the pod).")
    var mediator: Project.MediatorTemplate?

    @Flag(name: .customLong("no-resources"), help: "No resource bundle and no generated accessors.")
    var noResources = false

    @Option(name: .customLong("template-dir"), help: "Your own templates (same layout and variables as templates/).", completion: .directory)
    var templateDirectory: String?

    @Flag(name: .customLong("dry-run"), help: "Print the files and manifests it would write, and the app's edit; write nothing.")
    var dryRun = false

    @OptionGroup var project: ProjectOptions

    @Option(help: .hidden)
    var root: String?

    func validate() throws {
        if root != nil && project.path != "." {
            throw ValidationError("give the repository either as PATH or with --root (kept for one release), not both")
        }
    }

    func run() throws {
        let given = root ?? project.path
        let root = project.configurationPath == nil ? try Project.rootForNew(from: given) : given
        let request = Project.NewComponentRequest(
            name: name, layer: layer,
            dependsOn: dependsOn.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty },
            interface: interface, resources: !noResources, templateDirectory: templateDirectory, mediator: mediator)
        let project = try project.open(at: root)
        let plan = try project.plan(newComponent: request, today: Project.today())
        if dryRun {
            print(plan.dryRunDescription)
            return
        }
        try project.write(plan)
        for package in plan.packages {
            print("created \(plan.path(of: package)) (\(package.layer)): \(package.files.count) files")
        }
        for change in plan.manifestChanges {
            print(change.isNewFile ? "created \(change.path)" : "edited \(change.path): \(change.what)")
        }
        for note in plan.notes { print("note: \(note)") }
    }
}

extension Project.MediatorTemplate: ExpressibleByArgument {}
