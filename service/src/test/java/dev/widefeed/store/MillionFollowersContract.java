package dev.widefeed.store;

import dev.widefeed.core.EdgeState;
import dev.widefeed.core.Follow;
import dev.widefeed.core.FollowCursor;
import dev.widefeed.core.IdGenerator;
import dev.widefeed.core.User;
import dev.widefeed.testing.TestStorages;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A celebrity with 1,000,000 followers (system property {@code widefeed.test.followers} to change):
 * built through the store interface in bulk, then listed completely, page by page, every follower
 * exactly once, newest first; and no partition or row of the backend holds more than ~100k of them.
 */
public abstract class MillionFollowersContract {
    private static final Logger LOG = LoggerFactory.getLogger(MillionFollowersContract.class);
    protected static final int FOLLOWERS = Integer.getInteger("widefeed.test.followers", 1_000_000);
    private static final int IMPORT_CHUNK = 20_000;
    private static final int PAGE = 1_000;

    protected abstract Storage storage();

    /** The most follower entries of {@code userId} that any one partition or row of the backend holds. */
    protected abstract long largestFollowerPartition(long userId);

    @Test
    void aMillionFollowersPageCompletelyInBoundedPartitions() {
        IdGenerator ids = TestStorages.ids();
        long star = ids.next();
        Instant base = Instant.now().minusSeconds(86_400).truncatedTo(ChronoUnit.MILLIS);
        storage().users().create(new User(star, "celebrity", base));

        long[] fans = new long[FOLLOWERS];
        long started = System.nanoTime();
        List<EdgeState> chunk = new ArrayList<>(IMPORT_CHUNK);
        for (int i = 0; i < FOLLOWERS; i++) {
            fans[i] = ids.next();
            chunk.add(EdgeState.absent(fans[i], star).next(true, base.plusMillis(i / 4))); // ties of 4
            if (chunk.size() == IMPORT_CHUNK || i == FOLLOWERS - 1) {
                storage().relations().importEdges(chunk);
                chunk.clear();
            }
        }
        double importSeconds = (System.nanoTime() - started) / 1e9;
        LOG.info("{}: imported {} follow edges in {} s ({} edges/s)", storage().backend(), FOLLOWERS,
                String.format("%.1f", importSeconds), Math.round(FOLLOWERS / importSeconds));
        assertThat(storage().users().counts(star).followers()).isEqualTo(FOLLOWERS);

        Arrays.sort(fans);
        BitSet seen = new BitSet(FOLLOWERS);
        int listed = 0;
        Follow previous = null;
        Optional<FollowCursor> after = Optional.empty();
        started = System.nanoTime();
        while (true) {
            List<Follow> page = storage().relations().followers(star, after, PAGE);
            for (Follow follow : page) {
                int index = Arrays.binarySearch(fans, follow.userId());
                assertThat(index).as("a listed follower is one of the imported fans").isNotNegative();
                assertThat(seen.get(index)).as("follower %d listed twice", follow.userId()).isFalse();
                seen.set(index);
                if (previous != null) {
                    assertThat(newerFirst(previous, follow)).as("newest first").isTrue();
                }
                previous = follow;
            }
            listed += page.size();
            if (page.size() < PAGE) {
                break;
            }
            after = Optional.of(FollowCursor.after(page.get(page.size() - 1)));
        }
        double pageSeconds = (System.nanoTime() - started) / 1e9;
        LOG.info("{}: listed {} followers in pages of {} in {} s", storage().backend(), listed, PAGE,
                String.format("%.1f", pageSeconds));
        assertThat(listed).isEqualTo(FOLLOWERS);
        assertThat(seen.cardinality()).isEqualTo(FOLLOWERS);
        assertThat(largestFollowerPartition(star)).isLessThanOrEqualTo(110_000);
    }

    private static boolean newerFirst(Follow a, Follow b) {
        int bySince = a.since().compareTo(b.since());
        return bySince > 0 || bySince == 0 && a.userId() > b.userId();
    }
}
