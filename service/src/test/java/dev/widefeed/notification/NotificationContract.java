package dev.widefeed.notification;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.audience.Audience;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.feed.timeline.FanoutRules;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.HomeRules;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.UnknownOutcomeException;
import dev.widefeed.like.LikeEdge;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.NextMillisecond;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Notifications end to end over one real backend, with the event log's job running: what notifies whom, grouping,
 * withdrawal, blocks and audiences, the unread count and read marker, and that an interrupted change is neither lost
 * nor counted twice. It runs on every {@link TestBackend}.
 */
@BackendContract
public class NotificationContract {
    static final FeedRules FEED = new FeedRules(
            new FanoutRules(50, List.of(new FanoutRules.Tier("hot", Duration.ofDays(14), Duration.ofMinutes(1)))),
            new HomeRules(
                    20,
                    Duration.ofDays(1),
                    Duration.ofDays(14),
                    20,
                    5,
                    Duration.ofMinutes(1),
                    Duration.ZERO,
                    Duration.ofHours(6)),
            7);
    static final int SHARDS = 4;
    /** Long enough for every entry written before it to have been worked, had it notified. */
    private static final Duration SETTLE = Duration.ofMillis(1_500);

    private final IdGenerator ids = TestStorages.ids();
    private final List<EventLogJob> jobs = new ArrayList<>();
    private Features services;

    private final TestBackend backend;

    NotificationContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    @BeforeEach
    void start() {
        services = services(storage(), Clock.systemUTC());
        jobs.add(job(storage(), services, Clock.systemUTC()));
    }

    @AfterEach
    void stop() throws InterruptedException {
        for (EventLogJob job : jobs) {
            job.stop();
        }
    }

    static Features services(Storage storage, Clock clock) {
        return new Features(
                storage,
                InstanceSettings.of(TestStorages.ids(), clock).withFeed(FEED).withLogShards(SHARDS));
    }

    static EventLogJob job(Storage storage, Features services, Clock clock) {
        EventLogJob job = new EventLogJob(
                storage.eventLog(),
                services.log.handlers(),
                new EventLogJob.Settings(
                        SHARDS,
                        2,
                        5,
                        Duration.ofMillis(50),
                        Duration.ofMillis(250),
                        Duration.ofSeconds(5),
                        Duration.ofMinutes(10),
                        "test-" + UUID.randomUUID()),
                clock,
                new MetricRegistry(),
                services.context.threads().scheduled("eventlog-poll"),
                services.context.threads().fixed("eventlog-worker", 2),
                services.context.threads().cached("eventlog-release"));
        job.serve(services.log.log());
        job.start();
        return job;
    }

    private long user() {
        return services.graph
                .users()
                .create("n" + ids.next() % 100_000, Optional.empty())
                .id();
    }

    private String handle(long user) {
        return services.graph.users().get(user).handle().orElseThrow().value();
    }

    private List<Notification> notifications(long user) {
        return services.notifications.notifications().page(user, user, Optional.empty(), 100).items().stream()
                .map(NotificationService.Shown::notification)
                .toList();
    }

