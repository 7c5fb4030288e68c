package dev.widefeed.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostStore;
import dev.widefeed.store.Storage;
import dev.widefeed.store.Stores;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The cache tier over a real store, as two instances of the service share it (docs/design.md, "The cache tier"):
 * what one instance changes reaches the other's pages within its bound, the actor sees their own change at once, and
 * a key many requests miss at once is read once. It runs on every {@link TestBackend}.
 */
@BackendContract
public class CacheTierContract {
    /** Counts kept 3 s here, so that the bound is tested without waiting out the default's 5 s. */
    private static final CacheSettings SETTINGS = new CacheSettings(
            16L << 20,
            4L << 20,
            Duration.ofHours(1),
            10_000,
            Duration.ofMinutes(10),
            10_000,
            Duration.ofSeconds(3),
            Duration.ofMillis(500),
            Duration.ofSeconds(3));

    private final IdGenerator ids = TestStorages.ids();
    private final Clock clock = Clock.systemUTC();
    private final List<Features> started = new ArrayList<>();

    private final TestBackend backend;

    CacheTierContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    /** One instance of the service over {@code storage}, its invalidations polled as the server polls them. */
    private Features instance(Storage storage) {
        Features services = new Features(
                storage, InstanceSettings.of(ids, clock).withLogShards(4).withCaches(SETTINGS));
        services.cache.invalidations().start(SETTINGS.invalidationPoll());
        started.add(services);
        return services;
    }

    @AfterEach
    void stopInstances() {
        started.forEach(s -> s.cache.invalidations().close());
    }

    private long user(String name) {
        long id = ids.next();
        storage().users().create(new User(id, name, Instant.now()));
        return id;
    }

    private static Optional<PostDetails> page(Features instance, long viewer, long postId) {
        return instance.posts.posts().getAll(viewer, List.of(postId)).stream().findFirst();
    }

