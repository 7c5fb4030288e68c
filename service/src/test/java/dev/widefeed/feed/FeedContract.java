package dev.widefeed.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.health.HealthCheck;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.EventLogHealthCheck;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.eventlog.EventLogStore;
import dev.widefeed.eventlog.EventLogStore.SlotMark;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.feed.fanout.FanoutTask;
import dev.widefeed.feed.fanout.FanoutWorker;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FanoutRules;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.HomeRules;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.feed.timeline.PullRules;
import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Page;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostStore;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Home timelines and hybrid fan-out over one real backend: push to active followers, tiers for big
 * authors, pull for the inactive, resuming from checkpoints, paging across the inbox / pull
 * boundary, follows, unfollows and deletes. It runs on every {@link TestBackend}.
 */
@BackendContract
public class FeedContract {
    /** Small numbers so a test exercises many pages, both modes and the trim boundary. */
    static final FeedRules RULES = new FeedRules(
            new FanoutRules(
                    50,
                    List.of(
                            new FanoutRules.Tier("hot", Duration.ofDays(1), Duration.ofMinutes(1)),
                            new FanoutRules.Tier("warm", Duration.ofDays(14), Duration.ofMinutes(15)))),
            new HomeRules(
                    20,
                    Duration.ofDays(1),
                    Duration.ofDays(14),
                    20,
                    5,
                    Duration.ofMinutes(1),
                    Duration.ZERO,
                    Duration.ofHours(6)),
            7,
            new PullRules(
                    PullRules.DEFAULT.pullAbove(),
                    200,
                    Duration.ofSeconds(1),
                    1_000,
                    false,
                    1,
                    1,
                    Duration.ofDays(1))); // the push side alone: per-edge pulls are PullContract's

    static final int SHARDS = 4;

    private final IdGenerator ids = TestStorages.ids();
    private final Clock clock = Clock.systemUTC();
    private Features services;
    private EventLogJob job;

    private final TestBackend backend;

    FeedContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    @BeforeEach
    void startFanout() {
        services = new Features(
                storage(), InstanceSettings.of(ids, clock).withFeed(RULES).withLogShards(SHARDS));
        job = RunningFanout.start(storage(), services, SHARDS, clock);
    }

    @AfterEach
    void stopFanout() throws InterruptedException {
        job.stop();
    }

    private long user() {
        long id = ids.next();
        storage().users().create(new User(id, "u" + id % 100_000, Instant.now()));
        return id;
    }

    /** New users following {@code author}, whose last home read was {@code ago} ago (never, if null). */
    private List<Long> followers(long author, int n, Duration ago) {
        List<Long> fans = new ArrayList<>();
        Map<Long, HomeState> states = new HashMap<>();
        for (int i = 0; i < n; i++) {
            long fan = user();
            services.graph.follows().follow(fan, author);
            fans.add(fan);
            if (ago != null) {
                Instant at = Instant.now().minus(ago);
                states.put(fan, new HomeState(at, 0, at, at));
            }
        }
        if (!states.isEmpty()) {
            storage().timelines().importStates(states);
            states.forEach((fan, state) -> storage().relations().shareActivity(fan, state.lastRead()));
        }
        // The follows' counter updates, which come off the request within 20 ms: a fan-out started before they land
        // would count fewer followers than these tests state.
        services.graph.counts().flush();
        return fans;
    }

    private FanoutProgress awaitDelivered(long postId) {
        return awaitDone(postId, FanoutKind.DELIVER);
    }

    private FanoutProgress awaitDone(long postId, FanoutKind kind) {
        return RunningFanout.awaitDone(storage(), postId, kind);
    }

    /** How often the post is in the user's inbox (the pushed side only). */
    private long inInbox(long user, long postId) {
        return storage().timelines().home(user, Optional.empty(), 100).stream()
                .filter(e -> e.postId() == postId)
                .count();
    }

    private List<Long> homeIds(long user, int limit) {
        return services.feed.home().home(user, user, Optional.empty(), limit).items().stream()
                .map(d -> d.post().id())
                .toList();
    }

