package dev.widefeed.testing;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.audience.AudienceLimits;
import dev.widefeed.audience.AudienceService;
import dev.widefeed.cache.CacheSettings;
import dev.widefeed.cache.CacheTier;
import dev.widefeed.comment.CommentReader;
import dev.widefeed.comment.CommentRecount;
import dev.widefeed.comment.CommentSettings;
import dev.widefeed.comment.CommentVoting;
import dev.widefeed.comment.CommentWriter;
import dev.widefeed.comment.HotRanking;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.eventlog.EventLogStore;
import dev.widefeed.graph.ProfileCache;
import dev.widefeed.graph.UserService;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.CounterUpdates;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.KnownPointCount;
import dev.widefeed.kernel.PendingCounts;
import dev.widefeed.kernel.Threads;
import dev.widefeed.like.LikeService;
import dev.widefeed.like.LikeStore;
import dev.widefeed.localstore.LocalCassandra;
import dev.widefeed.localstore.LocalHBase;
import dev.widefeed.mention.MentionResolver;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostCache;
import dev.widefeed.post.PostService;
import dev.widefeed.post.PostStore;
import dev.widefeed.store.Storage;
import dev.widefeed.store.Stores;
import dev.widefeed.store.cassandra.CassandraFactory;
import dev.widefeed.store.hbase.HBaseFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The storages the contract suites run against, one per backend per test JVM, on the real local
 * stores of {@link TestStores}, each with its schema applied from the project's schema files.
 */
public final class TestStorages {
    public static final String KEYSPACE = "widefeed_test";
    public static final String NAMESPACE = "widefeed_test";
    private static final IdGenerator IDS =
            new IdGenerator(ThreadLocalRandom.current().nextInt(IdGenerator.MAX_WORKER_ID + 1));
    private static final int SHARDS_PER_CLASS = 1024;
    private static final Map<String, Storage> OWNED = new ConcurrentHashMap<>();
    private static final Set<Integer> FIRST_SHARDS = new HashSet<>();
    private static Storage cassandra;
    private static Storage hbase;

    private TestStorages() {}

    public static synchronized Storage cassandra() {
        if (cassandra == null) {
            LocalCassandra node = TestStores.cassandra();
            CassandraFactory factory = cassandraFactory();
            factory.applySchema(node);
            cassandra = factory.storage(new MetricRegistry(), Clock.systemUTC(), node);
            Runtime.getRuntime().addShutdownHook(new Thread(cassandra::close));
        }
        return cassandra;
    }

    /**
     * The backend's test storage as {@code owner} sees it: the shared tables, with an event log of shards no other test
     * class uses (docs/TESTING.md, "Isolation"). Everything else a class writes is under ids of its own; the log is what
     * a class's job would otherwise work for every class, with its own handlers, clock and settings. A child JVM a
     * class starts ({@link ChildJvm}) inherits the class's range, so that a worker it kills works the same log.
     */
    public static Storage ownedBy(TestBackend backend, Class<?> owner) {
        return OWNED.computeIfAbsent(backend.id() + " " + owner.getName(), key -> {
            int first = firstShard(owner);
            return backend.storage().decorated(new Stores.Decorator() {
                @Override
                public <T> T wrap(Class<T> type, T store) {
                    return type == EventLogStore.class
                            ? type.cast(new ShiftedShards((EventLogStore) store, first))
                            : store;
                }
            });
        });
    }

