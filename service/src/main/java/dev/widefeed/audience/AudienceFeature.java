package dev.widefeed.audience;

import dev.widefeed.graph.GraphFeature;
import dev.widefeed.kernel.FeatureContext;

/**
 * Audiences, marks and groups, assembled.
 *
 * @param facts the marks and memberships the visibility rule reads, cached for every feature that applies it
 */
public record AudienceFeature(
        AudienceStore store, AudienceFacts facts, AudienceService audiences, Relationships relationships) {
    public static AudienceFeature assemble(
            FeatureContext context, AudienceSettings settings, AudienceStore store, GraphFeature graph) {
        AudienceFacts facts = new AudienceFacts(store, settings.cacheWeight(), settings.cacheTtl());
        return new AudienceFeature(
                store,
                facts,
                new AudienceService(store, graph.userStore(), facts, settings.limits(), context.ids(), context.clock()),
                new Relationships(graph.userStore(), graph.relationStore(), facts, context.pageReads()));
    }
}
