package dev.widefeed.kernel;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** One page of a list, newest first, with the position after its last item when more may follow. */
public record Page<T, C>(List<T> items, Optional<C> next) {
    /**
     * The page of {@code limit} items out of {@code fetched}, read with one more than the limit to
     * learn whether more follow; then the next page starts after the position of its last item.
     */
    public static <T, C> Page<T, C> of(List<T> fetched, int limit, Function<T, C> position) {
        if (fetched.size() <= limit) {
            return new Page<>(fetched, Optional.empty());
        }
        List<T> items = List.copyOf(fetched.subList(0, limit));
        return new Page<>(items, Optional.of(position.apply(items.get(limit - 1))));
    }

    public <U> Page<U, C> map(Function<T, U> f) {
        return new Page<>(items.stream().map(f).toList(), next);
    }

    /** The same page, its next position written another way. */
    public <D> Page<T, D> mapNext(Function<C, D> f) {
        return new Page<>(items, next.map(f));
    }
}
