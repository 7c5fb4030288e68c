package dev.widefeed.store.hbase;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.core.EdgeState;
import dev.widefeed.core.Follow;
import dev.widefeed.core.FollowCursor;
import dev.widefeed.core.FollowService;
import dev.widefeed.core.IdGenerator;
import dev.widefeed.core.Page;
import dev.widefeed.core.RelationLimits;
import dev.widefeed.core.RelationOp;
import dev.widefeed.core.RelationRepairer;
import dev.widefeed.core.User;
import dev.widefeed.core.UserCounts;
import dev.widefeed.store.PermanentStoreException;
import dev.widefeed.store.RelationStore;
import dev.widefeed.store.TemporaryStoreException;
import dev.widefeed.store.UnknownOutcomeException;
import dev.widefeed.store.UserStore;
import dev.widefeed.testing.TestStores;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RetriesExhaustedException;
import org.apache.hadoop.hbase.ipc.CallTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;

/** A quick end-to-end check of the HBase adapter on the real local HBase; the contract suites go further. */
class HBaseSmokeTest {
    private static final String NAMESPACE = TestNamespaces.unique("smoke_test");
    private static HBaseFactory factory;
    private static HBaseStorage storage;
    private static final IdGenerator IDS = new IdGenerator(7);

    @BeforeAll
    static void open() {
        factory = TestNamespaces.factory(TestStores.hbase(), NAMESPACE);
        factory.applySchema(null);
        storage = factory.storage(new MetricRegistry(), null);
    }

    @AfterAll
    static void close() throws Exception {
        storage.close();
        try (Connection connection = factory.connect(null)) {
            TestNamespaces.drop(connection, NAMESPACE);
        }
    }

    private static long newUser(String name) {
        long id = IDS.next();
        storage.users().create(new User(id, name, Instant.ofEpochMilli(1_700_000_000_123L)));
        return id;
    }

    @Test
    void usersAndCounts() {
        UserStore users = storage.users();
        long a = newUser("ann");
        long b = newUser("bob");
        storage.ping();
        assertThat(users.find(a)).contains(new User(a, "ann", Instant.ofEpochMilli(1_700_000_000_123L)));
        assertThat(users.find(IDS.next())).isEmpty();
        assertThat(users.findAll(List.of(a, b, IDS.next())).keySet()).containsExactlyInAnyOrder(a, b);
        assertThat(users.counts(a)).isEqualTo(UserCounts.ZERO);
        users.addCounts(a, new UserCounts(2, -1, 5));
        users.addCounts(a, UserCounts.followers(3));
        assertThat(users.counts(a)).isEqualTo(new UserCounts(2, 2, 5));
    }

    @Test
    void followProtocolListsAndJournal() {
        UserStore users = storage.users();
        RelationStore relations = storage.relations();
        FollowService follows = new FollowService(users, relations, IDS, Clock.systemUTC(), RelationLimits.DEFAULT,
                Runnable::run);
        Instant start = Instant.now().minusSeconds(1);
        long me = newUser("me");
        long x = newUser("x");
        long y = newUser("y");
        long z = newUser("z");
        assertThat(follows.follow(me, x)).isTrue();
        assertThat(follows.follow(me, x)).isFalse();
        assertThat(follows.followAll(me, List.of(y, z))).isEqualTo(2);
        assertThat(users.counts(me).following()).isEqualTo(3);
        assertThat(users.counts(x).followers()).isEqualTo(1);

        Page<Follow, FollowCursor> first = follows.following(me, Optional.empty(), 2);
        assertThat(first.items()).hasSize(2);
        Page<Follow, FollowCursor> second = follows.following(me, first.next(), 2);
        assertThat(second.items()).hasSize(1);
        assertThat(second.next()).isEmpty();
        List<Follow> all = new ArrayList<>(first.items());
        all.addAll(second.items());
        assertThat(all).extracting(Follow::userId).containsExactlyInAnyOrder(x, y, z);
        assertThat(all).isSortedAccordingTo((p, q) -> p.since().equals(q.since())
                ? Long.compare(q.userId(), p.userId()) : q.since().compareTo(p.since()));
        assertThat(follows.followers(x, Optional.empty(), 10).items()).extracting(Follow::userId).containsExactly(me);

        assertThat(follows.unfollow(me, x)).isTrue();
        assertThat(follows.unfollow(me, x)).isFalse();
        assertThat(follows.followers(x, Optional.empty(), 10).items()).isEmpty();
        assertThat(users.counts(x).followers()).isZero();
        assertThat(follows.follow(me, x)).isTrue();
        assertThat(follows.relationship(me, x).following()).isTrue();
        assertThat(follows.relationship(me, x).followedBy()).isFalse();
        assertThat(follows.followers(x, Optional.empty(), 10).items()).extracting(Follow::userId).containsExactly(me);

        // A stale compare-and-set loses; every protocol step above finished its journal entry.
        EdgeState edge = relations.edge(me, x);
        assertThat(relations.compareAndSet(EdgeState.absent(me, x), edge.next(false, Instant.now()))).isFalse();
        Instant end = Instant.now().plusSeconds(1);
        assertThat(relations.unfinished(start, end)).isEmpty();

        // A crash after the compare-and-set: the repairer finishes the copies and recounts.
        EdgeState next = edge.next(false, Instant.now());
        RelationOp op = new RelationOp(IDS.next(), edge, next);
        relations.journalIntent(op);
        assertThat(relations.compareAndSet(edge, next)).isTrue();
        assertThat(relations.unfinished(start, Instant.now().plusSeconds(1))).containsExactly(op);
        RelationRepairer.Report report = new RelationRepairer(users, relations)
                .repair(start, Instant.now().plusSeconds(1));
        assertThat(report.operationsFinished()).isEqualTo(1);
        assertThat(follows.followers(x, Optional.empty(), 10).items()).isEmpty();
        assertThat(users.counts(x).followers()).isZero();
        assertThat(users.counts(me).following()).isEqualTo(2);
        assertThat(relations.unfinished(start, Instant.now().plusSeconds(1))).isEmpty();
    }

