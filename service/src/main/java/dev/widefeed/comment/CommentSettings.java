package dev.widefeed.comment;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentSubject;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostAccess;
import java.util.List;
import java.util.Optional;

/**
 * How a post takes comments, set by its author (docs/design.md, Comments): closed to new ones or open, and the one
 * comment pinned above its first page. Kept in its comment subject, opened by the first setting if nothing was ever
 * commented.
 */
public final class CommentSettings {
    private final CommentStore comments;
    private final PostAccess access;
    private final CommentReader reader;

    /** @param reader the pinned comment as pages show it, which a pin answers with */
    public CommentSettings(CommentStore comments, PostAccess access, CommentReader reader) {
        this.comments = comments;
        this.access = access;
        this.reader = reader;
    }

    /** Closes the post's comments to new ones (existing ones stay), or opens them again; its author only. */
    public void close(long me, long postId, boolean closed) {
        CommentSubject subject = ownedSubject(me, postId);
        if (subject.closed() != closed) {
            comments.saveSettings(subject.object(), new CommentSubject.Settings(closed, subject.pinnedId()));
        }
    }

    /**
     * Pins a live top-level comment of the post above its first page (in place of any pinned before), or unpins
     * with {@code commentId} 0; its author only. 404 for an unknown or deleted comment, 422 for a reply or a
     * comment on another post.
     */
    public Optional<CommentDetails> pin(long me, long postId, long commentId) {
        CommentSubject subject = ownedSubject(me, postId);
        Optional<CommentDetails> pinned = Optional.empty();
        if (commentId != 0) {
            Comment comment = comments.find(commentId)
                    .filter(c -> !c.deleted())
                    .orElseThrow(() -> DomainException.notFound("no comment " + commentId));
            if (!comment.object().equals(subject.object()) || !comment.isTopLevel()) {
                throw DomainException.invalid("comment " + commentId + " is not a top-level comment of post " + postId);
            }
            pinned = Optional.of(reader.withCounts(me, List.of(comment)).get(0));
        }
        if (subject.pinnedId() != commentId) {
            comments.saveSettings(subject.object(), new CommentSubject.Settings(subject.closed(), commentId));
        }
        return pinned;
    }

    /** The post's subject, opened if nothing was ever commented; 404 a post I may not see, 403 not mine. */
    private CommentSubject ownedSubject(long me, long postId) {
        Post post = access.require(me, postId);
        Ownership.require(me, post.authorId(), "only its author sets how post " + postId + " takes comments");
        CommentedObject object = CommentedObject.post(postId);
        return comments.subject(object).orElseGet(() -> {
            CommentSubject opened = new CommentSubject(object, post.authorId(), CommentSubject.State.NORMAL);
            comments.openSubject(opened);
            return opened;
        });
    }
}
