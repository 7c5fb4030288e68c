package dev.widefeed.like;

import java.time.Instant;

/**
 * Where a likes page ended: the (likedAt, id) of its last entry, id being the liker (in a post's
 * likers) or the post (in a user's liked posts). Lists are ordered by that pair descending.
 */
public record LikeCursor(Instant likedAt, long id) {}
