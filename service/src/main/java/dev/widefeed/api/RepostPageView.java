package dev.widefeed.api;

import dev.widefeed.post.RepostPage;
import java.util.List;

/** Fixed page {@code page} of a post's reposts, oldest first; {@code pages} counts them all. */
public record RepostPageView(int page, int pageSize, long pages, List<PostView> items) {
    public static RepostPageView of(RepostPage page) {
        return new RepostPageView(
                page.page(),
                page.pageSize(),
                page.pages(),
                page.items().stream().map(PostView::of).toList());
    }
}
