package dev.widefeed.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.widefeed.audience.Audience;
import dev.widefeed.cache.CacheSettings;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.feed.timeline.AuthorDelivery;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FanoutRules;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.HomeRead;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.feed.timeline.PullRules;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Page;
import dev.widefeed.post.PostDetails;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The pull side of the hybrid over one real backend: authors past the threshold switched to pull and
 * back without losing or duplicating a post on any follower's pages, pulled posts merged into pages
 * with the same cursor, audience rule and hidden-author filter as pushed ones, follows and unfollows
 * of pulled authors, and posts through another instance reaching readers within the cache refresh.
 * It runs on every {@link TestBackend}.
 */
@BackendContract
public class PullContract {
    /** Pulled above 10 followers, pushed again below 9; few cached posts, so deep pages read authors' lists. */
    static final PullRules PULL = new PullRules(10, 4, Duration.ofSeconds(1), 1_000);

    static final FeedRules RULES = new FeedRules(FeedContract.RULES.fanout(), FeedContract.RULES.home(), 4, PULL);
    static final int SHARDS = 4;

    private final IdGenerator ids = TestStorages.ids();
    private final Clock clock = Clock.systemUTC();
    private Features services;
    private EventLogJob job;

    private final TestBackend backend;

    PullContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    @BeforeEach
    void startLog() {
        services = newInstance();
        job = RunningFanout.start(storage(), services, SHARDS, clock);
    }

    @AfterEach
    void stopLog() throws InterruptedException {
        job.stop();
    }

    private Features newInstance() {
        return new Features(
                storage(), InstanceSettings.of(ids, clock).withFeed(RULES).withLogShards(SHARDS));
    }

    private long user() {
        long id = ids.next();
        storage().users().create(new User(id, "u" + id % 100_000, Instant.now()));
        return id;
    }

    /** New users following {@code author}, who read their home an hour ago (active: fan-out pushes to them). */
    private List<Long> followers(long author, int n) {
        List<Long> fans = new ArrayList<>();
        Map<Long, HomeState> states = new HashMap<>();
        Instant at = Instant.now().minus(Duration.ofHours(1));
        for (int i = 0; i < n; i++) {
            long fan = user();
            services.graph.follows().follow(fan, author);
            fans.add(fan);
            states.put(fan, new HomeState(at, 0, at, at));
        }
        storage().timelines().importStates(states);
        states.forEach((fan, state) -> storage().relations().shareActivity(fan, state.lastRead()));
        services.graph.counts().flush(); // the follows' counter updates: the fan-out decides by the count
        return fans;
    }

    private long post(long author, String text) {
        return services.posts.posts().create(author, text, null).post().id();
    }

    private FanoutProgress awaitDelivered(long postId) {
        return RunningFanout.awaitDone(storage(), postId, FanoutKind.DELIVER);
    }

