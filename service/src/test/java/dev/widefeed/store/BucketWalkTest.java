package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A page of a bucketed list: buckets newest first, each asked for what the page lacks, the cursor in the first. */
class BucketWalkTest {
    /** Bucket number to its entries, newest first. */
    private final Map<Integer, List<String>> buckets =
            Map.of(3, List.of("3c", "3b", "3a"), 2, List.of(), 1, List.of("1b", "1a"), 0, List.of("0a"));

    private final List<String> reads = new ArrayList<>();

    private List<String> read(int bucket, boolean first, int want) {
        reads.add(bucket + (first ? " first" : "") + " want " + want);
        List<String> entries = buckets.get(bucket);
        return entries.subList(0, Math.min(want, entries.size()));
    }

    @Test
    void readsTheBucketsNewestFirstEachForWhatThePageLacks() {
        assertThat(BucketWalk.page(BucketWalk.downFrom(3), 5, this::read))
                .containsExactly("3c", "3b", "3a", "1b", "1a");
        assertThat(reads).containsExactly("3 first want 5", "2 want 2", "1 want 2");
    }

    @Test
    void aFullPageReadsNoFurtherBucket() {
        assertThat(BucketWalk.page(BucketWalk.downFrom(3), 3, this::read)).containsExactly("3c", "3b", "3a");
        assertThat(reads).containsExactly("3 first want 3");
    }

    @Test
    void aPageStartingInAnOlderBucketTakesItsCursorThereAndEndsWithTheList() {
        assertThat(BucketWalk.page(BucketWalk.downFrom(1), 10, this::read)).containsExactly("1b", "1a", "0a");
        assertThat(reads).containsExactly("1 first want 10", "0 want 8");
    }

    @Test
    void noBucketsNoEntries() {
        assertThat(BucketWalk.page(List.<Integer>of(), 10, this::read)).isEmpty();
        assertThat(reads).isEmpty();
    }

    @Test
    void numberedBucketsRunDownToBucketZero() {
        assertThat(BucketWalk.downFrom(2)).containsExactly(2, 1, 0);
        assertThat(BucketWalk.downFrom(0)).containsExactly(0);
    }
}