    /**
     * The user's notifications once {@code condition} holds of them; fails the test after 90 s (their entries are
     * worked by the class's own job, which a busy machine running other classes beside it can slow a lot).
     */
    private List<Notification> await(long user, Predicate<List<Notification>> condition) {
        return Awaitility.await("notifications of " + user)
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> notifications(user), condition);
    }

    private static Predicate<List<Notification>> one(NotificationKind kind, long target, long count) {
        return all -> all.stream()
                .anyMatch(n -> n.key().kind() == kind && n.key().targetId() == target && n.count() == count);
    }

    private static Notification only(List<Notification> all, NotificationKind kind, long target) {
        List<Notification> found = all.stream()
                .filter(n -> n.key().kind() == kind && n.key().targetId() == target)
                .toList();
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    private static List<Long> actors(Notification n) {
        return n.newest().stream().map(NotifiedActor::userId).toList();
    }

    /**
     * Checks the user's notifications throughout {@link #SETTLE}: whatever was written before could have notified by
     * the end of it, so what still holds then is what stays.
     */
    private void settled(long user, Consumer<List<Notification>> check) {
        Awaitility.await("notifications of " + user + " settled")
                .during(SETTLE)
                .atMost(SETTLE.plusSeconds(2))
                .untilAsserted(() -> check.accept(notifications(user)));
    }

    @Test
    void likesOfAPostAreOneGroupWithTheExactCountAndTheNewestLikersButNeverTheAuthorsOwn() {
        long ada = user();
        long post = services.posts.posts().create(ada, "hello", null).post().id();
        List<Long> fans = List.of(user(), user(), user(), user());
        for (long fan : fans) {
            services.likes.likes().like(fan, post);
            NextMillisecond.await(); // distinct like times, so "newest" has one answer
        }
        services.likes.likes().like(ada, post);

        // The names may come a pass after the count: a minute counted from the likers list counts likes whose own
        // entries are still to come.
        List<Long> newest = List.of(fans.get(3), fans.get(2), fans.get(1));
        Notification likes = only(
                await(
                        ada,
                        all -> one(NotificationKind.LIKE, post, 4).test(all)
                                && all.stream().anyMatch(n -> actors(n).equals(newest))),
                NotificationKind.LIKE,
                post);
        assertThat(actors(likes)).containsExactlyElementsOf(newest);
        assertThat(likes.key().recipientId()).isEqualTo(ada);
        settled(ada, all -> assertThat(all).hasSize(1));
    }

    @Test
    void anUnlikeLowersItsGroupAndTheLastWithdrawsIt() {
        long ada = user();
        long post = services.posts.posts().create(ada, "hello", null).post().id();
        long bob = user();
        long cy = user();
        services.likes.likes().like(bob, post);
        services.likes.likes().like(cy, post);
        await(ada, one(NotificationKind.LIKE, post, 2));

        services.likes.likes().unlike(bob, post);
        Notification lowered = only(await(ada, one(NotificationKind.LIKE, post, 1)), NotificationKind.LIKE, post);
        assertThat(actors(lowered)).containsExactly(cy);

        services.likes.likes().unlike(cy, post);
        await(ada, List::isEmpty);
        services.likes.likes().like(bob, post); // liked again: counted again, once
        await(ada, one(NotificationKind.LIKE, post, 1));
        settled(
                ada,
                all -> assertThat(only(all, NotificationKind.LIKE, post).count())
                        .isEqualTo(1));
    }

    @Test
    void aFollowNotifiesTheFolloweeAndAnUnfollowWithdrawsIt() {
        long ada = user();
        long bob = user();
        long cy = user();
        services.graph.follows().follow(bob, ada);
        services.graph.follows().follow(cy, ada);
        // Names may come a pass after the count (a minute counted from the followers list counts follows whose
        // entries are still to come).
        Notification follows = only(
                await(
                        ada,
                        all -> one(NotificationKind.FOLLOW, ada, 2).test(all)
                                && all.stream()
                                        .anyMatch(n -> Set.copyOf(actors(n)).equals(Set.of(bob, cy)))),
                NotificationKind.FOLLOW,
                ada);
        assertThat(actors(follows)).containsExactlyInAnyOrder(bob, cy);

        services.graph.follows().unfollow(bob, ada);
        assertThat(actors(only(await(ada, one(NotificationKind.FOLLOW, ada, 1)), NotificationKind.FOLLOW, ada)))
                .containsExactly(cy);
    }

    @Test
    void commentsRepliesAndLikesOfCommentsNotifyTheirOwnersAndADeleteWithdraws() {
        long ada = user();
        long bob = user();
        long cy = user();
        long post = services.posts.posts().create(ada, "hello", null).post().id();
        long bobs = services.comments
                .writer()
                .create(bob, post, "first", Optional.empty())
                .comment()
                .id();
        long cys = services.comments
                .writer()
                .create(cy, post, "second", Optional.empty())
                .comment()
                .id();
        await(ada, one(NotificationKind.COMMENT, post, 2));

        long reply = services.comments
                .writer()
                .create(ada, post, "thanks", Optional.of(bobs))
                .comment()
                .id();
        services.comments.voting().vote(cy, bobs, Vote.LIKE);
        services.comments.voting().vote(ada, bobs, Vote.HATE); // a hate tells nobody
        List<Notification> bobsNews = await(
                bob,
                all -> one(NotificationKind.REPLY, bobs, 1).test(all)
                        && one(NotificationKind.COMMENT_LIKE, bobs, 1).test(all));
        assertThat(actors(only(bobsNews, NotificationKind.REPLY, bobs))).containsExactly(ada);
        assertThat(actors(only(bobsNews, NotificationKind.COMMENT_LIKE, bobs))).containsExactly(cy);
        assertThat(bobsNews).hasSize(2);

        services.comments.writer().delete(cy, cys);
        assertThat(actors(only(await(ada, one(NotificationKind.COMMENT, post, 1)), NotificationKind.COMMENT, post)))
                .containsExactly(bob);
        services.comments.voting().unvote(cy, bobs, Vote.LIKE);
        await(bob, all -> all.stream().noneMatch(n -> n.key().kind() == NotificationKind.COMMENT_LIKE));
        services.comments.writer().delete(ada, reply);
        await(bob, List::isEmpty);
    }

    @Test
    void repostsAndMentionsNotifyOnlyWhoMaySeeThemAndADeletedPostWithdrawsThem() {
        long ada = user();
        long bob = user();
        long cy = user();
        long post = services.posts.posts().create(ada, "hello", null).post().id();
        long repost = services.posts
                .posts()
                .repost(bob, post, "look @" + handle(cy), null)
                .post()
                .id();
        long mention = services.posts
                .posts()
                .create(cy, "hi @" + handle(ada) + " and @" + handle(ada), null)
                .post()
                .id();
        // Partly visible to cy only: ada, mentioned in it, may not see it, so is not told of it.
        services.posts
                .posts()
                .create(
                        bob,
                        "psst @" + handle(ada) + " @" + handle(cy),
                        new Audience(Audience.Type.PARTLY_VISIBLE, List.of(cy), List.of(), List.of()));

        List<Notification> adas = await(
                ada,
                all -> one(NotificationKind.REPOST, post, 1).test(all)
                        && one(NotificationKind.MENTION, ada, 1).test(all));
        assertThat(actors(only(adas, NotificationKind.MENTION, ada))).containsExactly(cy);
        assertThat(actors(only(adas, NotificationKind.REPOST, post))).containsExactly(bob);
        // Named by two of bob's texts: two in the count, bob once among the actors.
        assertThat(actors(only(await(cy, one(NotificationKind.MENTION, cy, 2)), NotificationKind.MENTION, cy)))
                .containsExactly(bob);
        settled(ada, all -> assertThat(all).hasSize(2));

        services.posts.posts().delete(bob, repost);
        services.posts.posts().delete(cy, mention);
        await(ada, List::isEmpty);
    }

    @Test
    void nothingComesFromUsersTheRecipientBlockedOrHid() {
        long ada = user();
        long bob = user();
        long cy = user();
        long post = services.posts.posts().create(ada, "hello", null).post().id();
        services.audience.audiences().block(ada, ada, bob);
        services.audience.audiences().hide(ada, ada, cy);
        services.graph.follows().follow(bob, ada);
        services.likes.likes().like(cy, post);
        services.posts.posts().create(cy, "hey @" + handle(ada), null);
        long dee = user();
        services.likes.likes().like(dee, post); // a marker: once dee's like shows, the others had their turn
        await(ada, one(NotificationKind.LIKE, post, 1));
        settled(ada, all -> assertThat(all).hasSize(1));
        assertThat(actors(only(notifications(ada), NotificationKind.LIKE, post)))
                .containsExactly(dee);
    }

    @Test
    void theUnreadCountFollowsTheReadMarker() {
        long ada = user();
        long bob = user();
        long post = services.posts.posts().create(ada, "hello", null).post().id();
        services.graph.follows().follow(bob, ada);
        services.likes.likes().like(bob, post);
        List<Notification> two = await(ada, all -> all.size() == 2);
        assertThat(services.notifications.notifications().unread(ada, ada).count())
                .isEqualTo(2);
        assertThat(services.notifications
                        .notifications()
                        .page(ada, ada, Optional.empty(), 10)
                        .items())
                .allMatch(NotificationService.Shown::unread);

        Instant newest =
                two.stream().map(Notification::latestAt).max(Instant::compareTo).orElseThrow();
        NotificationService.Unread after =
                services.notifications.notifications().markRead(ada, ada, newest);
        assertThat(after.count()).isZero();
        assertThat(after.readUpTo()).contains(newest);
        services.notifications
                .notifications()
                .markRead(ada, ada, newest.minusSeconds(60)); // an older marker changes nothing
        assertThat(services.notifications.notifications().unread(ada, ada).count())
                .isZero();

        NextMillisecond.await();
        services.likes.likes().like(user(), post);
        await(ada, one(NotificationKind.LIKE, post, 2));
        assertThat(services.notifications.notifications().unread(ada, ada).count())
                .isEqualTo(1);
    }

    @Test
    void aChangeWhoseSecondEntryWasLostIsNotifiedByItsGuardOnce() throws InterruptedException {
        long ada = user();
        long bob = user();
        long post = services.posts.posts().create(ada, "hello", null).post().id();
        // The like lands and its guard entry is recorded, but the process dies before the second entry is appended.
        LikeEdge absent = LikeEdge.absent(post, bob);
        LikeEdge liked = absent.next(true, Instant.now());
        new EventLog(storage().eventLog(), SHARDS, Clock.systemUTC())
                .append(NotificationHandler.guardKind(NotificationSources.LIKE, "lost"), post, bob);
        assertThat(storage().likes().compareAndSet(absent, liked)).isTrue();
        settled(ada, all -> assertThat(all).isEmpty()); // the guard waits for the change to have surely landed

        // A handler whose clock is past the guard's delay, instead of this one. The job keeps the real clock: the
        // watermarks it saves are the shared log's.
        stop();
        jobs.clear();
        jobs.add(job(
                storage(),
                services(storage(), Clock.offset(Clock.systemUTC(), Duration.ofMinutes(5))),
                Clock.systemUTC()));
        assertThat(only(await(ada, one(NotificationKind.LIKE, post, 1)), NotificationKind.LIKE, post)
                        .count())
                .isEqualTo(1);
    }

    @Test
    void aGroupWriteWhoseOutcomeWasLostIsNeitherLostNorCountedTwice() throws InterruptedException {
        stop();
        jobs.clear();
        // Every third group write fails: half of them after applying (the answer lost), half before. Follows are
        // counted with marks and shares, likes by minute: both kinds of write fail.
        AtomicInteger writes = new AtomicInteger();
        Storage flaky = failingGroupWrites(storage(), writes);
        Features flakyServices = services(flaky, Clock.systemUTC());
        jobs.add(job(flaky, flakyServices, Clock.systemUTC()));
        long ada = user();
        long post = services.posts.posts().create(ada, "hello", null).post().id();
        List<Long> fans = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            long fan = user();
            fans.add(fan);
            int before = writes.get();
            services.likes.likes().like(fan, post);
            services.graph.follows().follow(fan, ada);
            awaitMoreThan(writes, before); // one pass each, so there are many writes to fail
        }
        services.likes.likes().unlike(fans.get(0), post);
        services.graph.follows().unfollow(fans.get(1), ada);
        await(
                ada,
                all -> one(NotificationKind.LIKE, post, 11).test(all)
                        && one(NotificationKind.FOLLOW, ada, 11).test(all));
        settled(ada, all -> {
            assertThat(only(all, NotificationKind.LIKE, post).count()).isEqualTo(11);
            assertThat(only(all, NotificationKind.FOLLOW, ada).count()).isEqualTo(11);
        });
        assertThat(writes.get()).as("group writes tried").isGreaterThan(12);
    }

    /** Until the handler has tried another group write; a pass on a busy machine can take a while. */
    private static void awaitMoreThan(AtomicInteger writes, int before) {
        Awaitility.await("a group write tried after " + before)
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> writes.get() > before);
    }

    /**
     * The storage, with every third group write (a share's compare-and-set, a pass's tallies) failing: alternately
     * after it applied and before.
     */
    private static Storage failingGroupWrites(Storage storage, AtomicInteger writes) {
        NotificationStore real = storage.notifications();
        NotificationStore failing = (NotificationStore) Proxy.newProxyInstance(
                NotificationStore.class.getClassLoader(),
                new Class<?>[] {NotificationStore.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("compareAndSetPart")
                            && !method.getName().equals("writeTallies")) {
                        return invoke(method, real, args);
                    }
                    int n = writes.incrementAndGet();
                    if (n % 3 != 0) {
                        return invoke(method, real, args);
                    }
                    if (n % 2 == 0) {
                        invoke(method, real, args);
                    }
                    throw new UnknownOutcomeException("injected: the group write's answer was lost", null);
                });
        return storage.decorated(new dev.widefeed.store.Stores.Decorator() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> T wrap(Class<T> type, T store) {
                return type == NotificationStore.class ? (T) failing : store;
            }
        });
    }

    private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
