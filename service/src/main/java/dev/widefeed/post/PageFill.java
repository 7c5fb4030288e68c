package dev.widefeed.post;

import dev.widefeed.kernel.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Fills a page of posts from a newest-first list of ids when some ids yield no post (deleted
 * since listed, or not visible to the viewer): it asks for more below the last id it examined,
 * up to a few rounds, rather than answering short at once. The cursor is the last id examined, so
 * the next page neither repeats nor skips anything. Ids at or below {@code since} end the list there.
 */
public final class PageFill {
    static final int MAX_ROUNDS = 4;

    private PageFill() {}

    /**
     * @param idsBelow ids strictly below the cursor (all if empty), newest first, at most the count
     * @param posts    the posts of those ids that the viewer gets, in order
     */
    public static Page<PostDetails, Long> fill(
            int limit,
            Optional<Long> before,
            Since since,
            BiFunction<Optional<Long>, Integer, List<Long>> idsBelow,
            Function<List<Long>, List<PostDetails>> posts) {
        List<PostDetails> items = new ArrayList<>(limit);
        Optional<Long> cursor = before;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            int want = limit - items.size();
            List<Long> listed = idsBelow.apply(cursor, want + 1);
            List<Long> ids = since.above(listed);
            boolean more = ids.size() > want;
            List<Long> pageIds = more ? ids.subList(0, want) : ids;
            items.addAll(posts.apply(pageIds));
            if (!more) {
                return new Page<>(items, Optional.empty());
            }
            cursor = Optional.of(pageIds.get(pageIds.size() - 1));
            if (items.size() >= limit) {
                break;
            }
        }
        return new Page<>(items, cursor);
    }
}
