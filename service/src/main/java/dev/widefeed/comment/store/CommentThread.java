package dev.widefeed.comment.store;

/**
 * One floor-numbered sequence of comments: the top-level comments of an object ({@code rootId} 0)
 * or the replies under one top-level comment. Each thread numbers its floors 1, 2, 3 ...
 */
public record CommentThread(CommentedObject object, long rootId) {
    public static CommentThread topLevel(CommentedObject object) {
        return new CommentThread(object, 0);
    }

    public boolean isTopLevel() {
        return rootId == 0;
    }
}
