package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.feed.timeline.AuthorDelivery;
import dev.widefeed.feed.timeline.EdgeDelivery;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FanoutProgress.TierProgress;
import dev.widefeed.feed.timeline.FanoutStore;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What every backend's {@link FanoutStore} must do, run on every {@link TestBackend}. */
@BackendContract
public class FanoutStoreContract {
    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    FanoutStoreContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private FanoutStore fanout() {
        return storage().fanout();
    }

    /** Whole milliseconds: what both backends keep of an instant. */
    private static Instant millisAgo(long millis) {
        return Instant.ofEpochMilli(System.currentTimeMillis() - millis);
    }

    @Test
    void progressRoundTripsWithEveryFieldAndIsReplacedWhole() {
        long postId = ids.next();
        assertThat(fanout().progress(postId, FanoutKind.DELIVER)).isEmpty();
        Instant created = millisAgo(60_000);
        FanoutProgress underWay = new FanoutProgress(
                postId,
                FanoutKind.DELIVER,
                "hybrid",
                1_234_567,
                List.of(
                        new TierProgress(
                                "hot",
                                Duration.ofHours(1),
                                Duration.ofSeconds(5),
                                41_000,
                                Optional.of(millisAgo(59_000)),
                                Optional.of(millisAgo(50_000)),
                                41_000,
                                2_500),
                        new TierProgress(
                                "warm",
                                Duration.ofDays(1),
                                Duration.ofMinutes(5),
                                900,
                                Optional.of(millisAgo(49_000)),
                                Optional.empty(),
                                950,
                                50),
                        new TierProgress(
                                "cool",
                                Duration.ofDays(7),
                                Duration.ofHours(1),
                                0,
                                Optional.empty(),
                                Optional.empty(),
                                0,
                                0)),
                1,
                Optional.of(new FollowCursor(millisAgo(86_400_000L * 400), ids.next())),
                777_000,
                created,
                millisAgo(10),
                Optional.empty(),
                Optional.empty());
        fanout().saveProgress(underWay);
        fanout().saveProgress(underWay); // again: the same checkpoint
        assertThat(fanout().progress(postId, FanoutKind.DELIVER)).contains(underWay);
        assertThat(fanout().progress(postId, FanoutKind.RETRACT)).isEmpty();

        FanoutProgress ended = new FanoutProgress(
                postId,
                FanoutKind.DELIVER,
                "hybrid",
                1_234_567,
                List.of(new TierProgress(
                        "hot",
                        Duration.ofHours(1),
                        Duration.ofSeconds(5),
                        41_000,
                        Optional.of(millisAgo(59_000)),
                        Optional.of(millisAgo(50_000)),
                        41_000,
                        0)),
                1,
                Optional.empty(),
                0,
                created,
                millisAgo(0),
                Optional.of(millisAgo(0)),
                Optional.of("post deleted"));
        fanout().saveProgress(ended);
        assertThat(fanout().progress(postId, FanoutKind.DELIVER)).contains(ended);

        FanoutProgress retract = new FanoutProgress(
                postId,
                FanoutKind.RETRACT,
                "push",
                3,
                List.of(),
                0,
                Optional.empty(),
                0,
                created,
                created,
                Optional.empty(),
                Optional.empty());
        fanout().saveProgress(retract);
        assertThat(fanout().progress(postId, FanoutKind.RETRACT)).contains(retract);
        assertThat(fanout().progress(postId, FanoutKind.DELIVER)).contains(ended);
    }

