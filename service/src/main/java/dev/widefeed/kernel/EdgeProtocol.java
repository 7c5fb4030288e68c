package dev.widefeed.kernel;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiPredicate;
import java.util.function.Supplier;

/**
 * How an edge (a follow, a like) changes, written once: read the truth row; if it already is what
 * is asked (and a read that first decides any change still in flight agrees), nothing happens; else
 * compare-and-set it to its next version and, only if that applied, write the copies and move the
 * counters (the caller's {@code apply}, best effort after the compare-and-set). Concurrent changes
 * of one edge are serialised by the compare-and-set, so each applied change is counted exactly once
 * (docs/ARCHITECTURE.md, "Write protocols").
 */
public final class EdgeProtocol {
    private EdgeProtocol() {}

    /**
     * @param read    the edge's truth row now
     * @param decided the truth row once any compare-and-set in flight on it is decided: the check behind an
     *                answer of "already as asked", which a change whose answer was lost could otherwise overturn
     *                after it was given (dearer than {@code read} on Cassandra, so only then)
     * @param apply   tries {@code (current, next)}: the compare-and-set and, if it applied, what follows
     *                it; true if the compare-and-set applied, false if it lost a race
     * @return whether this call changed the edge
     */
    public static <E extends VersionedEdge<E>> boolean change(
            Supplier<E> read,
            Supplier<E> decided,
            boolean on,
            Instant now,
            BiPredicate<E, E> apply,
            Supplier<String> what) {
        return CompareAndSet.retry(
                () -> {
                    E current = read.get();
                    if (current.on() == on) {
                        current = decided.get();
                        if (current.on() == on) {
                            return Optional.of(false);
                        }
                    }
                    return apply.test(current, current.next(on, now)) ? Optional.of(true) : Optional.empty();
                },
                what);
    }

    /**
     * {@link #change(Supplier, Supplier, boolean, Instant, BiPredicate, Supplier)}, its first round starting from
     * {@code first} instead of a read when there is one: a state the caller has just read, or one it expects (a like
     * never made before). A compare-and-set from a state no longer there fails like any lost race, and the next round
     * reads.
     */
    public static <E extends VersionedEdge<E>> boolean change(
            Optional<E> first,
            Supplier<E> read,
            Supplier<E> decided,
            boolean on,
            Instant now,
            BiPredicate<E, E> apply,
            Supplier<String> what) {
        AtomicReference<E> unread = new AtomicReference<>(first.orElse(null));
        return change(
                () -> {
                    E known = unread.getAndSet(null);
                    return known != null ? known : read.get();
                },
                decided,
                on,
                now,
                apply,
                what);
    }
}
