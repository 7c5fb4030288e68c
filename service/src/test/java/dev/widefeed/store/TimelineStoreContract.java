package dev.widefeed.store;

import dev.widefeed.core.IdGenerator;
import dev.widefeed.core.TimelineEntry;
import dev.widefeed.testing.TestStorages;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** What every backend's {@link TimelineStore} must do; one tiny subclass per backend runs it. */
public abstract class TimelineStoreContract {
    private static final Duration DAY = Duration.ofDays(1);

    private final IdGenerator ids = TestStorages.ids();

    protected abstract Storage storage();

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
        return entries.stream().sorted(Comparator.comparingLong(TimelineEntry::postId).reversed()).toList();
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
        assertThat(timelines().home(user, Optional.empty(), 100)).hasSize(50 + 2 * 8)
                .isSortedAccordingTo(Comparator.comparingLong(TimelineEntry::postId).reversed());
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
        timelines().trim(user, 10);
        timelines().trim(user, 10);
        assertThat(timelines().home(user, Optional.empty(), 100)).isEqualTo(expected);
        assertThat(timelines().home(user, Optional.of(expected.get(9).postId()), 100)).isEmpty();

        TimelineEntry newer = pushed(user, 1).get(0);
        timelines().trim(user, 100); // fewer than keep: left alone
        assertThat(timelines().home(user, Optional.empty(), 100)).hasSize(11).first().isEqualTo(newer);
        timelines().trim(user, 0);
        assertThat(timelines().home(user, Optional.empty(), 100)).isEmpty();
        timelines().trim(ids.next(), 10); // an empty timeline
    }

    @Test
    void entriesExpireAfterTheirTtl() throws InterruptedException {
        long user = ids.next();
        TimelineEntry kept = pushed(user, 1).get(0);
        TimelineEntry brief = entry();
        long start = System.nanoTime();
        timelines().push(brief, List.of(user), Duration.ofSeconds(2));
        assertThat(timelines().home(user, Optional.empty(), 10)).containsExactly(brief, kept);
        Thread.sleep(Math.max(0, Duration.ofSeconds(3).minus(Duration.ofNanos(System.nanoTime() - start)).toMillis()));
        assertThat(timelines().home(user, Optional.empty(), 10)).containsExactly(kept);
    }
}