    private AuthorDelivery awaitMode(long author, AuthorDelivery.Mode mode) {
        return await("author " + author + " reaches " + mode)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> storage().fanout().delivery(author),
                        d -> d.map(x -> x.mode() == mode).orElse(false))
                .orElseThrow();
    }

    /** An author with {@code fans} active followers, switched to pull by a first post (pushed, as planned then). */
    private long pulledAuthor(List<Long> fans, List<Long> posted) {
        long author = user();
        fans.addAll(followers(author, 11));
        long first = post(author, "the post that asks for the switch");
        posted.add(first);
        awaitDelivered(first);
        awaitMode(author, AuthorDelivery.Mode.PULLED);
        return author;
    }

    /** Every id of the user's home timeline, page by page, in the order shown. */
    private List<Long> everyPage(Features instance, long user, int limit) {
        List<Long> shown = new ArrayList<>();
        Optional<Long> cursor = Optional.empty();
        for (int pages = 0; pages < 500; pages++) {
            Page<PostDetails, Long> page = instance.feed.home().home(user, user, cursor, limit);
            page.items().forEach(d -> shown.add(d.post().id()));
            if (page.next().isEmpty()) {
                return shown;
            }
            cursor = page.next();
        }
        throw new AssertionError("more than 500 pages");
    }

    private List<Long> firstPage(long user, int limit) {
        return services.feed.home().home(user, user, Optional.empty(), limit).items().stream()
                .map(d -> d.post().id())
                .toList();
    }

    private long inInbox(long user, long postId) {
        return storage().timelines().home(user, Optional.empty(), 100).stream()
                .filter(e -> e.postId() == postId)
                .count();
    }

    private static List<Long> newestFirst(List<Long> ids) {
        return ids.stream().sorted(Comparator.reverseOrder()).toList();
    }

    @Test
    void anAuthorPastTheThresholdIsPulledAndTheirPostsGoIntoNoInboxButTheirOwn() {
        List<Long> fans = new ArrayList<>();
        List<Long> posted = new ArrayList<>();
        long author = pulledAuthor(fans, posted);
        assertThat(storage()
                        .fanout()
                        .progress(posted.get(0), FanoutKind.DELIVER)
                        .orElseThrow()
                        .mode())
                .as("the post that crossed the threshold still went as planned")
                .isEqualTo(FanoutRules.PUSH);
        for (long fan : fans) {
            assertThat(storage().timelines().read(fan, Optional.empty(), 1).pulledUpTo())
                    .as("fan %d pulls the author", fan)
                    .containsEntry(author, HomeRead.ALL_POSTS);
        }

        long pulled = post(author, "pulled");
        FanoutProgress done = awaitDelivered(pulled);
        assertThat(done.mode()).isEqualTo(FanoutRules.PULL);
        assertThat(done.followers()).isEqualTo(11);
        assertThat(done.tiers()).isEmpty();
        assertThat(inInbox(author, pulled))
                .as("the author's own home timeline has it")
                .isEqualTo(1);
        for (long fan : fans) {
            assertThat(inInbox(fan, pulled)).as("no push to fan %d", fan).isZero();
            assertThat(firstPage(fan, 10)).as("home of fan %d", fan).containsExactly(pulled, posted.get(0));
        }
        assertThat(firstPage(author, 10)).containsExactly(pulled, posted.get(0));
    }

    @Test
    void crossingTheThresholdBothWaysLosesAndDuplicatesNoPostOnAnyPage() {
        long author = user();
        List<Long> fans = new ArrayList<>(followers(author, 9));
        List<Long> posted = new ArrayList<>();
        posted.add(post(author, "pushed 1"));
        fans.addAll(followers(author, 3)); // 12: past the threshold
        for (int i = 0; i < 3; i++) {
            posted.add(post(author, "during the walk up " + i));
        }
        awaitMode(author, AuthorDelivery.Mode.PULLED);
        for (int i = 0; i < 3; i++) {
            posted.add(post(author, "pulled " + i));
        }
        List<Long> leaving = fans.subList(0, 4);
        for (long fan : leaving) {
            services.graph.follows().unfollow(fan, author); // 8: below nine tenths of the threshold
        }
        List<Long> staying = List.copyOf(fans.subList(4, fans.size()));
        for (int i = 0; i < 3; i++) {
            posted.add(post(author, "during the walk down " + i));
        }
        AuthorDelivery pushed = awaitMode(author, AuthorDelivery.Mode.PUSHED);
        for (int i = 0; i < 3; i++) {
            posted.add(post(author, "pushed again " + i));
        }
        posted.forEach(this::awaitDelivered);

        List<Long> expected = newestFirst(posted);
        for (long fan : staying) {
            assertThat(everyPage(services, fan, 3))
                    .as("every page of fan %d", fan)
                    .isEqualTo(expected);
            assertThat(storage().timelines().read(fan, Optional.empty(), 1).pulledUpTo())
                    .as("fan %d pulls only what was not pushed", fan)
                    .containsEntry(author, pushed.switchId());
        }
        for (long fan : leaving) {
            assertThat(storage().timelines().read(fan, Optional.empty(), 1).pulledUpTo())
                    .doesNotContainKey(author);
        }
        // Every post of the author above the switch down was pushed to the active followers.
        for (long post : posted.stream().filter(id -> id > pushed.switchId()).toList()) {
            assertThat(inInbox(staying.get(0), post)).isEqualTo(1);
        }
    }

    @Test
    void aReaderOfSeveralPulledAuthorsPagesThroughHistoryWithoutGapsOrDuplicates() {
        long reader = user();
        List<Long> expected = new ArrayList<>();
        List<Long> authors = new ArrayList<>();
        for (int a = 0; a < 3; a++) {
            List<Long> fans = new ArrayList<>();
            long author = pulledAuthor(fans, expected);
            services.graph.follows().follow(reader, author); // pulled: all their posts, the switch's own included
            authors.add(author);
        }
        long pushedAuthor = user();
        services.graph.follows().follow(reader, pushedAuthor);
        firstPage(reader, 1); // the reader is active: fan-out pushes to them
        for (int round = 0; round < 12; round++) {
            for (long author : authors) {
                expected.add(post(author, "pulled " + round));
            }
            expected.add(post(pushedAuthor, "pushed " + round));
            if (round % 4 == 0) {
                expected.add(post(reader, "mine " + round));
            }
        }
        expected.forEach(this::awaitDelivered);
        List<Long> all = newestFirst(expected);
        for (int limit : List.of(1, 3, 7, 20)) {
            assertThat(everyPage(services, reader, limit))
                    .as("pages of %d", limit)
                    .isEqualTo(all);
        }
        // Another instance, its cache cold, shows the same history.
        Features cold = newInstance();
        assertThat(everyPage(cold, reader, 5)).isEqualTo(all);
    }

    /**
     * At once where it was deleted; on another instance, whose caches hold the post's id and row, once it has read the
     * delete's announcement (docs/design.md, "The cache tier": within the poll interval and a read).
     */
    @Test
    void aDeletedPulledPostLeavesEveryInstancesPagesWithinFiveSeconds() {
        List<Long> fans = new ArrayList<>();
        List<Long> posted = new ArrayList<>();
        long author = pulledAuthor(fans, posted);
        long kept = post(author, "kept");
        long deleted = post(author, "deleted");
        awaitDelivered(deleted);
        Features other = newInstance(); // its cache holds the post until it reads the author's list again
        other.cache.invalidations().start(CacheSettings.DEFAULT.invalidationPoll());
        try {
            long fan = fans.get(0);
            assertThat(other.feed.home().home(fan, fan, Optional.empty(), 10).items().stream()
                            .map(d -> d.post().id()))
                    .containsExactly(deleted, kept, posted.get(0));
            services.posts.posts().delete(author, deleted);
            long start = System.nanoTime();
            assertThat(firstPage(fan, 10)).containsExactly(kept, posted.get(0));
            await("the other instance's pages leave it out")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(50))
                    .until(
                            () -> other.feed.home().home(fan, fan, Optional.empty(), 10).items().stream()
                                    .map(d -> d.post().id())
                                    .toList(),
                            List.of(kept, posted.get(0))::equals);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        } finally {
            other.cache.invalidations().close();
        }
    }

    @Test
    void aPostThroughAnotherInstanceReachesThisInstancesReadersWithinTheCacheRefresh() {
        List<Long> fans = new ArrayList<>();
        List<Long> posted = new ArrayList<>();
        long author = pulledAuthor(fans, posted);
        long fan = fans.get(0);
        Features other = newInstance();
        assertThat(other.feed.home().home(fan, fan, Optional.empty(), 10).items())
                .hasSize(1); // cached now
        long fresh = post(author, "through the first instance");
        long start = System.nanoTime();
        await("the other instance's reader sees the post")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> other.feed.home().home(fan, fan, Optional.empty(), 10).items().stream()
                        .anyMatch(d -> d.post().id() == fresh));
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isLessThan(PULL.cacheRefresh().plusSeconds(2));
        assertThat(firstPage(fan, 10)).as("this instance knew at once").startsWith(fresh);
    }

    @Test
    void audiencesAndHiddenAuthorsHoldForPulledPosts() {
        List<Long> fans = new ArrayList<>();
        List<Long> posted = new ArrayList<>();
        long author = pulledAuthor(fans, posted);
        long insider = fans.get(0);
        long outsider = fans.get(1);
        long hider = fans.get(2);
        long forOne = services.posts
                .posts()
                .create(
                        author,
                        "for one",
                        new Audience(Audience.Type.PARTLY_VISIBLE, List.of(insider), List.of(), List.of()))
                .post()
                .id();
        long secret = services.posts
                .posts()
                .create(author, "only me", new Audience(Audience.Type.PRIVATE, List.of(), List.of(), List.of()))
                .post()
                .id();
        services.audience.audiences().hide(hider, hider, author);
        awaitDelivered(forOne);
        assertThat(firstPage(insider, 10)).containsExactly(forOne, posted.get(0));
        assertThat(firstPage(outsider, 10)).containsExactly(posted.get(0));
        assertThat(firstPage(hider, 10)).isEmpty();
        assertThat(firstPage(author, 10)).containsExactly(secret, forOne, posted.get(0));
    }

    @Test
    void aNewFollowerOfAPulledAuthorPullsThemAndAnUnfollowerStops() {
        List<Long> fans = new ArrayList<>();
        List<Long> posted = new ArrayList<>();
        long author = pulledAuthor(fans, posted);
        long newcomer = user();
        firstPage(newcomer, 1);
        services.graph.follows().follow(newcomer, author);
        assertThat(storage().timelines().read(newcomer, Optional.empty(), 1).pulledUpTo())
                .containsEntry(author, HomeRead.ALL_POSTS);
        long after = post(author, "after the follow");
        assertThat(firstPage(newcomer, 10)).containsExactly(after, posted.get(0));
        services.graph.follows().unfollow(newcomer, author);
        assertThat(storage().timelines().read(newcomer, Optional.empty(), 1).pulledUpTo())
                .isEmpty();
        assertThat(firstPage(newcomer, 10)).isEmpty();
        Set<Long> seen = new HashSet<>(firstPage(fans.get(0), 10));
        assertThat(seen).contains(after);
    }

    @Test
    void anEdgeIsPulledWhileItsReaderReadsLessThanTheAuthorPostsAndPushedAgainOnceTheyReadMore() {
        long author = user();
        List<Long> fans = followers(author, 2);
        long rare = fans.get(0);
        long avid = fans.get(1);
        Instant read = Instant.now().minus(Duration.ofHours(1));
        storage().relations().shareActivity(rare, read, OptionalDouble.of(0.5));
        storage().relations().shareActivity(avid, read, OptionalDouble.of(500));
        List<Long> posted = new ArrayList<>();
        for (int i = 0; i < 4; i++) { // too few posts to be a rate: a quiet author, pushed to both
            long quiet = post(author, "quiet " + i);
            assertThat(awaitDelivered(quiet).pulled()).isZero();
            posted.add(quiet);
            assertThat(inInbox(rare, quiet)).as("pushed to the rare reader too").isEqualTo(1);
        }
        List<Long> rated = new ArrayList<>();
        for (int i = 0; i < 3; i++) { // five posts and more today: at least five a day
            rated.add(post(author, "post " + i));
        }
        posted.addAll(rated);
        for (long post : rated) {
            FanoutProgress done = awaitDelivered(post);
            assertThat(done.pushed()).as("the author and the avid reader").isEqualTo(2);
            assertThat(done.pulled())
                    .as("the rare reader's edge, counted where /fanout shows it")
                    .isEqualTo(1);
            assertThat(inInbox(avid, post)).as("pushed to the avid reader").isEqualTo(1);
            assertThat(inInbox(rare, post)).as("not pushed to the rare reader").isZero();
        }
        assertThat(storage().timelines().read(rare, Optional.empty(), 1).pulledUpTo())
                .containsEntry(author, HomeRead.ALL_POSTS);
        assertThat(storage().timelines().read(avid, Optional.empty(), 1).pulledUpTo())
                .doesNotContainKey(author);
        assertThat(storage().fanout().delivery(author))
                .as("the author is not pulled as a whole")
                .isEmpty();
        assertThat(everyPage(services, rare, 2)).isEqualTo(newestFirst(posted));
        assertThat(everyPage(services, avid, 2)).isEqualTo(newestFirst(posted));

        // The rare reader now reads far more than the author posts: their edge goes back to push.
        storage().relations().shareActivity(rare, Instant.now(), OptionalDouble.of(1_000));
        long again = post(author, "pushed again");
        awaitDelivered(again);
        posted.add(again);
        long after = post(author, "and after");
        awaitDelivered(after);
        posted.add(after);
        assertThat(inInbox(rare, again)).isEqualTo(1);
        assertThat(inInbox(rare, after)).isEqualTo(1);
        Map<Long, Long> pulled =
                storage().timelines().read(rare, Optional.empty(), 1).pulledUpTo();
        assertThat(pulled.get(author))
                .as("only the posts that were not pushed are pulled")
                .isLessThan(HomeRead.ALL_POSTS)
                .isGreaterThanOrEqualTo(rated.get(2));
        for (int limit : List.of(1, 3, 10)) {
            assertThat(everyPage(services, rare, limit)).isEqualTo(newestFirst(posted));
        }
    }
}
