package dev.widefeed.comment.store;

import dev.widefeed.graph.Handle;
import dev.widefeed.mention.Mention;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A comment as stored: its index entry (thread, floor, author, state) joined with its content.
 * {@code rootId} is 0 for a top-level comment, else the top-level comment it belongs under;
 * {@code parentId} is the comment it answers (0 for none). {@code floor} is 0 until the comment is
 * placed. A deleted comment keeps its floor but has no content, and so no mentions. {@code mentions}: the handles
 * its text names that someone held when it was written, and by whom (docs/design.md, "Mentions and topics").
 */
public record Comment(
        long id,
        CommentedObject object,
        long authorId,
        long rootId,
        long parentId,
        long floor,
        String content,
        Instant createdAt,
        boolean deleted,
        Map<Handle, Long> mentions) {
    public Comment {
        mentions = Map.copyOf(mentions);
    }

    /** A comment that mentions nobody. */
    public Comment(
            long id,
            CommentedObject object,
            long authorId,
            long rootId,
            long parentId,
            long floor,
            String content,
            Instant createdAt,
            boolean deleted) {
        this(id, object, authorId, rootId, parentId, floor, content, createdAt, deleted, Map.of());
    }

    /** The mentions of its text that name a user, in order, with their places (none once deleted). */
    public List<Mention> mentioned() {
        return deleted || content == null ? List.of() : Mention.resolved(content, mentions);
    }

    public CommentThread thread() {
        return new CommentThread(object, rootId);
    }

    public boolean isTopLevel() {
        return rootId == 0;
    }

    public Comment atFloor(long newFloor) {
        return new Comment(id, object, authorId, rootId, parentId, newFloor, content, createdAt, deleted, mentions);
    }
}