    @Test
    void outOfOrderCopiesConverge() {
        RelationStore relations = storage.relations();
        long a = IDS.next();
        long b = IDS.next();
        EdgeState followed = EdgeState.absent(a, b).next(true, Instant.now());
        EdgeState unfollowed = followed.next(false, Instant.now());
        relations.writeCopies(followed, unfollowed); // the removal lands first
        relations.writeCopies(EdgeState.absent(a, b), followed);
        assertThat(relations.following(a, Optional.empty(), 10)).isEmpty();
        assertThat(relations.followers(b, Optional.empty(), 10)).isEmpty();
    }

    @Test
    void importsManyFollowersOfOneUserAndPagesThroughThem() {
        long star = newUser("star");
        int n = 20_000;
        Instant base = Instant.parse("2025-01-01T00:00:00Z");
        List<EdgeState> edges = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Instant since = base.plusMillis(i / 2); // pairs share a since: order falls back to the follower id
            edges.add(new EdgeState(IDS.next(), star, true, since, since.toEpochMilli() * 1000));
        }
        long t0 = System.nanoTime();
        storage.relations().importEdges(edges);
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        System.out.printf("imported %,d edges (%,d rows + %,d increments) in %d ms: %,.0f edges/s%n",
                n, 3 * n, n + 1, took.toMillis(), n / (took.toNanos() / 1e9));

        assertThat(storage.users().counts(star).followers()).isEqualTo(n);
        assertThat(storage.users().counts(edges.get(0).followerId()).following()).isEqualTo(1);
        Set<Long> seen = new HashSet<>();
        Optional<FollowCursor> after = Optional.empty();
        Follow previous = null;
        int pages = 0;
        long t1 = System.nanoTime();
        while (true) {
            List<Follow> page = storage.relations().followers(star, after, 1000);
            pages++;
            for (Follow f : page) {
                if (previous != null) {
                    assertThat(f.since().isBefore(previous.since())
                            || f.since().equals(previous.since()) && f.userId() < previous.userId()).isTrue();
                }
                previous = f;
                assertThat(seen.add(f.userId())).isTrue();
            }
            if (page.size() < 1000) {
                break;
            }
            after = Optional.of(FollowCursor.after(page.get(page.size() - 1)));
        }
        System.out.printf("paged %,d followers in %d pages in %d ms%n", seen.size(), pages,
                Duration.ofNanos(System.nanoTime() - t1).toMillis());
        assertThat(seen).hasSize(n);
        assertThat(storage.relations().following(edges.get(n - 1).followerId(), Optional.empty(), 10))
                .containsExactly(new Follow(star, edges.get(n - 1).since()));
        assertThat(storage.relations().edge(edges.get(5).followerId(), star)).isEqualTo(edges.get(5));
    }

    @Test
    void translatesClientExceptions() {
        assertThat(HBaseErrors.translate(new CompletionException(new RetriesExhaustedException("x",
                new CallTimeoutException("rpc timed out"))))).isInstanceOf(UnknownOutcomeException.class);
        assertThat(HBaseErrors.translate(new CompletionException(new RetriesExhaustedException("region moved"))))
                .isExactlyInstanceOf(TemporaryStoreException.class);
        assertThat(HBaseErrors.translate(new UncheckedIOException(new TableNotFoundException("t"))))
                .isInstanceOf(PermanentStoreException.class);
        assertThat(HBaseErrors.translate(new IllegalArgumentException("bug")))
                .isInstanceOf(PermanentStoreException.class);
    }
}
