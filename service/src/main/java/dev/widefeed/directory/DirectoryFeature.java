package dev.widefeed.directory;

import dev.widefeed.eventlog.GuardedWork;
import dev.widefeed.eventlog.LogRoutes;
import dev.widefeed.graph.GraphFeature;
import dev.widefeed.graph.UserEvent;
import dev.widefeed.kernel.FeatureContext;

/**
 * Finding people, assembled: every change of a profile is logged before and after it, and the log's work lists the
 * user where their profile says then (docs/ARCHITECTURE.md, "Events").
 */
public record DirectoryFeature(NameDirectory directory) {
    public static DirectoryFeature assemble(
            FeatureContext context, LogRoutes log, GraphFeature graph, DirectoryStore store) {
        NameDirectory directory =
                new NameDirectory(graph.userStore(), graph.profiles()::findAll, store, NameDirectory.LISTING_CAP);
        log.handle(new GuardedWork(NameDirectory.LOG_KIND, directory::relist, context.clock()).byKind());
        log.guarded(
                UserEvent.ProfileChanged.class,
                NameDirectory.LOG_KIND,
                UserEvent.ProfileChanged::userId,
                UserEvent.ProfileChanged::userId);
        return new DirectoryFeature(directory);
    }
}