    private static BatchedCache<?> cache(Features instance, String name) {
        return instance.cache.caches().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    /** How long {@code condition} took to hold, polled every 50 ms; fails past {@code limit}. */
    private static Duration timeUntil(Callable<Boolean> condition, Duration limit) {
        long start = System.nanoTime();
        await("the change to arrive")
                .atMost(limit)
                .pollInterval(Duration.ofMillis(50))
                .until(condition);
        return Duration.ofNanos(System.nanoTime() - start);
    }

    @Test
    void aDeletedPostLeavesEveryInstancesPagesWithinFiveSeconds() {
        Features a = instance(storage());
        Features b = instance(storage());
        long author = user("author");
        long reader = user("reader");
        long post = a.posts.posts().create(author, "soon gone", null).post().id();
        assertThat(page(b, reader, post)).isPresent();
        long hits = cache(b, "posts").stats().hitCount();
        assertThat(page(b, reader, post)).isPresent();
        assertThat(cache(b, "posts").stats().hitCount())
                .as("the second page read the row from the cache")
                .isGreaterThan(hits);

        a.posts.posts().delete(author, post);

        assertThat(page(a, reader, post))
                .as("gone at once where it was deleted")
                .isEmpty();
        Duration took = timeUntil(() -> page(b, reader, post).isEmpty(), Duration.ofSeconds(5));
        System.out.printf("a deleted post left the other instance's pages after %d ms%n", took.toMillis());
    }

    /** A comment's row as the event log's handlers of {@code instance} read it (the cache tier's). */
    @SuppressWarnings("unchecked")
    private static Optional<Comment> commentRow(Features instance, long commentId) {
        BatchedCache<Comment> rows = (BatchedCache<Comment>) cache(instance, "comments");
        return Optional.ofNullable(rows.getAll(List.of(commentId)).get(commentId));
    }

    @Test
    void aCommentIsHeldAsPlacedAndItsDeleteReachesEveryInstanceWithinFiveSeconds() {
        Features a = instance(storage());
        Features b = instance(storage());
        long author = user("author");
        long reader = user("reader");
        long post = a.posts.posts().create(author, "discussed", null).post().id();
        long misses = cache(a, "comments").stats().missCount();
        Comment placed = a.comments
                .writer()
                .create(reader, post, "soon gone", Optional.empty())
                .comment();
        assertThat(commentRow(a, placed.id()))
                .as("held as placed, at its floor")
                .contains(placed);
        assertThat(cache(a, "comments").stats().missCount())
                .as("a hit: no read of the store")
                .isEqualTo(misses);
        assertThat(commentRow(b, placed.id()))
                .hasValueSatisfying(c -> assertThat(c.deleted()).isFalse());

        a.comments.writer().delete(reader, placed.id());

        assertThat(commentRow(a, placed.id()))
                .as("deleted at once where it was deleted")
                .hasValueSatisfying(c -> assertThat(c.deleted()).isTrue());
        Duration took =
                timeUntil(() -> commentRow(b, placed.id()).map(Comment::deleted).orElse(false), Duration.ofSeconds(5));
        System.out.printf("a deleted comment reached the other instance's rows after %d ms%n", took.toMillis());
    }

    @Test
    void anEditedProfileReachesEveryInstanceWithinTenSeconds() {
        Features a = instance(storage());
        Features b = instance(storage());
        long author = user("before");
        long post = a.posts.posts().create(author, "by me", null).post().id();
        assertThat(page(b, author, post).orElseThrow().author().orElseThrow().name())
                .isEqualTo("before");

        a.graph.users().updateProfile(author, author, Optional.of("after"), Optional.empty());

        assertThat(page(a, author, post).orElseThrow().author().orElseThrow().name())
                .isEqualTo("after");
        timeUntil(
                () -> page(b, author, post)
                        .orElseThrow()
                        .author()
                        .orElseThrow()
                        .name()
                        .equals("after"),
                Duration.ofSeconds(10));
    }

    @Test
    void theActorSeesTheirOwnLikeCountedAtOnceAndEveryoneWithinTheBound() {
        Features a = instance(storage());
        Features b = instance(storage());
        long author = user("author");
        long fan = user("fan");
        long post = a.posts.posts().create(author, "like me", null).post().id();
        assertThat(page(a, fan, post).orElseThrow().counts().likes()).isZero();
        assertThat(page(b, fan, post).orElseThrow().counts().likes()).isZero();

        a.likes.likes().like(fan, post);

        PostDetails mine = page(a, fan, post).orElseThrow();
        assertThat(mine.likedByMe()).isTrue();
        assertThat(mine.counts().likes())
                .as("the actor's own like, counted at once where it was made")
                .isEqualTo(1);
        assertThat(page(b, fan, post).orElseThrow().likedByMe())
                .as("liked by me is never cached")
                .isTrue();
        timeUntil(
                () -> page(b, fan, post).orElseThrow().counts().likes() == 1,
                SETTINGS.countsMaxAge().plusSeconds(1));

        // b holds the count 1; a like there answers with the liker's own like in it at once, from b's cache.
        long second = user("second");
        assertThat(b.likes.likes().like(second, post).likes())
                .as("the answer holds the actor's own like")
                .isEqualTo(2);
        assertThat(b.likes.likes().unlike(second, post).likes()).isEqualTo(1);
        assertThat(b.likes.likes().like(second, post).likes()).isEqualTo(2);
        timeUntil(
                () -> page(a, fan, post).orElseThrow().counts().likes() == 2,
                SETTINGS.countsMaxAge().plusSeconds(1));
    }

    @Test
    void aVoterSeesTheirOwnVoteCountedAtOnceAndEveryoneWithinTheBound() {
        Features a = instance(storage());
        Features b = instance(storage());
        long author = user("author");
        long voter = user("voter");
        long post = a.posts.posts().create(author, "discuss", null).post().id();
        long comment = a.comments
                .writer()
                .create(author, post, "first", Optional.empty())
                .comment()
                .id();
        assertThat(commentLikes(a, voter, post)).isZero();
        assertThat(commentLikes(b, voter, post)).as("b holds the count 0").isZero();

        assertThat(b.comments.voting().vote(voter, comment, Vote.LIKE).likes())
                .as("the answer holds the vote")
                .isEqualTo(1);
        assertThat(commentLikes(b, voter, post))
                .as("the voter's own vote, at once where it was made")
                .isEqualTo(1);
        assertThat(cache(b, "comment-counts").stats().hitCount())
                .as("pages read the counts from the cache")
                .isPositive();
        timeUntil(
                () -> commentLikes(a, voter, post) == 1, SETTINGS.countsMaxAge().plusSeconds(1));
    }

    private static long commentLikes(Features instance, long viewer, long postId) {
        return instance.comments
                .reader()
                .page(viewer, postId, 1)
                .items()
                .get(0)
                .counts()
                .likes();
    }

    /** A store whose post reads take 300 ms and are counted by the ids they read. */
    private static Storage slowCountedPosts(Storage storage, long watched, AtomicLong rowReads, AtomicLong countReads) {
        return storage.decorated(new Stores.Decorator() {
            @Override
            public <T> T wrap(Class<T> type, T store) {
                if (type != PostStore.class) {
                    return store;
                }
                return type.cast(Proxy.newProxyInstance(
                        type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                            if (method.getName().equals("findAll")
                                    || method.getName().equals("countsOf")) {
                                if (((Collection<?>) args[0]).contains(watched)) {
                                    (method.getName().equals("findAll") ? rowReads : countReads).incrementAndGet();
                                }
                                Thread.sleep(300);
                            }
                            try {
                                return method.invoke(store, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        }));
            }
        });
    }

    @Test
    void aHundredRequestsMissingOnePostAtOnceReadItOnce() throws Exception {
        long author = user("author");
        long post = instance(storage())
                .posts
                .posts()
                .create(author, "everyone reads this", null)
                .post()
                .id();
        AtomicLong rowReads = new AtomicLong();
        AtomicLong countReads = new AtomicLong();
        Features cold = instance(slowCountedPosts(storage(), post, rowReads, countReads));
        ExecutorService readers = Executors.newFixedThreadPool(100);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Optional<PostDetails>>> pages = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                long reader = ids.next();
                pages.add(readers.submit(() -> {
                    go.await();
                    return page(cold, reader, post);
                }));
            }
            go.countDown();
            for (Future<Optional<PostDetails>> p : pages) {
                assertThat(p.get()).isPresent();
            }
        } finally {
            readers.shutdownNow();
        }
        assertThat(rowReads.get()).as("store reads of the post's row").isEqualTo(1);
        assertThat(countReads.get()).as("store reads of its counts").isEqualTo(1);
    }
}