    @Test
    void anOrdinaryAuthorsPostIsPushedToActiveFollowersAndPulledByTheRest() {
        long author = user();
        List<Long> hot = followers(author, 10, Duration.ofHours(1));
        List<Long> warm = followers(author, 5, Duration.ofDays(3));
        List<Long> away = followers(author, 5, Duration.ofDays(30));
        List<Long> never = followers(author, 3, null);

        long postId =
                services.posts.posts().create(author, "hello", null).post().id();
        FanoutProgress done = awaitDelivered(postId);

        assertThat(done.mode()).isEqualTo(FanoutRules.PUSH);
        assertThat(done.followers()).isEqualTo(23);
        assertThat(done.pushed()).as("the active followers and the author").isEqualTo(16);
        assertThat(done.skippedInactive()).isEqualTo(8);
        assertThat(inInbox(author, postId)).isEqualTo(1);
        for (long fan : concat(hot, warm)) {
            assertThat(inInbox(fan, postId))
                    .as("pushed to active follower %d", fan)
                    .isEqualTo(1);
        }
        for (long fan : concat(away, never)) {
            assertThat(inInbox(fan, postId))
                    .as("no push to inactive follower %d", fan)
                    .isZero();
        }
        for (long fan : concat(concat(hot, warm), concat(away, never))) {
            assertThat(homeIds(fan, 20)).as("home of %d", fan).containsOnlyOnce(postId);
        }
        assertThat(homeIds(author, 20)).containsOnlyOnce(postId);
    }

    @Test
    void aBigAuthorIsFannedOutTierByTierMostActiveFirst() {
        long author = user();
        List<Long> hot = followers(author, 20, Duration.ofHours(2));
        List<Long> warm = followers(author, 20, Duration.ofDays(5));
        List<Long> away = followers(author, 20, Duration.ofDays(40));

        long postId =
                services.posts.posts().create(author, "big news", null).post().id();
        FanoutProgress done = awaitDelivered(postId);

        assertThat(done.mode()).isEqualTo(FanoutRules.HYBRID);
        assertThat(done.tiers()).extracting(FanoutProgress.TierProgress::name).containsExactly("hot", "warm");
        assertThat(done.tiers().get(0).pushed()).isEqualTo(21); // the hot followers and the author
        assertThat(done.tiers().get(1).pushed()).isEqualTo(20);
        assertThat(done.skippedInactive()).isEqualTo(20);
        assertThat(done.tiers().get(0).finishedAt().orElseThrow())
                .isBeforeOrEqualTo(done.tiers().get(1).startedAt().orElseThrow());
        for (long fan : concat(hot, warm)) {
            assertThat(inInbox(fan, postId)).isEqualTo(1);
        }
        for (long fan : away) {
            assertThat(inInbox(fan, postId)).isZero();
            assertThat(homeIds(fan, 5))
                    .as("merged into %d's home at read time", fan)
                    .containsOnlyOnce(postId);
        }
    }

    @Test
    void aWorkerResumesFromTheCheckpointAndNobodyGetsThePostTwice() {
        long author = user();
        List<Long> fans = followers(author, 30, Duration.ofMinutes(10));
        Post post = new Post(
                ids.next(),
                author,
                dev.widefeed.post.PostType.ORIGINAL,
                "resumable",
                Instant.now(),
                dev.widefeed.audience.Audience.PUBLIC,
                Optional.empty());
        storage().posts().create(post); // no task recorded: this test works it by hand
        FanoutTask task = new FanoutTask(post.id(), author, FanoutKind.DELIVER);

        FanoutWorker.Turn first = services.feed.worker().work(task, 2, () -> true);
        FanoutProgress halfway = ((FanoutWorker.Turn.Worked) first).progress();
        assertThat(halfway.done()).isFalse();
        assertThat(halfway.cursor()).isPresent();
        assertThat(storage().fanout().progress(post.id(), FanoutKind.DELIVER)).contains(halfway);

        // A fresh worker, as after a restart: it knows only what the store has.
        FanoutWorker restarted = new Features(
                        storage(),
                        InstanceSettings.of(ids, clock).withFeed(RULES).withLogShards(SHARDS))
                .feed.worker();
        FanoutWorker.Turn rest = restarted.work(task, 100, () -> true);
        FanoutProgress done = ((FanoutWorker.Turn.Worked) rest).progress();
        assertThat(done.done()).isTrue();
        assertThat(done.pushed()).isEqualTo(31);
        for (long fan : fans) {
            assertThat(inInbox(fan, post.id())).isEqualTo(1);
        }
    }

