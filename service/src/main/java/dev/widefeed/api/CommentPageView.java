package dev.widefeed.api;

import dev.widefeed.comment.CommentPage;

import java.util.List;

/** Fixed page {@code page} of a post's top-level comments, oldest first; {@code pages} counts them all. */
public record CommentPageView(int page, int pageSize, long pages, List<CommentView> items) {
    public static CommentPageView of(CommentPage page) {
        return new CommentPageView(page.page(), page.pageSize(), page.pages(),
                page.items().stream().map(CommentView::of).toList());
    }
}
