package dev.widefeed.comment;

import java.time.Instant;

/**
 * A comment as stored: its index entry (thread, floor, author, state) joined with its content.
 * {@code rootId} is 0 for a top-level comment, else the top-level comment it belongs under;
 * {@code parentId} is the comment it answers (0 for none). {@code floor} is 0 until the comment is
 * placed. A deleted comment keeps its floor but has no content.
 */
public record Comment(long id, CommentedObject object, long authorId, long rootId, long parentId, long floor,
                      String content, Instant createdAt, boolean deleted) {

    public CommentThread thread() {
        return new CommentThread(object, rootId);
    }

    public boolean isTopLevel() {
        return rootId == 0;
    }

    public Comment atFloor(long newFloor) {
        return new Comment(id, object, authorId, rootId, parentId, newFloor, content, createdAt, deleted);
    }
}
