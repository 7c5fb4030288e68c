package dev.widefeed.core;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** One page of a list, newest first, with the position after its last item when more may follow. */
public record Page<T, C>(List<T> items, Optional<C> next) {
    public <U> Page<U, C> map(Function<T, U> f) {
        return new Page<>(items.stream().map(f).toList(), next);
    }
}
