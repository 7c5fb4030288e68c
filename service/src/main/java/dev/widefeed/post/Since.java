package dev.widefeed.post;

import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The lower bound of a pull-to-refresh read: only items strictly newer than the id a client last saw
 * (docs/design.md, "Timelines for clients"). Ids are time-ordered, so on a newest-first list the bound
 * cuts a prefix; a page cut by it is the last one (it has no cursor), and one that was not cut carries
 * the usual cursor, which the client follows with the same bound until the gap down to it is filled.
 */
public record Since(long id) {
    /** No bound: the whole list. */
    public static final Since NONE = new Since(0);

    public Since {
        if (id < 0) {
            throw new IllegalArgumentException("an id bound is not negative");
        }
    }

    public static Since of(Optional<Long> id) {
        return id.map(Since::new).orElse(NONE);
    }

    /** The leading items of a newest-first list whose ids are above the bound. */
    public <T> List<T> above(List<T> newestFirst, ToLongFunction<T> idOf) {
        for (int i = 0; i < newestFirst.size(); i++) {
            if (idOf.applyAsLong(newestFirst.get(i)) <= id) {
                return newestFirst.subList(0, i);
            }
        }
        return newestFirst;
    }

    /** The leading ids above the bound. */
    public List<Long> above(List<Long> newestFirst) {
        return above(newestFirst, Long::longValue);
    }
}
