package dev.widefeed.feed.timeline;

import dev.widefeed.audience.AudienceStore;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.post.PostStore;

/**
 * The stores fan-out and the home timeline read and write: the inboxes, the fan-out's checkpoints and deliveries, the
 * follow edges (where a reader's last read travels), the authors' own lists of posts and the audiences a post may
 * reach.
 */
public record FeedStores(
        TimelineStore timelines,
        FanoutStore fanout,
        RelationStore relations,
        PostStore posts,
        AudienceStore audiences) {}
