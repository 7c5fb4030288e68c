package dev.widefeed.post;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.audience.Audience;
import dev.widefeed.testing.DecoratorChecks;
import dev.widefeed.testing.DecoratorChecks.Call;
import dev.widefeed.testing.DecoratorChecks.Recorder;
import dev.widefeed.testing.DecoratorChecks.Samples;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the post cache hears of the post store's calls (docs/design.md, "The cache tier"), over a recording fake. */
class WatchedPostStoreTest {
    private static final Post POST = new Post(
            7, 3, PostType.ORIGINAL, "post", Instant.parse("2026-11-22T06:00:00Z"), Audience.PUBLIC, Optional.empty());
    private static final PostCounts DELTA = PostCounts.likes(1);
    private static final Samples SAMPLES = Samples.of(POST, DELTA);

    @Test
    void declaresEveryMethodOfTheStore() {
        DecoratorChecks.declaresEveryMethod(WatchedPostStore.class, PostStore.class);
    }

    @Test
    void everyCallReachesTheStoreAndEveryWriteIsHeard() {
        Recorder<WatchedPostStore.Writes> writes = DecoratorChecks.recorder(WatchedPostStore.Writes.class, SAMPLES);

        Map<String, List<Call>> heard = DecoratorChecks.callEveryMethod(
                PostStore.class, store -> new WatchedPostStore(store, writes.fake()), writes, SAMPLES);

        // Arguments are the samples; a number is the argument's place.
        assertThat(heard)
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "create(Post)", List.of(Call.of("created", POST)),
                        "delete(Post)", List.of(Call.of("deleted", POST)),
                        "addCounts(long, PostCounts)", List.of(Call.of("countsAdded", 1L, DELTA)),
                        "purge(long)", List.of(Call.of("purged", 1L))));
    }

    @Test
    void aDeleteThatRemovedNothingIsNotHeard() {
        Samples removedNothing = SAMPLES.answering(false);
        Recorder<WatchedPostStore.Writes> writes =
                DecoratorChecks.recorder(WatchedPostStore.Writes.class, removedNothing);
        Recorder<PostStore> store = DecoratorChecks.recorder(PostStore.class, removedNothing);

        assertThat(new WatchedPostStore(store.fake(), writes.fake()).delete(POST))
                .isFalse();

        assertThat(store.calls()).containsExactly(Call.of("delete", POST));
        assertThat(writes.calls()).isEmpty();
    }
}
