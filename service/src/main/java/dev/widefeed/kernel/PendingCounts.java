package dev.widefeed.kernel;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Counter changes this instance handed on that the store may not hold yet ({@link CoalescedCounts}): what a read of
 * the store's counters needs to show an actor their own change at once.
 *
 * @param <D> a delta of one subject's counters
 */
public interface PendingCounts<D> {
    /** Nothing pending, ever: counters updated in the request. */
    static <D> PendingCounts<D> none() {
        return new PendingCounts<>() {
            @Override
            public boolean settle(long id, Duration max) {
                return true;
            }

            @Override
            public Optional<D> waiting(long id) {
                return Optional.empty();
            }

            @Override
            public Optional<D> unapplied(long id) {
                return Optional.empty();
            }

            @Override
            public <C> Map<Long, C> read(
                    Collection<Long> ids, Function<Collection<Long>, Map<Long, C>> read, BiFunction<C, D, C> plus) {
                return new HashMap<>(read.apply(ids));
            }
        };
    }

    /**
     * Waits, at most {@code max}, until no update of the subject's counters is under way and every change handed on
     * before the call has landed; whether it came to that. A store read after it holds every change handed on before
     * the call, and the {@link #waiting} ones, read after the store, are to be added to it.
     */
    boolean settle(long id, Duration max) throws InterruptedException;

    /** Changes no update has taken yet: surely not in the store. */
    Optional<D> waiting(long id);

    /** Changes the store may not hold yet, under way ones included: a read's best guess when it could not settle. */
    Optional<D> unapplied(long id);

    /**
     * The subjects' counters as {@code read} finds them in the store, with this instance's changes the store does not
     * hold added ({@code plus}), without waiting for any update: for a subject none of whose updates was under way or
     * landed while {@code read} ran, exactly the {@link #waiting} changes (the read holds every update landed before
     * it and none after); any other subject is read once more, and if that read is as unsure, gets what may be missing
     * ({@link #unapplied}), which counts a change landing meanwhile twice, or misses it, until it is read again.
     */
    <C> Map<Long, C> read(
            Collection<Long> ids, Function<Collection<Long>, Map<Long, C>> read, BiFunction<C, D, C> plus);
}
