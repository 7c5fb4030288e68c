package dev.widefeed.store;

import dev.widefeed.audience.AudienceStore;
import dev.widefeed.comment.CommentStore;
import dev.widefeed.feed.FanoutStore;
import dev.widefeed.feed.TimelineStore;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.graph.UserStore;
import dev.widefeed.like.LikeStore;
import dev.widefeed.post.PostStore;

/** One backend's adapters, one per aggregate. */
public record Stores(UserStore users, RelationStore relations, PostStore posts, LikeStore likes,
                     CommentStore comments, TimelineStore timelines, FanoutStore fanout,
                     AudienceStore audiences) {
}
