package dev.widefeed.mastodon;

import dev.widefeed.kernel.Page;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Mastodon's paging of a newest-first list by ids (docs/mastodon.md, "Paging"): {@code max_id} (older than),
 * {@code since_id} (newer than, the newest page), {@code min_id} (newer than, the page right above it), and
 * {@code limit} (20, at most 40); the answer's {@code Link} header names the next (older) and previous (newer) pages.
 * The service's lists read newest first below a position, so a lower bound reads down from the top (or
 * {@code max_id}) to it, at most {@link #BOUND_PAGES} pages of {@link #MAX_LIMIT}: within that many it is exact;
 * beyond, {@code min_id} answers the deepest page read, and a client paging up from there misses what lies between
 * it and {@code min_id}.
 *
 * @param <P> a position in the list, as the ids name it
 */
public record IdPaging<P extends Comparable<P>>(Optional<P> maxId, Optional<P> sinceId, Optional<P> minId, int limit) {
    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 40;
    static final int BOUND_PAGES = 10;

    /** One read of the list: a page of {@code limit} items below {@code before}, and the position after it. */
    @FunctionalInterface
    public interface Reader<T, P> {
        Page<T, P> read(Optional<P> before, int limit);
    }

    /** The newest page of the default size: a request with no bounds. */
    public static IdPaging<Long> newest() {
        return new IdPaging<Long>(Optional.empty(), Optional.empty(), Optional.empty(), DEFAULT_LIMIT);
    }

    /** The paging of a list whose ids are the service's own (posts, users). */
    public static IdPaging<Long> of(Fields fields) {
        return of(fields, IdPaging::id);
    }

    /**
     * The paging a request asks for, its ids read by {@code parse}; a malformed id or limit is a 400. Mastodon clamps
     * limits into range; so does this.
     */
    public static <P extends Comparable<P>> IdPaging<P> of(Fields fields, Function<String, Optional<P>> parse) {
        int limit = fields.clamped("limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
        Function<String, P> position = text -> parse.apply(text.strip())
                .orElseThrow(() -> new MastodonException(400, "max_id, since_id and min_id must be ids"));
        return new IdPaging<>(
                fields.get("max_id").map(position),
                fields.get("since_id").map(position),
                fields.get("min_id").map(position),
                limit);
    }

    private static Optional<Long> id(String text) {
        try {
            long id = Long.parseLong(text);
            return id >= 0 ? Optional.of(id) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The page asked for, newest first. */
    public <T> List<T> read(Reader<T, P> reader, Function<T, P> positionOf) {
        Optional<P> bound = minId.isPresent() ? minId : sinceId;
        if (bound.isEmpty()) {
            return reader.read(maxId, limit).items();
        }
        // Down from the top (or max_id) to the bound: since_id keeps the first `limit` items above it, min_id the
        // last `limit`, those right above it.
        List<T> kept = new ArrayList<>();
        Optional<P> before = maxId;
        for (int pages = 0; pages < BOUND_PAGES; pages++) {
            Page<T, P> page = reader.read(before, MAX_LIMIT);
            boolean reached = false;
            for (T item : page.items()) {
                if (positionOf.apply(item).compareTo(bound.get()) <= 0) {
                    reached = true;
                    break;
                }
                kept.add(item);
            }
            if (minId.isEmpty() && kept.size() >= limit) {
                return List.copyOf(kept.subList(0, limit));
            }
            if (kept.size() > limit) {
                kept = new ArrayList<>(kept.subList(kept.size() - limit, kept.size()));
            }
            if (reached || page.next().isEmpty()) {
                break;
            }
            before = page.next();
        }
        return kept;
    }

    /**
     * A page's answer: {@code answer} with its {@code Link} header, whose pages follow what was {@code read} (some of
     * it may be left out of the answer). An empty answer has no header: Mastodon.py cannot take one on an empty list.
     */
    public static <T> Response answer(UriInfo uri, List<?> answer, List<T> read, Function<T, String> idOf) {
        Response.ResponseBuilder response = Response.ok(answer);
        if (!answer.isEmpty() && !read.isEmpty()) {
            // rel="next" first: toot reads only a header that starts with it.
            String next = page(uri, "max_id", idOf.apply(read.get(read.size() - 1)));
            String prev = page(uri, "min_id", idOf.apply(read.get(0)));
            response.header("Link", "<" + next + ">; rel=\"next\", <" + prev + ">; rel=\"prev\"");
        }
        return response.build();
    }

    private static String page(UriInfo uri, String bound, String id) {
        UriBuilder builder = uri.getRequestUriBuilder()
                .replaceQueryParam("max_id")
                .replaceQueryParam("since_id")
                .replaceQueryParam("min_id")
                .replaceQueryParam(bound, id);
        return builder.build().toString();
    }
}
