package dev.widefeed.notification;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A family of sources whose groups are counted by minute ({@link TalliedGroups}): each source counts in one group,
 * under a key of its own (a like's liker, a comment's id), and the group's target keeps a list, newest first, of every
 * source that stands with its time.
 */
interface TalliedSource {
    /** Where a source counts: who is told, of what, about which target, and the key it counts under there. */
    record Placed(long recipientId, NotificationKind kind, long targetId, long memberId) {}

    /** A source standing in a target's list: its subject (which decides its event log shard), actor and time. */
    record Listed(long subjectId, long actorId, Instant at) {}

    /** The family of the event log entries that tell of it (docs/design.md, "Notifications"). */
    String family();

    /** The kinds of the groups its sources count in. */
    Set<NotificationKind> kinds();

    /** The source as its event says, when the event began it (this instance made the change). */
    Optional<TalliedGroups.Known> carried(Object event);

    /** The source as its truth row says now. */
    TalliedGroups.Known truth(long subjectId, long actorId);

    /** Where the source counts while its target stands; empty if it tells nobody (the target is gone). */
    Optional<Placed> place(TalliedGroups.Known source);

    /** Every source of the group's kind and target that stands, with its time in {@code [from, to)}, by its key. */
    Map<Long, Listed> listed(NotificationKind kind, long targetId, Instant from, Instant to);

    /**
     * The entries of a newest-first list whose time falls in {@code [from, to)}, read back page by page from
     * {@code to} until the first one older than {@code from}.
     *
     * @param first the cursor from which a page starts below {@code to}
     * @param page  a page of at most {@code size} entries strictly after the cursor
     * @param after the cursor after an entry
     */
    static <E, C> List<E> between(
            Instant from,
            Instant to,
            C first,
            BiFunction<C, Integer, List<E>> page,
            Function<E, Instant> time,
            Function<E, C> after) {
        int size = 500;
        List<E> found = new ArrayList<>();
        Optional<C> cursor = Optional.of(first);
        while (cursor.isPresent()) {
            List<E> read = page.apply(cursor.get(), size);
            E last = read.isEmpty() ? null : read.get(read.size() - 1);
            cursor = read.size() < size || time.apply(last).isBefore(from)
                    ? Optional.empty()
                    : Optional.of(after.apply(last));
            read.stream()
                    .filter(e -> !time.apply(e).isBefore(from) && time.apply(e).isBefore(to))
                    .forEach(found::add);
        }
        return found;
    }
}