    @Test
    void aDeliveryIsAbsentUntilSavedAndThenTheLastSavedCursorIncluded() {
        long author = ids.next();
        assertThat(fanout().delivery(author)).isEmpty();
        AuthorDelivery walking = new AuthorDelivery(
                author,
                AuthorDelivery.Mode.PULLING,
                0,
                Optional.of(new FollowCursor(millisAgo(86_400_000L * 30), ids.next())),
                millisAgo(5));
        fanout().saveDelivery(walking);
        fanout().saveDelivery(walking);
        assertThat(fanout().delivery(author)).contains(walking);
        AuthorDelivery further = new AuthorDelivery(
                author,
                AuthorDelivery.Mode.PULLING,
                0,
                Optional.of(new FollowCursor(millisAgo(86_400_000L * 90), ids.next())),
                millisAgo(4));
        fanout().saveDelivery(further);
        assertThat(fanout().delivery(author)).contains(further);
        // The walk's end clears its cursor.
        AuthorDelivery pulled =
                new AuthorDelivery(author, AuthorDelivery.Mode.PULLED, ids.next(), Optional.empty(), millisAgo(0));
        fanout().saveDelivery(pulled);
        assertThat(fanout().delivery(author)).contains(pulled);
        AuthorDelivery pushing = new AuthorDelivery(
                author,
                AuthorDelivery.Mode.PUSHING,
                ids.next(),
                Optional.of(new FollowCursor(millisAgo(1_000), ids.next())),
                millisAgo(0));
        fanout().saveDelivery(pushing);
        assertThat(fanout().delivery(author)).contains(pushing);
        assertThat(fanout().delivery(ids.next())).isEmpty();
    }

    /** Saves in one millisecond are common on a fast store; the last must still be the one read. */
    @Test
    void savesInQuickSuccessionReadBackAsTheLastOneWithOrWithoutACursor() {
        long author = ids.next();
        for (int i = 0; i < 50; i++) {
            AuthorDelivery walking = new AuthorDelivery(
                    author,
                    AuthorDelivery.Mode.PUSHING,
                    i,
                    Optional.of(new FollowCursor(millisAgo(86_400_000L), ids.next())),
                    millisAgo(0));
            AuthorDelivery done =
                    new AuthorDelivery(author, AuthorDelivery.Mode.PUSHED, i, Optional.empty(), millisAgo(0));
            fanout().saveDelivery(walking);
            fanout().saveDelivery(done);
            assertThat(fanout().delivery(author)).as("round %d, walk ended", i).contains(done);
            fanout().saveDelivery(walking);
            assertThat(fanout().delivery(author)).as("round %d, walk again", i).contains(walking);
        }
    }

    @Test
    void edgeDeliveriesAreFoundForTheFollowersAskedAboutAndReplacedWhole() {
        long author = ids.next();
        List<Long> followers =
                java.util.stream.Stream.generate(ids::next).limit(1_200).toList();
        assertThat(fanout().edgeDeliveries(author, followers)).isEmpty();
        assertThat(fanout().edgeDeliveries(author, List.of())).isEmpty();
        List<EdgeDelivery> pulled = followers.stream()
                .filter(f -> f % 3 == 0)
                .map(f -> new EdgeDelivery(f, millisAgo(f % 1000), true, f + 1))
                .toList();
        fanout().saveEdgeDeliveries(author, pulled);
        fanout().saveEdgeDeliveries(author, List.of());
        Map<Long, EdgeDelivery> found = fanout().edgeDeliveries(author, followers);
        assertThat(found).hasSize(pulled.size());
        pulled.forEach(d -> assertThat(found.get(d.followerId())).isEqualTo(d));
        assertThat(fanout().edgeDeliveries(ids.next(), followers))
                .as("another author's edges")
                .isEmpty();

        EdgeDelivery first = pulled.get(0);
        EdgeDelivery pushedAgain = new EdgeDelivery(first.followerId(), first.followSince(), false, ids.next());
        fanout().saveEdgeDeliveries(author, List.of(pushedAgain));
        assertThat(fanout().edgeDeliveries(
                                author,
                                List.of(first.followerId(), pulled.get(1).followerId())))
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(first.followerId(), pushedAgain, pulled.get(1).followerId(), pulled.get(1)));
    }
}
