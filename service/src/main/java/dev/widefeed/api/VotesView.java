package dev.widefeed.api;

import dev.widefeed.comment.store.CommentCounts;

/** A comment's likes and hates after a vote. */
public record VotesView(long likes, long hates) {
    public static VotesView of(CommentCounts counts) {
        return new VotesView(counts.likes(), counts.hates());
    }
}
