package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.widefeed.feed.timeline.DecayedRate;
import dev.widefeed.feed.timeline.HomeRead;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.feed.timeline.TimelineStore;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What every backend's {@link TimelineStore} must do, run on every {@link TestBackend}. */
@BackendContract
public class TimelineStoreContract {
    private static final Duration DAY = Duration.ofDays(1);

    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    TimelineStoreContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private TimelineStore timelines() {
        return storage().timelines();
    }

    /** A new post's entry, by a new author; every third one a repost. */
    private TimelineEntry entry() {
        long postId = ids.next();
        return new TimelineEntry(postId, ids.next(), postId % 3 == 0 ? ids.next() : 0);
    }

    /** {@code n} entries pushed to {@code user}, oldest first. */
    private List<TimelineEntry> pushed(long user, int n) {
        List<TimelineEntry> entries = Stream.generate(this::entry).limit(n).toList();
        entries.forEach(e -> timelines().push(e, List.of(user), DAY));
        return entries;
    }

    private static List<TimelineEntry> newestFirst(List<TimelineEntry> entries) {
        return entries.stream()
                .sorted(Comparator.comparingLong(TimelineEntry::postId).reversed())
                .toList();
    }

    @Test
    void pushReachesEveryListedUser() {
        List<Long> users = Stream.generate(ids::next).limit(5_000).toList();
        TimelineEntry older = entry();
        TimelineEntry newer = new TimelineEntry(ids.next(), older.authorId(), older.postId());
        timelines().push(older, users, DAY);
        timelines().push(newer, users, DAY);
        List<Long> wrong = users.parallelStream()
                .filter(user -> !timelines().home(user, Optional.empty(), 10).equals(List.of(newer, older)))
                .toList();
        assertThat(wrong).isEmpty();
        timelines().push(entry(), List.of(), DAY); // nobody: nothing to do
    }

    @Test
    void pushingAgainIsHarmless() {
        long user = ids.next();
        TimelineEntry entry = entry();
        timelines().push(entry, List.of(user), DAY);
        timelines().push(entry, List.of(user, user), DAY);
        assertThat(timelines().home(user, Optional.empty(), 10)).containsExactly(entry);
    }

    @Test
    void pushAllAddsManyEntriesToOneUser() {
        long user = ids.next();
        List<TimelineEntry> entries = Stream.generate(this::entry).limit(250).toList();
        timelines().pushAll(user, entries, DAY);
        timelines().pushAll(user, entries.subList(0, 10), DAY); // again: nothing duplicated
        timelines().pushAll(user, List.of(), DAY);
        assertThat(timelines().home(user, Optional.empty(), 1_000)).isEqualTo(newestFirst(entries));
    }

    @Test
    void retractRemovesOnePostFromEveryListedUser() {
        List<Long> users = Stream.generate(ids::next).limit(2_000).toList();
        TimelineEntry kept = entry();
        TimelineEntry retracted = entry();
        timelines().push(kept, users, DAY);
        timelines().push(retracted, users, DAY);
        timelines().retract(retracted.postId(), users);
        timelines().retract(retracted.postId(), users.subList(0, 10)); // again: nothing left to remove
        timelines().retract(ids.next(), users.subList(0, 10)); // never pushed
        timelines().retract(kept.postId(), List.of());
        List<Long> wrong = users.parallelStream()
                .filter(user -> !timelines().home(user, Optional.empty(), 10).equals(List.of(kept)))
                .toList();
        assertThat(wrong).isEmpty();
    }

    @Test
    void pagesNewestFirstWithoutGapsOrDuplicatesWhileNewerArrive() {
        long user = ids.next();
        List<TimelineEntry> expected = newestFirst(pushed(user, 50));
        List<TimelineEntry> read = new ArrayList<>();
        Optional<Long> before = Optional.empty();
        for (int pages = 0; pages < 20; pages++) {
            List<TimelineEntry> page = timelines().home(user, before, 7);
            if (page.isEmpty()) {
                break;
            }
            read.addAll(page);
            before = Optional.of(page.get(page.size() - 1).postId());
            pushed(user, 2); // newer than everything paged so far: must not show up on later pages
        }
        assertThat(read).isEqualTo(expected);
        assertThat(timelines().home(user, Optional.empty(), 100))
                .hasSize(50 + 2 * 8)
                .isSortedAccordingTo(
                        Comparator.comparingLong(TimelineEntry::postId).reversed());
    }

