package dev.widefeed.comment;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.kernel.DomainEvent;

/**
 * What happens to comments, as {@link CommentWriter} and {@link CommentVoting} announce it: recorded before each
 * change is tried (a comment not placed yet), published once it really happened.
 */
public sealed interface CommentEvent extends DomainEvent {
    long commentId();

    /** A top-level comment took its floor. */
    record Commented(Comment comment) implements CommentEvent {
        @Override
        public long commentId() {
            return comment.id();
        }
    }

    /** A reply took its floor under {@code reply().rootId()}, answering {@code reply().parentId()}. */
    record Replied(Comment reply) implements CommentEvent {
        @Override
        public long commentId() {
            return reply.id();
        }
    }

    record Deleted(Comment comment) implements CommentEvent {
        @Override
        public long commentId() {
            return comment.id();
        }
    }

    /** A user's vote on a comment moved from {@code from} to {@code to}. */
    record Voted(long commentId, long userId, Vote from, Vote to) implements CommentEvent {}
}
