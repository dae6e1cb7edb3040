import PodMigration

/// What `componentize migrate-pods` is asked for.
public typealias MigratePodsRequest = PodMigrationRequest

extension Project {
    /// Plans the migration of the development pods in scope (or those named) to SwiftPM packages, in folder order
    /// (see ``PodMigrationPlanner``), with the layering findings of a check without the sources.
    public func migratePods(_ request: MigratePodsRequest) throws -> PodMigrationRun {
        let planner = PodMigrationPlanner(workspace: workspace, configuration: configuration, fileSystem: fileSystem, knownRules: Self.knownRules,
                                          inScope: { self.inScope($0) })
        return try planner.plan(request) { try check(today: request.today, imports: false).result.findings }
    }

    /// Writes the migration and the resource accessors of its targets (see ``PodMigrationRun/write(editSources:readingBackWith:root:accessorsFolder:)``).
    public func write(_ run: PodMigrationRun, editSources: Bool = false) throws -> (written: [String], problems: [String]) {
        try run.write(editSources: editSources, readingBackWith: reader, root: root, accessorsFolder: configuration.resourcesOutputDirectory)
    }
}
