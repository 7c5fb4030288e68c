package dev.widefeed.comment;

import dev.widefeed.comment.store.SubjectCounts;
import dev.widefeed.post.PostCounts;

/**
 * What a reconcile found and corrected: the post's counters minus the index's truth, likewise the
 * subject's, the sums of the absolute errors of its comments' reply counts and of their likes and hates, and how
 * many hot ranking entries were moved or removed.
 */
public record CommentDrift(PostCounts post, SubjectCounts subject, long replies, long votes, long ranking) {
    public boolean isZero() {
        return post.isZero() && subject.isZero() && replies == 0 && votes == 0 && ranking == 0;
    }
}
