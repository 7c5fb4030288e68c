package dev.widefeed.comment;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.Vote;

/** A comment with its counts and the viewer's vote on it, as the domain answers it. */
public record CommentDetails(Comment comment, CommentCounts counts, Vote myVote) {
    /** A comment the viewer has not voted on. */
    public CommentDetails(Comment comment, CommentCounts counts) {
        this(comment, counts, Vote.NONE);
    }
}
