package dev.widefeed.feed.home;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Merges the sources of a home page (the pushed inbox, each pulled author's recent posts) into one
 * list of post ids, newest first, with no gap and no duplicate: a source is only trusted down to the
 * post id above which it holds everything, so the merge stops at the highest of those bounds, and the
 * caller reads on below it (docs/design.md, Home timeline and fan-out).
 */
final class HomeMerge {
    private HomeMerge() {}

    /**
     * Post ids from one source, newest first, that are all the source has above {@code completeAbove}.
     * A post both pushed and pulled (an author who crossed the pull threshold) is in two sources.
     */
    record Source(List<Long> idsNewestFirst, long completeAbove) {
        Source {
            idsNewestFirst = List.copyOf(idsNewestFirst);
            if (completeAbove < 0) {
                throw new IllegalArgumentException("a source's bound is a post id, not negative");
            }
        }

        /**
         * A source read with a limit: asked for {@code asked} ids below a cursor and above {@code floor}.
         * A full answer may have more below its oldest id, so it holds everything only from that id up.
         */
        static Source read(List<Long> idsNewestFirst, int asked, long floor) {
            if (idsNewestFirst.size() < asked || idsNewestFirst.isEmpty()) {
                return new Source(idsNewestFirst, floor);
            }
            return new Source(idsNewestFirst, Math.max(floor, idsNewestFirst.get(idsNewestFirst.size() - 1) - 1));
        }
    }

    /**
     * @param ids           at most {@code want}, newest first
     * @param completeAbove every id of every source between this and the cursor is in {@code ids}, unless
     *                      {@code want} cut them; below it, the caller reads on
     */
    record Merged(List<Long> ids, long completeAbove) {}

    /** The newest {@code want} ids below {@code before} of all the sources, as far down as all of them are complete. */
    static Merged merge(Collection<Source> sources, Optional<Long> before, int want) {
        if (want < 1) {
            throw new IllegalArgumentException("want at least one id");
        }
        long bound = sources.stream().mapToLong(Source::completeAbove).max().orElse(0);
        long below = before.orElse(Long.MAX_VALUE);
        TreeSet<Long> merged = new TreeSet<>();
        for (Source source : sources) {
            for (long id : source.idsNewestFirst()) {
                if (id > bound && id < below) {
                    merged.add(id);
                }
            }
        }
        List<Long> ids = new ArrayList<>(Math.min(want, merged.size()));
        for (long id : merged.descendingSet()) {
            if (ids.size() == want) {
                break;
            }
            ids.add(id);
        }
        return new Merged(ids, bound);
    }
}