    /**
     * The first of {@code owner}'s 1,024 shards (the most a log has), the same on both backends: drawn at random, so
     * that no earlier run's entries, watermarks or leases are met either, and never twice in one JVM.
     */
    private static synchronized int firstShard(Class<?> owner) {
        String property = "widefeed.test.firstShard." + owner.getName();
        Integer inherited = Integer.getInteger(property);
        if (inherited != null) {
            return inherited;
        }
        int first;
        do {
            first = SHARDS_PER_CLASS * ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE / SHARDS_PER_CLASS - 1);
        } while (!FIRST_SHARDS.add(first));
        System.setProperty(property, Integer.toString(first));
        return first;
    }

    private static final Map<String, Storage> OTHER_PROCESS = new ConcurrentHashMap<>();

    /**
     * A second storage on the backend's shared test store, as another process of the service has one: its event log
     * marks what it appends as another writer's, and no job of this JVM hears of its appends.
     */
    public static Storage anotherProcess(TestBackend backend) {
        return OTHER_PROCESS.computeIfAbsent(backend.id(), id -> {
            Storage other = backend.storage() == cassandra()
                    ? cassandraFactory().storage(new MetricRegistry(), Clock.systemUTC(), TestStores.cassandra())
                    : hbaseFactory().storage(new MetricRegistry(), Clock.systemUTC(), TestStores.hbase());
            Runtime.getRuntime().addShutdownHook(new Thread(other::close));
            return other;
        });
    }

    public static CassandraFactory cassandraFactory() {
        CassandraFactory factory = new CassandraFactory();
        factory.embedded.enabled = false;
        factory.keyspace = KEYSPACE;
        factory.contactPoints =
                TestStores.cassandra().host() + ":" + TestStores.cassandra().port();
        // The shared node serves several classes at once on a small machine; a timeout here would fail a test for
        // the machine's load, not for what it checks. Tests of timeouts set their own (TestBackend.OUTAGE_PREFIX).
        factory.requestTimeout = io.dropwizard.util.Duration.seconds(20);
        factory.counterTimeout = io.dropwizard.util.Duration.seconds(10);
        return factory;
    }

    public static synchronized Storage hbase() {
        if (hbase == null) {
            LocalHBase local = TestStores.hbase();
            HBaseFactory factory = hbaseFactory();
            factory.applySchema(local);
            hbase = factory.storage(new MetricRegistry(), Clock.systemUTC(), local);
            Runtime.getRuntime().addShutdownHook(new Thread(hbase::close));
        }
        return hbase;
    }

    public static HBaseFactory hbaseFactory() {
        HBaseFactory factory = new HBaseFactory();
        factory.embedded.enabled = false;
        factory.namespace = NAMESPACE;
        factory.zookeeperQuorum =
                TestStores.hbase().zookeeperQuorum() + ":" + TestStores.hbase().zookeeperPort();
        // As for Cassandra above: generous, for a store shared by classes running side by side.
        factory.rpcTimeout = io.dropwizard.util.Duration.seconds(20);
        factory.operationTimeout = io.dropwizard.util.Duration.seconds(40);
        return factory;
    }

    /**
     * Who sees which post, over the storage's audience tables, for tests that build a service by
     * hand; its cache is its own (nothing in such tests changes audiences through another one).
     */
    public static PostAccess access(Storage storage) {
        return new PostAccess(
                storage.posts()::find, new AudienceFacts(storage.audiences(), 10_000, Duration.ofSeconds(10)));
    }

    /** The audience service over the storage, with its own cache, for tests that build a post service by hand. */
    public static AudienceService audiences(Storage storage) {
        AudienceFacts facts = new AudienceFacts(storage.audiences(), 10_000, Duration.ofSeconds(10));
        return new AudienceService(
                storage.audiences(), storage.users(), facts, AudienceLimits.DEFAULT, IDS, Clock.systemUTC());
    }

    /** A cache tier of its own whose entries live a millisecond, for tests that change things through other services. */
    public static CacheTier freshCacheTier(Storage storage, Clock clock) {
        CacheSettings fresh = new CacheSettings(
                1 << 20,
                1 << 20,
                Duration.ofMillis(1),
                1000,
                Duration.ofMillis(1),
                1000,
                Duration.ofMillis(1),
                Duration.ofSeconds(1),
                Duration.ofSeconds(1));
        return new CacheTier(storage.invalidations(), fresh, clock, new Threads());
    }

    /** The context of a feature built by hand: a page's reads in the calling thread, events heard by nobody. */
    public static FeatureContext context(IdGenerator ids, Clock clock, DirtyCounters dirty) {
        return new FeatureContext(clock, ids, new Events(), dirty, Runnable::run, new Threads());
    }

    /** A user service built by hand over the storage, its pages through a {@link #freshCacheTier}. */
    public static UserService userService(Storage storage, IdGenerator ids, Clock clock) {
        CacheTier tier = freshCacheTier(storage, clock);
        ProfileCache profiles = new ProfileCache(storage.users(), tier.settings(), tier.invalidations());
        return new UserService(
                profiles.watching(storage.users()), ids, clock, PendingCounts.none(), new Events(), profiles);
    }

    /**
     * A post service built by hand over {@code posts} (the storage's own, or a decorated one), with a
     * {@link #freshCacheTier}, for tests that change counts and posts through other services too.
     */
    public static PostService postService(
            Storage storage, PostStore posts, IdGenerator ids, Clock clock, DirtyCounters dirty) {
        CacheTier tier = freshCacheTier(storage, clock);
        PostCache cache = new PostCache(posts, tier.settings(), tier.invalidations(), PendingCounts.none());
        ProfileCache profiles = new ProfileCache(storage.users(), tier.settings(), tier.invalidations());
        PostStore watched = cache.watching(posts);
        UserStore users = profiles.watching(storage.users());
        return new PostService(
                context(ids, clock, dirty),
                users,
                watched,
                storage.likes(),
                access(storage),
                audiences(storage),
                cache,
                profiles,
                CounterUpdates.direct("post counts", watched::addCounts, dirty::post),
                CounterUpdates.direct("user counts", users::addCounts, dirty::user));
    }

    /** The comment platform's pieces, built by hand by {@link #comments}: each test uses the ones it needs. */
    public record Comments(
            CommentReader reader,
            CommentWriter writer,
            CommentVoting voting,
            CommentSettings settings,
            CommentRecount recount) {}

    /**
     * The comment platform built by hand over the storage, for tests that write comments beside what they check: no
     * cache tier (pages show the store's counts), no counter marks, mentions resolved and pages read in the calling
     * thread.
     */
    public static Comments comments(Storage storage, IdGenerator ids, Clock clock) {
        PostAccess access = access(storage);
        Events events = new Events();
        CommentStore comments = storage.comments();
        CommentReader reader = new CommentReader(
                comments, storage.commentVotes(), storage.hotComments(), access, Runnable::run, comments::countsOf);
        CommentWriter writer = new CommentWriter(
                comments,
                reader,
                access,
                events,
                ids,
                clock,
                new MentionResolver(storage.users(), Runnable::run),
                DirtyCounters.NONE,
                CounterUpdates.direct("comments", storage.posts()::addCounts, DirtyCounters.NONE::post));
        return new Comments(
                reader,
                writer,
                new CommentVoting(comments, storage.commentVotes(), reader, events, DirtyCounters.NONE),
                new CommentSettings(comments, access, reader),
                new CommentRecount(
                        storage.posts(),
                        comments,
                        storage.commentVotes(),
                        new HotRanking(comments, storage.hotComments())));
    }

    /**
     * A like service built by hand that answers each like with the post's counts as the store has them, its counter
     * moved in the request: what a test of the like paths checks at once, without the cache tier.
     */
    public static LikeService likeService(
            PostStore posts, UserStore users, LikeStore likes, PostAccess access, Clock clock, DirtyCounters dirty) {
        KnownPointCount.Bounds bounds = KnownPointCount.Bounds.DEFAULT;
        return new LikeService(
                posts,
                users,
                likes,
                access,
                new Events(),
                clock,
                dirty,
                bounds,
                posts::counts,
                CounterUpdates.direct("likes", posts::addCounts, dirty::post, bounds, clock));
    }

    /** Ids for test data: time-ordered, so every run and every test writes its own rows. */
    public static IdGenerator ids() {
        return IDS;
    }
}