    @Test
    void removeDropsOnlyTheNamedPosts() {
        long user = ids.next();
        List<TimelineEntry> entries = pushed(user, 5);
        List<Long> gone = List.of(entries.get(1).postId(), entries.get(3).postId(), ids.next());
        timelines().remove(user, gone);
        timelines().remove(user, gone);
        timelines().remove(user, List.of());
        assertThat(timelines().home(user, Optional.empty(), 10))
                .containsExactly(entries.get(4), entries.get(2), entries.get(0));
    }

    @Test
    void trimKeepsExactlyTheNewest() {
        long user = ids.next();
        List<TimelineEntry> expected = newestFirst(pushed(user, 30)).subList(0, 10);
        long tenth = expected.get(9).postId();
        assertThat(timelines().trim(user, 10)).contains(tenth);
        assertThat(timelines().trim(user, 10)).contains(tenth); // again: exactly 10 left, the same 10th
        assertThat(timelines().home(user, Optional.empty(), 100)).isEqualTo(expected);
        assertThat(timelines().home(user, Optional.of(tenth), 100)).isEmpty();

        TimelineEntry newer = pushed(user, 1).get(0);
        assertThat(timelines().trim(user, 100)).isEmpty(); // fewer than keep: left alone
        assertThat(timelines().home(user, Optional.empty(), 100))
                .hasSize(11)
                .first()
                .isEqualTo(newer);
        assertThat(timelines().trim(user, 11)).contains(tenth);
        assertThat(timelines().trim(user, 1)).contains(newer.postId());
        assertThat(timelines().home(user, Optional.empty(), 100)).containsExactly(newer);
        timelines().trim(user, 0);
        assertThat(timelines().home(user, Optional.empty(), 100)).isEmpty();
        assertThat(timelines().trim(ids.next(), 10)).isEmpty(); // an empty timeline
    }

    private static HomeState state(long lastReadMillisAgo, long completeAbove) {
        long now = System.currentTimeMillis();
        return new HomeState(
                Instant.ofEpochMilli(now - lastReadMillisAgo),
                completeAbove,
                Instant.ofEpochMilli(now - 2 * lastReadMillisAgo),
                Instant.ofEpochMilli(now - 3 * lastReadMillisAgo),
                completeAbove / 3,
                new DecayedRate(lastReadMillisAgo / 7.0, Instant.ofEpochMilli(now - 5)));
    }

    @Test
    void homeStateIsAbsentUntilSavedAndThenTheLastSaved() {
        long user = ids.next();
        assertThat(timelines().state(user)).isEmpty();
        HomeState first = state(60_000, 0);
        timelines().saveState(user, first);
        assertThat(timelines().state(user)).contains(first);
        HomeState second = state(5, ids.next());
        timelines().saveState(user, second);
        timelines().saveState(user, second);
        assertThat(timelines().state(user)).contains(second);
        assertThat(timelines().state(ids.next())).isEmpty();

        // Every field on its own, and back to never shared (the epoch).
        HomeState shared = new HomeState(
                second.lastRead(),
                second.completeAbove(),
                second.trimmedAt(),
                second.lastRead().plusMillis(7));
        timelines().saveState(user, shared);
        assertThat(timelines().state(user)).contains(shared);
        HomeState neverShared =
                new HomeState(second.lastRead(), second.completeAbove(), second.trimmedAt(), Instant.EPOCH);
        timelines().saveState(user, neverShared);
        assertThat(timelines().state(user)).contains(neverShared);
    }

