package dev.widefeed.graph;

import dev.widefeed.cache.CacheTier;
import dev.widefeed.kernel.CoalescedCounts;
import dev.widefeed.kernel.FeatureContext;
import java.util.concurrent.Executor;

/**
 * Users, handles and follows, assembled (docs/ARCHITECTURE.md, "Assembly").
 *
 * @param userStore the users' store as every feature above writes it: watched by the profile cache, so no change of a
 *                  profile goes unheard
 * @param counts    users' counter updates off the request; closed before the storage, so what waits is applied
 */
public record GraphFeature(
        UserStore userStore,
        RelationStore relationStore,
        ProfileCache profiles,
        CoalescedCounts<UserCounts> counts,
        UserService users,
        FollowService follows,
        RelationRepairer repairer) {

    /** @param batchFollows where a batch follow's edges are written beside each other */
    public static GraphFeature assemble(
            FeatureContext context,
            CacheTier cache,
            UserStore users,
            RelationStore relations,
            RelationLimits limits,
            Executor batchFollows) {
        ProfileCache profiles = new ProfileCache(users, cache.settings(), cache.invalidations());
        cache.hold(profiles.caches());
        UserStore watched = profiles.watching(users);
        // Applied to the store unwatched: a count change is no change of a profile the cache must announce.
        CoalescedCounts<UserCounts> counts = CoalescedCounts.standard(
                "user-counts",
                UserCounts::plus,
                users::addCounts,
                context.marks()::user,
                context.clock(),
                context.threads());
        return new GraphFeature(
                watched,
                relations,
                profiles,
                counts,
                new UserService(watched, context.ids(), context.clock(), counts, context.events(), profiles),
                new FollowService(
                        watched,
                        relations,
                        context.ids(),
                        context.clock(),
                        limits,
                        batchFollows,
                        context.events(),
                        counts),
                new RelationRepairer(watched, relations, context.marks()));
    }
}
