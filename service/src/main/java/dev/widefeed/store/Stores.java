package dev.widefeed.store;

/** One backend's adapters, one per aggregate. */
public record Stores(UserStore users, RelationStore relations, PostStore posts, LikeStore likes,
                     CommentStore comments, TimelineStore timelines, FanoutStore fanout,
                     AudienceStore audiences) {
}
