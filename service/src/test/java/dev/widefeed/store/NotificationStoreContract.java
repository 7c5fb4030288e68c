package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.notification.Contribution;
import dev.widefeed.notification.GroupKey;
import dev.widefeed.notification.GroupPart;
import dev.widefeed.notification.Notification;
import dev.widefeed.notification.NotificationCursor;
import dev.widefeed.notification.NotificationKind;
import dev.widefeed.notification.NotificationSource;
import dev.widefeed.notification.NotificationStore;
import dev.widefeed.notification.NotifiedActor;
import dev.widefeed.notification.SourceMark;
import dev.widefeed.notification.StoredGroup;
import dev.widefeed.notification.TallyKey;
import dev.widefeed.notification.TallyWrite;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What every backend's {@link NotificationStore} must do, run on every {@link TestBackend}. */
@BackendContract
public class NotificationStoreContract {
    private final IdGenerator ids = TestStorages.ids();
    private final Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS);

    private final TestBackend backend;

    NotificationStoreContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private NotificationStore store() {
        return storage().notifications();
    }

    private GroupKey group(long recipient, Instant window, NotificationKind kind, long target) {
        return new GroupKey(recipient, window, kind, target);
    }

    private GroupPart part(long count, String step) {
        return GroupPart.empty()
                .plus(List.of(), List.of(), step)
                .plus(
                        java.util.stream.LongStream.range(0, count)
                                .mapToObj(i -> new Contribution(
                                        group(1, hour, NotificationKind.LIKE, 1), 100 + i, hour.plusSeconds(i)))
                                .toList(),
                        List.of(),
                        step);
    }

    @Test
    void aMarkReadsBackAsWrittenAndNoneWhenNeverWritten() {
        NotificationSource liked = new NotificationSource("like", ids.next(), ids.next());
        NotificationSource never = new NotificationSource("like", ids.next(), ids.next());
        Contribution one = new Contribution(
                group(ids.next(), hour, NotificationKind.LIKE, liked.subjectId()),
                liked.actorId(),
                hour.plusMillis(1234));
        Contribution two = new Contribution(
                group(ids.next(), hour.minus(Duration.ofHours(5)), NotificationKind.MENTION, 7),
                liked.actorId(),
                hour.minusSeconds(1));
        SourceMark mark = new SourceMark(Set.of(one), Optional.empty()).changingTo(Set.of(one, two), "step1");

        store().saveMarks(Map.of(liked, mark));

        Map<NotificationSource, SourceMark> read = store().marks(List.of(liked, never));
        assertThat(read.get(liked)).isEqualTo(mark);
        assertThat(read.get(never)).isEqualTo(SourceMark.NONE);
        store().saveMarks(Map.of(liked, mark.settled()));
        assertThat(store().marks(List.of(liked)).get(liked))
                .isEqualTo(new SourceMark(Set.of(one, two), Optional.empty()));
    }

    @Test
    void aShareChangesOnlyFromWhatItsWriterRead() {
        GroupKey g = group(ids.next(), hour, NotificationKind.LIKE, ids.next());
        GroupPart first = part(1, "a");
        GroupPart second = part(2, "b");

        assertThat(store().parts(List.of(g), 3)).containsEntry(g, Optional.empty());
        assertThat(store().compareAndSetPart(g, 3, Optional.empty(), first)).isTrue();
        assertThat(store().compareAndSetPart(g, 3, Optional.empty(), second)).isFalse();
        assertThat(store().compareAndSetPart(g, 3, Optional.of(second), second)).isFalse();
        assertThat(store().parts(List.of(g), 3)).containsEntry(g, Optional.of(first));
        assertThat(store().compareAndSetPart(g, 3, Optional.of(first), second)).isTrue();
        // Another shard's share of the same group is its own.
        assertThat(store().compareAndSetPart(g, 4, Optional.empty(), first)).isTrue();

        assertThat(store().parts(List.of(g), 3)).containsEntry(g, Optional.of(second));
        assertThat(store().parts(List.of(g), 4)).containsEntry(g, Optional.of(first));
        List<StoredGroup> listed = store().groups(
                        g.recipientId(),
                        new NotificationCursor(hour.plus(Duration.ofHours(1)), 0, 0),
                        hour.minus(Duration.ofDays(30)),
                        10);
        assertThat(listed).containsExactly(new StoredGroup(g, Map.of(3, second, 4, first)));
    }

    @Test
    void groupsListNewestWindowFirstThenKindAndTargetHighestFirstAcrossDaysAndPageFromACursor() {
        long recipient = ids.next();
        Instant now = hour;
        Instant yesterday = hour.minus(Duration.ofHours(26));
        Instant lastWeek = hour.minus(Duration.ofDays(7));
        Instant tooOld = hour.minus(Duration.ofDays(40));
        long postA = ids.next();
        long postB = ids.next();
        List<GroupKey> expected = List.of(
                group(recipient, now, NotificationKind.FOLLOW, recipient),
                group(recipient, now, NotificationKind.LIKE, postB),
                group(recipient, now, NotificationKind.LIKE, postA),
                group(recipient, yesterday, NotificationKind.COMMENT, postA),
                group(recipient, lastWeek, NotificationKind.LIKE, postA));
        for (GroupKey g : List.of(
                expected.get(3),
                expected.get(1),
                expected.get(4),
                expected.get(0),
                expected.get(2),
                group(recipient, tooOld, NotificationKind.LIKE, postA),
                group(ids.next(), now, NotificationKind.LIKE, postA))) {
            assertThat(store().compareAndSetPart(g, 0, Optional.empty(), part(1, "s")))
                    .isTrue();
        }
        NotificationCursor top = new NotificationCursor(now.plus(Duration.ofHours(1)), 0, 0);
        Instant oldest = now.minus(Duration.ofDays(30));

        assertThat(store().groups(recipient, top, oldest, 100).stream().map(StoredGroup::key))
                .containsExactlyElementsOf(expected);
        List<StoredGroup> first = store().groups(recipient, top, oldest, 2);
        assertThat(first.stream().map(StoredGroup::key)).containsExactlyElementsOf(expected.subList(0, 2));
        List<StoredGroup> rest = store().groups(recipient, first.get(1).key().position(), oldest, 100);
        assertThat(rest.stream().map(StoredGroup::key)).containsExactlyElementsOf(expected.subList(2, 5));
        assertThat(store().groups(recipient, expected.get(3).position(), oldest, 100).stream()
                        .map(StoredGroup::key))
                .containsExactly(expected.get(4));
        assertThat(store().groups(recipient, top, yesterday, 100)).hasSize(4);
    }

    @Test
    void theReadMarkerKeepsTheLatestTimeEverGiven() {
        long user = ids.next();
        Instant later = hour.plusSeconds(90).plusMillis(5);
        assertThat(store().readUpTo(user)).isEmpty();

        store().markRead(user, later);
        store().markRead(user, hour);

        assertThat(store().readUpTo(user)).contains(later);
        store().markRead(user, later.plusSeconds(1));
        assertThat(store().readUpTo(user)).contains(later.plusSeconds(1));
    }

    @Test
    void theClearMarkerKeepsTheLatestTimeEverGivenBesideTheReadMarker() {
        long user = ids.next();
        Instant later = hour.plusSeconds(30).plusMillis(7);
        assertThat(store().markers(user)).isEqualTo(new NotificationStore.Markers(Optional.empty(), Optional.empty()));

        store().clear(user, later);
        store().clear(user, hour);
        store().markRead(user, hour);

        assertThat(store().markers(user))
                .isEqualTo(new NotificationStore.Markers(Optional.of(hour), Optional.of(later)));
    }

    @Test
    void aDismissedGroupIsGoneWithEveryShareAndMayBeWrittenAgain() {
        GroupKey g = group(ids.next(), hour, NotificationKind.FOLLOW, ids.next());
        GroupKey kept = group(g.recipientId(), hour, NotificationKind.LIKE, ids.next());
        assertThat(store().compareAndSetPart(g, 1, Optional.empty(), part(1, "a")))
                .isTrue();
        assertThat(store().compareAndSetPart(g, 2, Optional.empty(), part(2, "b")))
                .isTrue();
        assertThat(store().compareAndSetPart(kept, 1, Optional.empty(), part(1, "c")))
                .isTrue();
        NotificationCursor top = new NotificationCursor(hour.plus(Duration.ofHours(1)), 0, 0);

        store().dismiss(g);
        store().dismiss(g); // again: nothing left to do

        assertThat(store().groups(g.recipientId(), top, hour, 10))
                .extracting(StoredGroup::key)
                .containsExactly(kept);
        assertThat(store().parts(List.of(g), 1)).containsEntry(g, Optional.empty());
        assertThat(store().compareAndSetPart(g, 1, Optional.empty(), part(1, "d")))
                .as("new activity writes it anew")
                .isTrue();
    }

    @Test
    void talliesOverwriteAsAbsoluteValuesAndANameGoesOnlyWithItsOwnSource() {
        GroupKey g = group(ids.next(), hour, NotificationKind.LIKE, ids.next());
        NotificationCursor top = new NotificationCursor(hour.plus(Duration.ofHours(1)), 0, 0);
        Instant early = hour.plusSeconds(61).truncatedTo(ChronoUnit.MILLIS);
        NotifiedActor ada = new NotifiedActor(ids.next(), early);
        NotifiedActor bob = new NotifiedActor(ids.next(), early.plusSeconds(5));
        TallyWrite first = new TallyWrite(g, Map.of(new TallyKey(1, 3, 100), 2L), Set.of(ada, bob), Map.of());
        store().writeTallies(List.of(first));
        store().writeTallies(List.of(first)); // a repeat writes the same
        StoredGroup read = store().groups(g.recipientId(), top, hour, 10).get(0);
        assertThat(read.key()).isEqualTo(g);
        assertThat(read.tallies()).containsExactly(Map.entry(new TallyKey(1, 3, 100), 2L));
        assertThat(read.named()).containsExactlyInAnyOrder(ada, bob);

        // Ada liked again later; her earlier like is taken back at its own time: the later one's name stays. Bob's
        // goes. A later tenure's tally of the minute outvotes the earlier's.
        NotifiedActor adaAgain = new NotifiedActor(ada.userId(), early.plusSeconds(30));
        store().writeTallies(
                        List.of(new TallyWrite(g, Map.of(new TallyKey(1, 3, 100), 3L), Set.of(adaAgain), Map.of())));
        store().writeTallies(List.of(new TallyWrite(
                g,
                Map.of(new TallyKey(1, 3, 100), 2L, new TallyKey(1, 3, 200), 1L),
                Set.of(),
                Map.of(ada.userId(), ada.at(), bob.userId(), bob.at()))));
        read = store().groups(g.recipientId(), top, hour, 10).get(0);
        assertThat(read.tallies())
                .containsOnly(Map.entry(new TallyKey(1, 3, 100), 2L), Map.entry(new TallyKey(1, 3, 200), 1L));
        assertThat(read.named()).as("bob's name gone, ada's later like kept").containsExactly(adaAgain);
        assertThat(Notification.of(read).count())
                .as("the latest tenure's tally of the minute")
                .isEqualTo(1);
    }

    @Test
    void aDismissedTalliedGroupIsGoneAndComesBackWithItsNextWrite() {
        GroupKey g = group(ids.next(), hour, NotificationKind.LIKE, ids.next());
        NotificationCursor top = new NotificationCursor(hour.plus(Duration.ofHours(1)), 0, 0);
        NotifiedActor ada = new NotifiedActor(ids.next(), hour.plusSeconds(3).truncatedTo(ChronoUnit.MILLIS));
        store().writeTallies(List.of(new TallyWrite(g, Map.of(new TallyKey(0, 3, 7), 1L), Set.of(ada), Map.of())));

        store().dismiss(g);
        assertThat(store().groups(g.recipientId(), top, hour, 10)).isEmpty();

        // A second on: a source made in the dismissal's own millisecond could fall with it.
        NotifiedActor bob =
                new NotifiedActor(ids.next(), Instant.now().plusSeconds(1).truncatedTo(ChronoUnit.MILLIS));
        store().writeTallies(List.of(new TallyWrite(g, Map.of(new TallyKey(0, 3, 7), 2L), Set.of(ada, bob), Map.of())));
        StoredGroup read = store().groups(g.recipientId(), top, hour, 10).get(0);
        assertThat(read.tallies()).containsExactly(Map.entry(new TallyKey(0, 3, 7), 2L));
        assertThat(read.named())
                .as("an actor named before the dismissal stays dismissed")
                .containsExactly(bob);
    }
}
