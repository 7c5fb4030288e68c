package dev.widefeed.kernel;

import java.time.Clock;
import java.time.Instant;
import java.util.function.LongConsumer;

/**
 * Where a change sends its counter delta once its truth row changed (docs/design.md, "Counters that heal"): applied
 * in the request ({@link #direct}), or coalesced and applied off it ({@link CoalescedCounts}). Either way the update
 * is never retried, and one that fails or lands later than the settle bound after its change marks its counter dirty.
 *
 * @param <D> a delta of one subject's counters
 */
@FunctionalInterface
public interface CounterUpdates<D> {
    /** Never throws for the store: what it cannot apply, it marks. */
    void add(long id, D delta, Instant changedAt);

    /**
     * {@link #add(long, Object, Instant)}, then {@code whenApplied} once the update is made (a journal entry closed
     * once its counts are in). Here, at once, whether it landed or was marked; {@link CoalescedCounts} runs it only
     * once the update landed. It must not throw.
     */
    default void add(long id, D delta, Instant changedAt, Runnable whenApplied) {
        add(id, delta, changedAt);
        whenApplied.run();
    }

    /** One counter update of a subject's counters. */
    @FunctionalInterface
    interface Update<D> {
        void apply(long id, D delta);
    }

    /** Each delta applied at once, in the caller's thread; a failed update marks its counter. */
    static <D> CounterUpdates<D> direct(String what, Update<D> update, LongConsumer markDirty) {
        return (id, delta, changedAt) ->
                BestEffort.count(() -> update.apply(id, delta), what + " of " + id, () -> markDirty.accept(id));
    }

    /** {@link #direct(String, Update, LongConsumer)}, an update landing past the settle bound marking it too. */
    static <D> CounterUpdates<D> direct(
            String what, Update<D> update, LongConsumer markDirty, KnownPointCount.Bounds bounds, Clock clock) {
        return (id, delta, changedAt) -> {
            BestEffort.count(() -> update.apply(id, delta), what + " of " + id, () -> markDirty.accept(id));
            if (bounds.late(changedAt, clock.instant())) {
                markDirty.accept(id);
            }
        };
    }
}
