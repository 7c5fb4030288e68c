package dev.widefeed.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.widefeed.comment.CommentPage;
import dev.widefeed.comment.HotCommentPage;
import dev.widefeed.comment.store.HotCursor;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.function.Function;

/**
 * A page of a post's top-level comments. By floor (the default): fixed page {@code page}, oldest first, {@code pages}
 * counting them all, {@code next} null. By likes minus hates ({@code sort=hot}): no page numbers, {@code next} the
 * cursor of the next page (null on the last). {@code closed}: whether new comments are refused; {@code pinned}: the
 * comment the post's author pinned (first page only, else null).
 */
public record CommentPageView(
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer page,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer pageSize,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long pages,
        List<CommentView> items,
        @Schema(nullable = true) String next,
        boolean closed,
        @Schema(nullable = true) CommentView pinned) {
    public static CommentPageView of(CommentPage page) {
        return new CommentPageView(
                page.page(),
                page.pageSize(),
                page.pages(),
                page.items().stream().map(CommentView::of).toList(),
                null,
                page.closed(),
                page.pinned().map(CommentView::of).orElse(null));
    }

    public static CommentPageView of(HotCommentPage page, Function<HotCursor, String> cursor) {
        return new CommentPageView(
                null,
                null,
                null,
                page.items().stream().map(CommentView::of).toList(),
                page.next().map(cursor).orElse(null),
                page.closed(),
                page.pinned().map(CommentView::of).orElse(null));
    }
}
