package dev.widefeed.comment;

import dev.widefeed.post.PostCounts;

/**
 * What a reconcile found and corrected: the post's counters minus the index's truth, likewise the
 * subject's, and the sums of the absolute errors of its comments' reply counts and of their likes and hates.
 */
public record CommentDrift(PostCounts post, SubjectCounts subject, long replies, long votes) {
    public boolean isZero() {
        return post.isZero() && subject.isZero() && replies == 0 && votes == 0;
    }
}
