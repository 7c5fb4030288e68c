package dev.widefeed.post;

import java.util.List;

/**
 * Fixed page {@code page} of a post's reposts that the viewer may see, oldest first ({@link RepostPages});
 * {@code pages} counts them all.
 */
public record RepostPage(int page, int pageSize, long pages, List<PostDetails> items) {}
