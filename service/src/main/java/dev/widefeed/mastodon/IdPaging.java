package dev.widefeed.mastodon;

import dev.widefeed.kernel.Page;
import dev.widefeed.post.Since;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * Mastodon's paging of a newest-first list by ids (docs/mastodon.md, "Paging"): {@code max_id} (older than),
 * {@code since_id} (newer than, the newest page), {@code min_id} (newer than, the page right above it), and
 * {@code limit} (20, at most 40); the answer's {@code Link} header names the next (older) and previous (newer) pages.
 * The service's lists read newest first below a position, so {@code min_id} reads down from the top to it, at most
 * {@link #MIN_ID_PAGES} pages of {@link #MAX_LIMIT}: within that many it is exact; beyond, it answers the deepest page
 * it read, and a client paging up from there misses what lies between it and {@code min_id}.
 */
public record IdPaging(Optional<Long> maxId, Optional<Long> sinceId, Optional<Long> minId, int limit) {
    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 40;
    static final int MIN_ID_PAGES = 10;

    /** One read of the list: a page below {@code before}, bounded by {@code since}, of {@code limit} items. */
    @FunctionalInterface
    public interface Reader<T> {
        Page<T, Long> read(Optional<Long> before, Since since, int limit);
    }

    /** The paging a request asks for; a malformed id or limit is a 400 (Mastodon clamps limits; so does this). */
    public static IdPaging of(Fields fields) {
        int limit = fields.get("limit")
                .map(IdPaging::number)
                .map(n -> (int) Math.max(1, Math.min(MAX_LIMIT, n)))
                .orElse(DEFAULT_LIMIT);
        return new IdPaging(
                fields.get("max_id").map(IdPaging::id),
                fields.get("since_id").map(IdPaging::id),
                fields.get("min_id").map(IdPaging::id),
                limit);
    }

    private static long number(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new MastodonException(400, "limit must be a number");
        }
    }

    private static long id(String text) {
        try {
            long id = Long.parseLong(text.strip());
            if (id < 0) {
                throw new NumberFormatException();
            }
            return id;
        } catch (NumberFormatException e) {
            throw new MastodonException(400, "max_id, since_id and min_id must be ids");
        }
    }

    /** The page asked for, newest first. */
    public <T> List<T> read(Reader<T> reader) {
        if (minId.isEmpty()) {
            Since since = new Since(sinceId.orElse(0L));
            return reader.read(maxId, since, limit).items();
        }
        // Read down from the top (or max_id) to min_id, keeping the last `limit` items: those right above min_id.
        Since since = new Since(Math.max(minId.get(), sinceId.orElse(0L)));
        List<T> window = new ArrayList<>();
        Optional<Long> before = maxId;
        for (int pages = 0; pages < MIN_ID_PAGES; pages++) {
            Page<T, Long> page = reader.read(before, since, MAX_LIMIT);
            window.addAll(page.items());
            if (window.size() > limit) {
                window = new ArrayList<>(window.subList(window.size() - limit, window.size()));
            }
            if (page.next().isEmpty()) {
                break;
            }
            before = page.next();
        }
        return window;
    }

    /** The {@code Link} header of an answer of {@code items}, or empty for an empty page. */
    public static <T> Optional<String> link(UriInfo uri, List<T> items, ToLongFunction<T> idOf) {
        if (items.isEmpty()) {
            return Optional.empty();
        }
        String next = page(uri, "max_id", idOf.applyAsLong(items.get(items.size() - 1)));
        String prev = page(uri, "min_id", idOf.applyAsLong(items.get(0)));
        return Optional.of("<" + next + ">; rel=\"next\", <" + prev + ">; rel=\"prev\"");
    }

    private static String page(UriInfo uri, String bound, long id) {
        UriBuilder builder = uri.getRequestUriBuilder()
                .replaceQueryParam("max_id")
                .replaceQueryParam("since_id")
                .replaceQueryParam("min_id")
                .replaceQueryParam(bound, id);
        return builder.build().toString();
    }
}