    @Test
    void homePagesCrossTheInboxBoundaryWithoutGapsOrDuplicates() {
        long reader = user();
        List<Long> authors = List.of(user(), user(), user());
        for (long author : authors) {
            services.graph.follows().follow(reader, author);
        }
        homeIds(reader, 1); // the reader is active from now on: pushes reach them
        List<Long> posted = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            for (long author : authors) {
                posted.add(services.posts
                        .posts()
                        .create(author, "post " + i, null)
                        .post()
                        .id());
            }
        }
        posted.forEach(this::awaitDelivered);
        long deleted = posted.remove(posted.size() - 10);
        services.posts.posts().delete(authorOf(deleted), deleted);

        // The next read trims the inbox to its 20 newest (trimEvery is zero here): the rest is pulled.
        List<Long> seen = new ArrayList<>();
        Optional<Long> cursor = Optional.empty();
        int pages = 0;
        do {
            Page<PostDetails, Long> page = services.feed.home().home(reader, reader, cursor, 7);
            page.items().forEach(d -> seen.add(d.post().id()));
            cursor = page.next();
            // Posts arriving while the reader pages are newer than any cursor: they never show up further down.
            services.posts.posts().create(authors.get(pages % 3), "meanwhile " + pages, null);
            pages++;
        } while (cursor.isPresent() && pages < 20);

