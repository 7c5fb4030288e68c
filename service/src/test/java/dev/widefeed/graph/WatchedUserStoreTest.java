package dev.widefeed.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.testing.DecoratorChecks;
import dev.widefeed.testing.DecoratorChecks.Call;
import dev.widefeed.testing.DecoratorChecks.Recorder;
import dev.widefeed.testing.DecoratorChecks.Samples;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the profile cache hears of the user store's calls (docs/design.md, "The cache tier"), over a recording fake. */
class WatchedUserStoreTest {
    private static final User USER = new User(7, "someone", Instant.parse("2026-11-22T06:00:00Z"));
    private static final Samples SAMPLES = Samples.of(USER, new Handle("someone"), UserCounts.followers(1));

    @Test
    void declaresEveryMethodOfTheStore() {
        DecoratorChecks.declaresEveryMethod(WatchedUserStore.class, UserStore.class);
    }

    @Test
    void everyCallReachesTheStoreAndEveryChangeOfAProfileIsHeard() {
        Recorder<WatchedUserStore.Writes> writes = DecoratorChecks.recorder(WatchedUserStore.Writes.class, SAMPLES);

        Map<String, List<Call>> heard = DecoratorChecks.callEveryMethod(
                UserStore.class, store -> new WatchedUserStore(store, writes.fake()), writes, SAMPLES);

        // Arguments are the samples; a number is the argument's place.
        assertThat(heard)
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "updateProfile(long, String, String)", List.of(Call.of("profileChanged", 1L)),
                        "setHandle(long, Handle)", List.of(Call.of("profileChanged", 1L)),
                        "delete(User)", List.of(Call.of("profileChanged", USER.id()))));
    }
}