    @Test
    void readAnswersTheStateThePulledAuthorsAndTheEntriesBelowTheCursorTogether() {
        long user = ids.next();
        assertThat(timelines().read(user, Optional.empty(), 10))
                .isEqualTo(new HomeRead(Optional.empty(), Map.of(), List.of()));
        List<TimelineEntry> newest = newestFirst(pushed(user, 5));
        assertThat(timelines().read(user, Optional.empty(), 3))
                .isEqualTo(new HomeRead(Optional.empty(), Map.of(), newest.subList(0, 3)));

        HomeState state = state(1_000, ids.next());
        timelines().saveState(user, state);
        long celebrity = ids.next();
        long wentBackToPush = ids.next();
        timelines().pull(celebrity, HomeRead.ALL_POSTS, List.of(user));
        timelines().pull(wentBackToPush, 77, List.of(user));
        Map<Long, Long> pulled = Map.of(celebrity, HomeRead.ALL_POSTS, wentBackToPush, 77L);
        assertThat(timelines().read(user, Optional.empty(), 3))
                .isEqualTo(new HomeRead(Optional.of(state), pulled, newest.subList(0, 3)));
        assertThat(timelines().read(user, Optional.of(newest.get(2).postId()), 10))
                .isEqualTo(new HomeRead(Optional.of(state), pulled, newest.subList(3, 5)));
        // Below every entry: no entry matches, and the state and pulled authors still come back.
        assertThat(timelines().read(user, Optional.of(newest.get(4).postId()), 10))
                .isEqualTo(new HomeRead(Optional.of(state), pulled, List.of()));
        // The state and the pulled authors are not entries: paging and trimming never meet them.
        assertThat(timelines().home(user, Optional.empty(), 10)).isEqualTo(newest);
        assertThat(timelines().trim(user, 0)).isEmpty();
        assertThat(timelines().read(user, Optional.empty(), 10))
                .isEqualTo(new HomeRead(Optional.of(state), pulled, List.of()));
        assertThat(timelines().home(user, Optional.empty(), 10)).isEmpty();
        assertThat(timelines().trim(user, 1)).isEmpty();
        TimelineEntry again = pushed(user, 1).get(0);
        assertThat(timelines().trim(user, 1)).contains(again.postId());
        assertThat(timelines().home(user, Optional.empty(), 10)).containsExactly(again);
        assertThat(timelines().state(user)).contains(state);
    }

    @Test
    void pullSetsTheAuthorsEntryForEveryReaderAndUnpullTakesItOut() {
        List<Long> readers = Stream.generate(ids::next).limit(3_000).toList();
        long author = ids.next();
        long other = ids.next();
        timelines().pull(author, HomeRead.ALL_POSTS, readers);
        timelines().pull(other, 5, readers.subList(0, 1));
        timelines().pull(author, 99, List.of()); // nobody: nothing to do
        List<Long> wrong = readers.parallelStream()
                .filter(r -> !timelines()
                        .read(r, Optional.empty(), 1)
                        .pulledUpTo()
                        .equals(
                                r.equals(readers.get(0))
                                        ? Map.of(author, HomeRead.ALL_POSTS, other, 5L)
                                        : Map.of(author, HomeRead.ALL_POSTS)))
                .toList();
        assertThat(wrong).isEmpty();
        // A reader who never read has pulled authors but no state.
        assertThat(timelines().read(readers.get(1), Optional.empty(), 1).state())
                .isEmpty();

        long reader = readers.get(0);
        timelines().pull(author, 1_234, List.of(reader)); // lowered: the last write wins
        assertThat(timelines().read(reader, Optional.empty(), 1).pulledUpTo())
                .isEqualTo(Map.of(author, 1_234L, other, 5L));
        timelines().unpull(reader, List.of(author, ids.next()));
        timelines().unpull(reader, List.of(author));
        timelines().unpull(reader, List.of());
        assertThat(timelines().read(reader, Optional.empty(), 1).pulledUpTo()).isEqualTo(Map.of(other, 5L));
        timelines().unpull(reader, List.of(other));
        assertThat(timelines().read(reader, Optional.empty(), 1).pulledUpTo()).isEmpty();
        assertThat(timelines().read(readers.get(2), Optional.empty(), 1).pulledUpTo())
                .isEqualTo(Map.of(author, HomeRead.ALL_POSTS));
    }

    @Test
    void importStatesSavesEveryUsersState() {
        Map<Long, HomeState> states = new HashMap<>();
        for (int i = 0; i < 5_000; i++) {
            states.put(ids.next(), state(i * 997L, i % 7 == 0 ? 0 : ids.next()));
        }
        timelines().importStates(states);
        timelines().importStates(Map.of()); // nobody: nothing to do
        List<Long> wrong = states.keySet().parallelStream()
                .filter(user -> !timelines().state(user).equals(Optional.of(states.get(user))))
                .toList();
        assertThat(wrong).isEmpty();
    }

    @Test
    void entriesExpireAfterTheirTtl() {
        long user = ids.next();
        TimelineEntry kept = pushed(user, 1).get(0);
        TimelineEntry brief = entry();
        TimelineEntry briefToo = entry();
        timelines().push(brief, List.of(user), Duration.ofSeconds(2));
        timelines().pushAll(user, List.of(briefToo), Duration.ofSeconds(2));
        assertThat(timelines().home(user, Optional.empty(), 10)).containsExactly(briefToo, brief, kept);
        await("past the ttl")
                .atMost(Duration.ofSeconds(3))
                .untilAsserted(() ->
                        assertThat(timelines().home(user, Optional.empty(), 10)).containsExactly(kept));
    }
}
