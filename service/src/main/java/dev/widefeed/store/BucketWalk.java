package dev.widefeed.store;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * One page of a newest-first list kept in time buckets, the walk every adapter of such a list shares
 * (docs/design.md, "Bounded lists").
 */
public final class BucketWalk {
    private BucketWalk() {}

    /** Reads one bucket's entries, newest first, at most {@code want} of them. */
    @FunctionalInterface
    public interface BucketRead<B, T> {
        /** @param first whether this is the bucket the page starts in, the only one its cursor bounds */
        Iterable<T> read(B bucket, boolean first, int want);
    }

    /**
     * At most {@code limit} entries: the buckets in the order given (newest first, the page's own first), each read
     * for what the page still lacks, until it is full or they end.
     */
    public static <B, T> List<T> page(Iterable<B> newestFirst, int limit, BucketRead<? super B, ? extends T> read) {
        List<T> page = new ArrayList<>(Math.min(limit, 1024));
        boolean first = true;
        for (B bucket : newestFirst) {
            if (page.size() >= limit) {
                break;
            }
            for (T entry : read.read(bucket, first, limit - page.size())) {
                page.add(entry);
            }
            first = false;
        }
        return page;
    }

    /** The numbered buckets from {@code newest} down to bucket 0. */
    public static List<Integer> downFrom(int newest) {
        return IntStream.iterate(newest, bucket -> bucket >= 0, bucket -> bucket - 1)
                .boxed()
                .toList();
    }
}
