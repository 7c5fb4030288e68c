package dev.widefeed.post;

import dev.widefeed.audience.AudienceFeature;
import dev.widefeed.cache.CacheTier;
import dev.widefeed.graph.GraphFeature;
import dev.widefeed.kernel.CoalescedCounts;
import dev.widefeed.kernel.CounterUpdates;
import dev.widefeed.kernel.FeatureContext;

/**
 * Posts and reposts, assembled.
 *
 * @param store  the posts' store as every feature above writes it: watched by the post cache
 * @param counts posts' counter updates off the request (likes, comments, votes); closed before the storage
 * @param counted {@code counts}, each delta also added to this instance's cached count at once, so an actor sees their
 *               own change
 */
public record PostFeature(
        PostStore store,
        PostCache cache,
        PostAccess access,
        CoalescedCounts<PostCounts> counts,
        CounterUpdates<PostCounts> counted,
        PostService posts) {

    /** @param liked which posts a viewer likes, for a page's {@code likedByMe} (the likes feature's reads) */
    public static PostFeature assemble(
            FeatureContext context,
            CacheTier cache,
            PostStore posts,
            LikedPosts liked,
            GraphFeature graph,
            AudienceFeature audience) {
        // Applied to the store unwatched: the cache holds each delta from the moment it is handed on, and adds what is
        // not applied yet to what it loads (docs/design.md, "Counters that heal").
        CoalescedCounts<PostCounts> counts = CoalescedCounts.standard(
                "post-counts",
                PostCounts::plus,
                posts::addCounts,
                context.marks()::post,
                context.clock(),
                context.threads());
        PostCache postCache = new PostCache(posts, cache.settings(), cache.invalidations(), counts);
        cache.hold(postCache.caches());
        PostStore watched = postCache.watching(posts);
        PostAccess access = new PostAccess(postCache::find, audience.facts());
        PostService service = new PostService(
                context,
                graph.userStore(),
                watched,
                liked,
                access,
                audience.audiences(),
                postCache,
                graph.profiles(),
                // In the request: a repost's page is its source's repost count when it is written (docs/design.md).
                CounterUpdates.direct("reposts", watched::addCounts, context.marks()::post),
                graph.counts());
        return new PostFeature(watched, postCache, access, counts, postCache.counted(counts), service);
    }
}
