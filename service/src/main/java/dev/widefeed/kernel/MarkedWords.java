package dev.widefeed.kernel;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntPredicate;

/**
 * Words a text marks with a sign ({@code @handle}, {@code #topic}): the sign not right after a word character (so
 * {@code ada@example.com} marks nothing), then the whole run of word characters after it. What a run means is
 * the caller's to say; at most {@code maxDistinct} distinct meanings are kept, the first ones, and repeats of
 * those. Places are in Unicode code points, {@code [start, end)}, the sign included.
 */
public final class MarkedWords {
    private MarkedWords() {}

    /** A marked word's meaning, and where it is. */
    public record Found<T>(T value, int start, int end) {}

    public static <T> List<Found<T>> find(
            String text, int sign, IntPredicate wordChar, Function<String, Optional<T>> meaning, int maxDistinct) {
        List<Found<T>> found = new ArrayList<>();
        Set<T> distinct = new HashSet<>();
        int[] cps = text.codePoints().toArray();
        for (int i = 0; i < cps.length; i++) {
            if (cps[i] != sign || (i > 0 && wordChar.test(cps[i - 1]))) {
                continue;
            }
            int end = i + 1;
            while (end < cps.length && wordChar.test(cps[end])) {
                end++;
            }
            Optional<T> value = meaning.apply(new String(cps, i + 1, end - i - 1));
            if (value.isPresent() && (distinct.contains(value.get()) || distinct.size() < maxDistinct)) {
                distinct.add(value.get());
                found.add(new Found<>(value.get(), i, end));
            }
            i = end - 1;
        }
        return found;
    }
}
