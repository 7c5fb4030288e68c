package dev.widefeed.api;

import dev.widefeed.comment.CommentPage;

import java.util.List;

/**
 * Fixed page {@code page} of a post's top-level comments, oldest first; {@code pages} counts them all; {@code closed}
 * whether new comments are refused; {@code pinned} the comment the post's author pinned (first page only, else null).
 */
public record CommentPageView(int page, int pageSize, long pages, List<CommentView> items, boolean closed,
                              CommentView pinned) {
    public static CommentPageView of(CommentPage page) {
        return new CommentPageView(page.page(), page.pageSize(), page.pages(),
                page.items().stream().map(CommentView::of).toList(), page.closed(),
                page.pinned().map(CommentView::of).orElse(null));
    }
}