        assertThat(storage().timelines().home(reader, Optional.empty(), 100).size())
                .as("the inbox was trimmed")
                .isLessThanOrEqualTo(20 + pages);
        assertThat(seen)
                .as("every post once, newest first, the deleted one gone")
                .isEqualTo(posted.stream().sorted(Comparator.reverseOrder()).toList());
    }

    @Test
    void aDeletedPostLeavesEveryHomeTimeline() {
        long author = user();
        List<Long> fans = followers(author, 12, Duration.ofHours(1));
        long postId =
                services.posts.posts().create(author, "regret", null).post().id();
        awaitDelivered(postId);
        services.posts.posts().delete(author, postId);
        for (long fan : fans) {
            assertThat(homeIds(fan, 20)).as("read-time check").doesNotContain(postId);
        }
        FanoutProgress retracted = awaitDone(postId, FanoutKind.RETRACT);
        assertThat(retracted.pushed()).isEqualTo(13);
        for (long fan : fans) {
            assertThat(inInbox(fan, postId)).isZero();
        }
        assertThat(inInbox(author, postId)).isZero();
    }

    @Test
    void followBringsRecentPostsInAndUnfollowTakesThemOut() {
        long reader = user();
        homeIds(reader, 1);
        long author = user();
        List<Long> posts = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            posts.add(services.posts
                    .posts()
                    .create(author, "before " + i, null)
                    .post()
                    .id());
        }
        posts.forEach(this::awaitDelivered); // else a delivery running after the follow would push to the reader too
        services.graph.follows().follow(reader, author);
        List<Long> newest =
                posts.stream().sorted(Comparator.reverseOrder()).limit(5).toList(); // followBackfill
        assertThat(storage().timelines().home(reader, Optional.empty(), 20).stream()
                        .map(TimelineEntry::postId))
                .containsExactlyElementsOf(newest);
        assertThat(homeIds(reader, 20))
                .containsExactlyElementsOf(
                        posts.stream().sorted(Comparator.reverseOrder()).toList());

        services.graph.follows().unfollow(reader, author);
        assertThat(storage().timelines().home(reader, Optional.empty(), 20)).isEmpty();
        assertThat(homeIds(reader, 20)).isEmpty();
    }

    @Test
    void aReturningReadersFirstPageIsRebuiltComplete() {
        long reader = user();
        Instant away = Instant.now().minus(Duration.ofDays(30));
        storage().timelines().saveState(reader, new HomeState(away, 0, away, away));
        List<Long> authors = List.of(user(), user());
        List<Long> posted = new ArrayList<>();
        for (long author : authors) {
            services.graph.follows().follow(reader, author);
        }
        storage()
                .timelines()
                .remove(
                        reader,
                        storage().timelines().home(reader, Optional.empty(), 100).stream()
                                .map(TimelineEntry::postId)
                                .toList()); // as if the follow backfill had long expired
        for (int i = 0; i < 6; i++) {
            for (long author : authors) {
                posted.add(services.posts
                        .posts()
                        .create(author, "while away " + i, null)
                        .post()
                        .id());
            }
        }
        List<Long> expected =
                posted.stream().sorted(Comparator.reverseOrder()).limit(10).toList();
        assertThat(homeIds(reader, 10)).isEqualTo(expected);
        HomeState now = storage().timelines().state(reader).orElseThrow();
        assertThat(now.lastRead()).isAfter(Instant.now().minusSeconds(60));
        assertThat(storage().timelines().home(reader, Optional.empty(), 100).stream()
                        .map(TimelineEntry::postId)
                        .collect(Collectors.toSet()))
                .as("rebuilt by pull into the inbox")
                .containsAll(expected);
    }

    @Test
    void twoInstancesShareTheWorkAndNeitherDoesAPageTheOtherDid() throws InterruptedException {
        job.stop(); // only the two below work these tasks
        long author = user();
        AtomicLong paged = new AtomicLong();
        FanoutWorker.Listener counting = (task, followers, sent) -> {
            if (task.authorId() == author) {
                paged.addAndGet(followers);
            }
        };
        List<EventLogJob> instances = new ArrayList<>();
        for (String name : List.of("one", "two")) {
            Features instance = new Features(
                    storage(),
                    InstanceSettings.of(ids, clock)
                            .withFeed(RULES)
                            .withLogShards(SHARDS)
                            .withFanoutListener(counting));
            instances.add(new EventLogJob(
                    storage().eventLog(),
                    instance.log.handlers(),
                    new EventLogJob.Settings(
                            SHARDS,
                            2,
                            1,
                            Duration.ofMillis(20),
                            Duration.ofMillis(200),
                            Duration.ofSeconds(5),
                            Duration.ofMinutes(10),
                            name + "-" + UUID.randomUUID()),
                    clock,
                    new MetricRegistry(),
                    instance.context.threads().scheduled("eventlog-poll"),
                    instance.context.threads().fixed("eventlog-worker", 2),
                    instance.context.threads().cached("eventlog-release")));
        }
        List<Long> fans = followers(author, 30, Duration.ofHours(1));
        List<Long> posted = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            posted.add(services.posts
                    .posts()
                    .create(author, "shared " + i, null)
                    .post()
                    .id());
        }
        instances.forEach(EventLogJob::start);
        try {
            posted.forEach(this::awaitDelivered);
        } finally {
            for (EventLogJob instance : instances) {
                instance.stop();
            }
        }
        assertThat(paged.get())
                .as("every follower of every post paged exactly once over both instances")
                .isEqualTo(12L * fans.size());
        for (long post : posted) {
            assertThat(inInbox(fans.get(0), post)).isEqualTo(1);
        }
    }

    @Test
    void theHealthCheckFailsWhileTheBacklogStallsAndRecovers() throws InterruptedException {
        long author = user();
        followers(author, 3, Duration.ofHours(1));
        Post post = new Post(
                ids.next(),
                author,
                dev.widefeed.post.PostType.ORIGINAL,
                "late",
                Instant.now(),
                dev.widefeed.audience.Audience.PUBLIC,
                Optional.empty());
        // A job that sees this test's entry only: other work in the shared log's shards (other tests' entries, made
        // progress on) would keep the health check green however long this entry waits.
        job.stop();
        job = new EventLogJob(
                onlyAbout(storage().eventLog(), post.id()),
                services.log.handlers(),
                new EventLogJob.Settings(
                        SHARDS,
                        2,
                        5,
                        Duration.ofMillis(50),
                        Duration.ofMillis(250),
                        Duration.ofSeconds(5),
                        Duration.ofMinutes(10),
                        "test-" + ids.next()),
                clock,
                new MetricRegistry(),
                services.context.threads().scheduled("eventlog-poll"),
                services.context.threads().fixed("eventlog-worker", 2),
                services.context.threads().cached("eventlog-release"));
        job.start();
        EventLogHealthCheck health = new EventLogHealthCheck(job, Duration.ofMillis(300), clock);
        // The task is recorded but its post is not written yet: the task waits, and no page is done.
        new EventLog(storage().eventLog(), SHARDS, clock).append(FanoutKind.DELIVER.entryKind(), post.id(), author);
        HealthCheck.Result stalled = await("the log stalled")
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(50))
                .until(health::execute, r -> !r.isHealthy());
        assertThat(stalled.getMessage()).contains("stalled");
        assertThat(job.backlog()).isPositive();

        storage().posts().create(post);
        awaitDelivered(post.id());
        await("the log healthy again")
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> health.execute().isHealthy());
    }

    /** The log as a job sees it when it is only to work the entries about {@code subjectId}. */
    private static EventLogStore onlyAbout(EventLogStore log, long subjectId) {
        return new EventLogStore() {
            @Override
            public void append(LogEntry entry) {
                log.append(entry);
            }

            @Override
            public List<LogEntry> entries(int shard, long slot) {
                return log.entries(shard, slot).stream()
                        .filter(e -> e.subjectId() == subjectId)
                        .toList();
            }

            @Override
            public void markActive(int shard, long slot, String writer) {
                log.markActive(shard, slot, writer);
            }

            @Override
            public List<SlotMark> activeSlots(long fromSlot, long toSlot) {
                return log.activeSlots(fromSlot, toSlot);
            }

            @Override
            public Optional<Long> watermark(int shard) {
                return Optional.empty(); // reads from its lookback: the shared watermark is not this job's to move
            }

            @Override
            public void saveWatermark(int shard, long slot) {}

            @Override
            public boolean lease(int shard, String owner, Duration ttl) {
                return log.lease(shard, owner, ttl);
            }

            @Override
            public Map<Integer, String> holders() {
                return log.holders();
            }

            @Override
            public void release(int shard, String owner) {
                log.release(shard, owner);
            }
        };
    }

    @Test
    void aShortInboxIsNotPulledAgainAtEveryRead() {
        AtomicLong pulls = new AtomicLong();
        Features counted = new Features(
                countingPulls(storage(), pulls),
                InstanceSettings.of(ids, clock).withFeed(RULES).withLogShards(SHARDS));
        long reader = user();
        // Older than anything the reader follows at first: the history a later follow brings.
        long older = user();
        List<Long> history = new ArrayList<>();
        for (int i = 0; i < RULES.home().followBackfill() + 2; i++) {
            history.add(
                    counted.posts.posts().create(older, "old " + i, null).post().id());
        }
        List<Long> posted = new ArrayList<>();
        for (int a = 0; a < 2; a++) {
            long author = user();
            counted.graph.follows().follow(reader, author);
            posted.add(counted.posts.posts().create(author, "one", null).post().id());
            posted.add(counted.posts.posts().create(author, "two", null).post().id());
        }
        List<Long> expected = posted.stream().sorted(Comparator.reverseOrder()).toList();
        // The first read rebuilds the inbox from the followees' lists, and learns they hold no more.
        assertThat(page(counted, reader)).isEqualTo(expected);
        pulls.set(0);
        for (int i = 0; i < 3; i++) {
            assertThat(page(counted, reader)).isEqualTo(expected);
        }
        assertThat(pulls.get())
                .as("reads of the followees' lists after the first page")
                .isZero();

        // A follow brings in history that begins earlier than what was learned: below the follow's
        // backfill it is pulled again, every post of it.
        counted.graph.follows().follow(reader, older);
        List<Long> all = new ArrayList<>(expected);
        all.addAll(history);
        all.sort(Comparator.reverseOrder());
        assertThat(pages(counted, reader, 50)).isEqualTo(all);
        assertThat(pages(counted, reader, 3)).isEqualTo(all);
    }

    private static List<Long> page(Features s, long reader) {
        return s.feed.home().home(reader, reader, Optional.empty(), 50).items().stream()
                .map(d -> d.post().id())
                .toList();
    }

    private static List<Long> pages(Features s, long reader, int limit) {
        List<Long> shown = new ArrayList<>();
        Optional<Long> cursor = Optional.empty();
        do {
            Page<PostDetails, Long> page = s.feed.home().home(reader, reader, cursor, limit);
            page.items().forEach(d -> shown.add(d.post().id()));
            cursor = page.next();
        } while (cursor.isPresent());
        return shown;
    }

    /**
     * The post's request writes its author's inbox; its fan-out, worked by the same instance, writes only the others',
     * and still counts the author as pushed. Another instance's fan-out (one that did not write it) writes it again.
     */
    @Test
    void aPostsAuthorsInboxIsWrittenOnceByItsInstanceAndAgainByAnother() throws InterruptedException {
        List<Long> toAuthors = new java.util.concurrent.CopyOnWriteArrayList<>();
        Storage counted = countingAuthorPushes(storage(), toAuthors);
        Features here = new Features(
                counted, InstanceSettings.of(ids, clock).withFeed(RULES).withLogShards(SHARDS));
        job.stop(); // this instance's job works the post, not the default one
        job = RunningFanout.start(counted, here, SHARDS, clock);
        long author = user();
        List<Long> fans = followers(author, 3, Duration.ofHours(1));

        long postId = here.posts.posts().create(author, "once", null).post().id();
        FanoutProgress done = awaitDelivered(postId);
        assertThat(done.pushed()).as("the active followers and the author").isEqualTo(4);
        assertThat(toAuthors).as("the author's inbox writes").containsExactly(postId);
        assertThat(inInbox(author, postId)).isEqualTo(1);
        fans.forEach(fan -> assertThat(inInbox(fan, postId)).isEqualTo(1));

        // Posted through another instance (the default one here, whose writes are not counted), worked here.
        long elsewhere =
                services.posts.posts().create(author, "twice", null).post().id();
        awaitDelivered(elsewhere);
        assertThat(toAuthors).as("written by this instance's fan-out").containsExactly(postId, elsewhere);
        assertThat(inInbox(author, elsewhere)).isEqualTo(1);
    }

    /** The storage, with every inbox write that reaches its post's author noted by post id. */
    private static Storage countingAuthorPushes(Storage storage, List<Long> toAuthors) {
        dev.widefeed.feed.timeline.TimelineStore timelines =
                (dev.widefeed.feed.timeline.TimelineStore) Proxy.newProxyInstance(
                        dev.widefeed.feed.timeline.TimelineStore.class.getClassLoader(),
                        new Class<?>[] {dev.widefeed.feed.timeline.TimelineStore.class},
                        (proxy, method, args) -> {
                            if (method.getName().equals("push")
                                    && args[0] instanceof TimelineEntry entry
                                    && ((java.util.Collection<?>) args[1]).contains(entry.authorId())) {
                                toAuthors.add(entry.postId());
                            }
                            return invoke(method, storage.timelines(), args);
                        });
        return (Storage) Proxy.newProxyInstance(
                Storage.class.getClassLoader(),
                new Class<?>[] {Storage.class},
                (proxy, method, args) ->
                        method.getName().equals("timelines") ? timelines : invoke(method, storage, args));
    }

    /** The storage, with every read of several authors' lists at once (a pull from the followees) counted. */
    private static Storage countingPulls(Storage storage, AtomicLong pulls) {
        PostStore posts = (PostStore) Proxy.newProxyInstance(
                PostStore.class.getClassLoader(), new Class<?>[] {PostStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("postIdsByAuthors")) {
                        pulls.incrementAndGet();
                    }
                    return invoke(method, storage.posts(), args);
                });
        return (Storage) Proxy.newProxyInstance(
                Storage.class.getClassLoader(),
                new Class<?>[] {Storage.class},
                (proxy, method, args) -> method.getName().equals("posts") ? posts : invoke(method, storage, args));
    }

    private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Test
    void theHomeTimelineIsItsOwnersOnly() {
        long me = user();
        long other = user();
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> services.feed.home().home(me, other, Optional.empty(), 5))
                .isInstanceOf(dev.widefeed.kernel.DomainException.class);
    }

    private long authorOf(long postId) {
        return storage().posts().find(postId).orElseThrow().authorId();
    }

    private static List<Long> concat(List<Long> a, List<Long> b) {
        List<Long> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
