package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.cache.Invalidation;
import dev.widefeed.cache.InvalidationStore;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What every backend's {@link InvalidationStore} must do, run on every {@link TestBackend}. */
@BackendContract
public class InvalidationStoreContract {
    private final TestBackend backend;

    InvalidationStoreContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private InvalidationStore store() {
        return storage().invalidations();
    }

    /**
     * A window of its own, 3 s into a slot, among a million slots of 20 s (the rows expire an hour after they were
     * written, whatever time they name), so that no other test or earlier run wrote into it.
     */
    private static Instant freshWindowStart() {
        long base = Instant.parse("2026-01-01T00:00:00Z").getEpochSecond();
        return Instant.ofEpochSecond(base + TestStorages.ids().next() % 1_000_000 * 20 + 3);
    }

    @Test
    void aWindowReadsWhatWasAnnouncedInItAcrossSlotsAndNothingOutside() {
        Instant start = freshWindowStart(); // 3 s into a slot
        Invalidation before = new Invalidation("post", 1, start.minusMillis(1));
        Invalidation first = new Invalidation("post", 2, start);
        Invalidation sameId = new Invalidation("profile", 2, start.plusMillis(500));
        Invalidation nextSlot = new Invalidation("post", 3, start.plusSeconds(9)); // the next ten seconds' slot
        Invalidation atEnd = new Invalidation("post", 4, start.plusSeconds(12));
        for (Invalidation i : List.of(before, first, sameId, nextSlot, atEnd)) {
            store().append(i);
        }
        store().append(first); // the same announcement again is one row

        assertThat(InvalidationStore.slotOf(nextSlot.at())).isEqualTo(InvalidationStore.slotOf(start) + 1);
        assertThat(store().between(start, start.plusSeconds(12))).containsExactlyInAnyOrder(first, sameId, nextSlot);
        assertThat(store().between(start.plusSeconds(1), start.plusSeconds(13)))
                .containsExactlyInAnyOrder(nextSlot, atEnd);
    }

    @Test
    void anEmptyWindowReadsNothing() {
        Instant start = freshWindowStart();
        assertThat(store().between(start, start.plusSeconds(5))).isEmpty();
    }
}
