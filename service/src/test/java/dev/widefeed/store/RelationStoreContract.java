package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.FollowService;
import dev.widefeed.graph.Follower;
import dev.widefeed.graph.RelationLimits;
import dev.widefeed.graph.RelationOp;
import dev.widefeed.graph.RelationRepairer;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.graph.Relationship;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Page;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.MovableClock;
import dev.widefeed.testing.NextMillisecond;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * What every backend's {@link RelationStore} must do, alone and under the domain's follow protocol
 * ({@link FollowService}, {@link RelationRepairer}); it runs on every {@link TestBackend}.
 */
@BackendContract
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class RelationStoreContract {
    private final IdGenerator ids = TestStorages.ids();
    private ExecutorService executor;
    private FollowService follows;
    private RelationRepairer repairer;

    /** Set before each backend's run: one instance (PER_CLASS) serves every backend, so no constructor takes it. */
    @Parameter
    private TestBackend backend;

    private Storage storage() {
        return backend.storage(getClass());
    }

    @BeforeParameterizedClassInvocation
    void setUp() {
        executor = Executors.newFixedThreadPool(16);
        follows = newFollowService(RelationLimits.DEFAULT);
        repairer = new RelationRepairer(storage().users(), storage().relations(), DirtyCounters.NONE);
    }

    @AfterParameterizedClassInvocation
    void tearDown() {
        executor.shutdownNow();
    }

    private FollowService newFollowService(RelationLimits limits) {
        return new FollowService(
                storage().users(),
                storage().relations(),
                ids,
                Clock.systemUTC(),
                limits,
                executor,
                new Events(),
                (id, delta, changedAt) -> storage().users().addCounts(id, delta));
    }

    private RelationStore relations() {
        return storage().relations();
    }

    private long newUser() {
        long id = ids.next();
        storage().users().create(new User(id, "u" + id, Instant.now().truncatedTo(ChronoUnit.MILLIS)));
        return id;
    }

    private UserCounts counts(long user) {
        return storage().users().counts(user);
    }

    private List<Follow> all(long user, boolean following) {
        List<Follow> all = new ArrayList<>();
        Optional<FollowCursor> after = Optional.empty();
        while (true) {
            Page<Follow, FollowCursor> page =
                    following ? follows.following(user, after, 7) : follows.followers(user, after, 7);
            all.addAll(page.items());
            if (page.next().isEmpty()) {
                return all;
            }
            after = page.next();
        }
    }

    private static List<Long> userIds(List<Follow> follows) {
        return follows.stream().map(Follow::userId).toList();
    }

    // --- store primitives ---

    @Test
    void edgeOfNeverFollowedPairIsAbsent() {
        FollowEdge edge = relations().edge(ids.next(), ids.next());
        assertThat(edge.exists()).isFalse();
        assertThat(edge.following()).isFalse();
    }

    @Test
    void edgesAreReadManyAtOnceEachAsItsOwnRead() {
        long me = ids.next();
        long followed = ids.next();
        long followedThenLeft = ids.next();
        long stranger = ids.next();
        FollowEdge on = FollowEdge.absent(me, followed).next(true, Instant.now());
        assertThat(relations().compareAndSet(FollowEdge.absent(me, followed), on))
                .isTrue();
        FollowEdge first = FollowEdge.absent(me, followedThenLeft).next(true, Instant.now());
        assertThat(relations().compareAndSet(FollowEdge.absent(me, followedThenLeft), first))
                .isTrue();
        FollowEdge left = first.next(false, Instant.now());
        assertThat(relations().compareAndSet(first, left)).isTrue();

        List<FollowEdge.Key> keys =
                List.of(on.key(), left.key(), new FollowEdge.Key(me, stranger), new FollowEdge.Key(followed, me));
        Map<FollowEdge.Key, FollowEdge> read = relations().edges(keys);
        assertThat(read).hasSize(4);
        for (FollowEdge.Key key : keys) {
            assertThat(read.get(key)).as("%s", key).isEqualTo(relations().edge(key.followerId(), key.followeeId()));
        }
        assertThat(read.get(on.key()).following()).isTrue();
        assertThat(read.get(left.key()).following()).isFalse();
        assertThat(read.get(new FollowEdge.Key(followed, me)).exists())
                .as("the other way")
                .isFalse();
        assertThat(relations().edges(List.of())).isEmpty();
    }

    @Test
    void compareAndSetAppliesOnlyOnTheExpectedVersion() {
        long a = ids.next();
        long b = ids.next();
        FollowEdge absent = FollowEdge.absent(a, b);
        assertThat(relations().decidedEdge(a, b)).isEqualTo(absent);
        FollowEdge followed = absent.next(true, Instant.now());
        assertThat(relations().compareAndSet(absent, followed)).isTrue();
        assertThat(relations().compareAndSet(absent, absent.next(true, Instant.now())))
                .isFalse();
        assertThat(relations().edge(a, b)).isEqualTo(followed);
        assertThat(relations().decidedEdge(a, b))
                .as("the read an answer of 'already following' rests on")
                .isEqualTo(followed);

        FollowEdge unfollowed = followed.next(false, Instant.now());
        assertThat(relations().compareAndSet(absent.next(true, Instant.now().minusSeconds(5)), unfollowed))
                .isFalse();
        assertThat(relations().compareAndSet(followed, unfollowed)).isTrue();
        assertThat(relations().edge(a, b)).isEqualTo(unfollowed);
        assertThat(relations().decidedEdge(a, b)).isEqualTo(unfollowed);
    }

    @Test
    void copiesWrittenOutOfOrderConvergeOnTheLatestState() {
        long a = ids.next();
        long b = ids.next();
        Instant t0 = Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.MILLIS);
        FollowEdge absent = FollowEdge.absent(a, b);
        FollowEdge first = absent.next(true, t0);
        FollowEdge second = first.next(false, t0.plusSeconds(1));
        FollowEdge third = second.next(true, t0.plusSeconds(2));

        relations().writeCopies(second, third);
        relations().writeCopies(first, second);
        relations().writeCopies(absent, first);
        relations().writeCopies(first, second); // replayed

        assertThat(relations().following(a, Optional.empty(), 10)).containsExactly(new Follow(b, third.since()));
        assertThat(relations().followers(b, Optional.empty(), 10)).containsExactly(new Follow(a, third.since()));
    }

    @Test
    void journalListsIntentsUntilDone() {
        long a = ids.next();
        long b = ids.next();
        FollowEdge absent = FollowEdge.absent(a, b);
        RelationOp op = new RelationOp(ids.next(), absent, absent.next(true, Instant.now()));
        Instant from = IdGenerator.timeOf(op.opId());
        relations().journalIntent(op);
        assertThat(relations().unfinished(from, from.plusMillis(1))).contains(op);
        relations().journalDone(op);
        assertThat(relations().unfinished(from, from.plusMillis(1))).doesNotContain(op);
    }

    @Test
    void importedEdgesAreListedWithTheirCounts() {
        long star = newUser();
        Instant base = Instant.now().minusSeconds(3600).truncatedTo(ChronoUnit.MILLIS);
        List<FollowEdge> edges = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            edges.add(FollowEdge.absent(ids.next(), star).next(true, base.plusMillis(i / 3)));
        }
        relations().importEdges(edges);
        List<Follow> followers = all(star, false);
        assertThat(followers).hasSize(300);
        assertThat(new HashSet<>(userIds(followers))).hasSize(300);
        assertThat(followers)
                .isSortedAccordingTo((x, y) -> y.since().compareTo(x.since()) != 0
                        ? y.since().compareTo(x.since())
                        : Long.compare(y.userId(), x.userId()));
        assertThat(counts(star).followers()).isEqualTo(300);
        assertThat(relations().edge(edges.get(0).followerId(), star).following())
                .isTrue();
        assertThat(counts(edges.get(0).followerId()).following()).isEqualTo(1);
    }

    // --- the follow protocol on this backend ---

    /**
     * A recount that saw a follow's copies waits 150 ms for its counter update, and only an update later than the
     * settle bound after the change's time marks the counter (docs/design.md, "Counters that heal"). So the time must
     * be read before the copies are written: read after a slow write, an update on time by it would land unmarked
     * after a recount had already counted the row, one too many. Here each copy write takes a second by the clock.
     */
    @Test
    void aFollowsTimeIsReadBeforeItsCopiesAreWritten() {
        MovableClock clock = new MovableClock();
        List<Instant> copiesWritten = Collections.synchronizedList(new ArrayList<>());
        List<Instant> changedAt = Collections.synchronizedList(new ArrayList<>());
        RelationStore slowCopies = (RelationStore) Proxy.newProxyInstance(
                RelationStore.class.getClassLoader(), new Class<?>[] {RelationStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("writeCopies")) {
                        copiesWritten.add(clock.instant());
                        clock.moveBy(Duration.ofSeconds(1));
                    }
                    try {
                        return method.invoke(relations(), args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        FollowService timed = new FollowService(
                storage().users(),
                slowCopies,
                ids,
                clock,
                RelationLimits.DEFAULT,
                executor,
                new Events(),
                (id, delta, at) -> {
                    changedAt.add(at);
                    storage().users().addCounts(id, delta);
                });
        long me = newUser();
        long star = newUser();

        assertThat(timed.follow(me, star)).isTrue();
        assertThat(timed.unfollow(me, star)).isTrue();

        assertThat(copiesWritten).hasSize(2);
        assertThat(changedAt).hasSize(4);
        assertThat(changedAt.subList(0, 2)).allSatisfy(at -> assertThat(at).isBeforeOrEqualTo(copiesWritten.get(0)));
        assertThat(changedAt.subList(2, 4)).allSatisfy(at -> assertThat(at).isBeforeOrEqualTo(copiesWritten.get(1)));
        assertThat(counts(me).following()).isZero();
        assertThat(counts(star).followers()).isZero();
    }

    @Test
    void followUnfollowAndRefollowKeepListsAndCountsTrue() {
        long me = newUser();
        long star = newUser();
        assertThat(follows.follow(me, star)).isTrue();
        assertThat(follows.follow(me, star)).isFalse();
        assertThat(follows.relationship(me, star)).isEqualTo(new Relationship(true, false));
        assertThat(follows.relationship(star, me)).isEqualTo(new Relationship(false, true));
        assertThat(userIds(all(me, true))).containsExactly(star);
        assertThat(userIds(all(star, false))).containsExactly(me);
        assertThat(counts(me).following()).isEqualTo(1);
        assertThat(counts(star).followers()).isEqualTo(1);

        assertThat(follows.unfollow(me, star)).isTrue();
        assertThat(follows.unfollow(me, star)).isFalse();
        assertThat(all(me, true)).isEmpty();
        assertThat(all(star, false)).isEmpty();
        assertThat(counts(me).following()).isZero();
        assertThat(counts(star).followers()).isZero();

        assertThat(follows.follow(me, star)).isTrue();
        assertThat(userIds(all(star, false))).containsExactly(me);
        assertThat(counts(star).followers()).isEqualTo(1);
    }

    @Test
    void followingYourselfOrAnUnknownUserIsRefused() {
        long me = newUser();
        assertThatThrownBy(() -> follows.follow(me, me))
                .isInstanceOfSatisfying(
                        DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.INVALID));
        assertThatThrownBy(() -> follows.follow(me, ids.next()))
                .isInstanceOfSatisfying(
                        DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.NOT_FOUND));
        assertThat(counts(me)).isEqualTo(UserCounts.ZERO);
    }

    @Test
    void batchFollowCountsOnlyNewEdges() {
        long me = newUser();
        List<Long> targets = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            targets.add(newUser());
        }
        follows.follow(me, targets.get(0));
        assertThat(follows.followAll(me, targets)).isEqualTo(39);
        assertThat(follows.followAll(me, targets)).isZero();
        assertThat(new HashSet<>(userIds(all(me, true)))).isEqualTo(new HashSet<>(targets));
        assertThat(counts(me).following()).isEqualTo(40);
        assertThat(counts(targets.get(39)).followers()).isEqualTo(1);
    }

    @Test
    void batchFollowWithAnUnknownUserWritesNothing() {
        long me = newUser();
        List<Long> targets = List.of(newUser(), ids.next());
        assertThatThrownBy(() -> follows.followAll(me, targets)).isInstanceOf(DomainException.class);
        assertThat(all(me, true)).isEmpty();
        assertThat(counts(me).following()).isZero();
    }

    @Test
    void followingLimitIsEnforced() {
        FollowService limited = newFollowService(new RelationLimits(2, 1000));
        long me = newUser();
        limited.follow(me, newUser());
        limited.follow(me, newUser());
        assertThatThrownBy(() -> limited.follow(me, newUser())).isInstanceOf(DomainException.class);
        assertThatThrownBy(() -> limited.followAll(me, List.of(newUser()))).isInstanceOf(DomainException.class);
        assertThat(counts(me).following()).isEqualTo(2);
    }

    @Test
    void pagesHaveNoGapsOrDuplicatesWhileNewFollowersArrive() {
        long star = newUser();
        Set<Long> before = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            long fan = newUser();
            follows.follow(fan, star);
            before.add(fan);
            NextMillisecond.await(); // distinct since values make the order strict
        }
        List<Long> seen = new ArrayList<>();
        Optional<FollowCursor> after = Optional.empty();
        do {
            Page<Follow, FollowCursor> page = follows.followers(star, after, 6);
            seen.addAll(userIds(page.items()));
            follows.follow(newUser(), star); // arrives while paging: newer than every page, so never listed here
            after = page.next();
        } while (after.isPresent());
        assertThat(seen).doesNotHaveDuplicates();
        assertThat(new HashSet<>(seen)).isEqualTo(before);
    }

    @Test
    void concurrentFollowAndUnfollowOfOneEdgeLeaveCountsEqualToRows() throws Exception {
        long me = newUser();
        long star = newUser();
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            workers.add(executor.submit(() -> {
                for (int i = 0; i < 25; i++) {
                    try {
                        if (ThreadLocalRandom.current().nextBoolean()) {
                            follows.follow(me, star);
                        } else {
                            follows.unfollow(me, star);
                        }
                    } catch (DomainException e) {
                        assertThat(e.kind()).isEqualTo(DomainException.Kind.CONFLICT); // lost too many races: retryable
                    }
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get();
        }
        boolean following = relations().edge(me, star).following();
        int rows = following ? 1 : 0;
        assertThat(all(me, true)).hasSize(rows);
        assertThat(all(star, false)).hasSize(rows);
        assertThat(counts(me).following()).isEqualTo(rows);
        assertThat(counts(star).followers()).isEqualTo(rows);
    }

    /** The journal is read by minute: a window that ends in the first second of a minute still holds its start. */
    @Test
    void anOperationIssuedInTheFirstSecondOfAMinuteIsUnfinishedInANarrowWindow() {
        long me = newUser();
        long star = newUser();
        Instant issued = Instant.now().truncatedTo(ChronoUnit.MINUTES).plusMillis(200);
        long opId = new IdGenerator(1023, Clock.fixed(issued, ZoneOffset.UTC)).next();
        FollowEdge absent = relations().edge(me, star);
        RelationOp op = new RelationOp(opId, absent, absent.next(true, issued));
        relations().journalIntent(op);

        // The journal is every class's: the ops of this test's user are the ones it knows of.
        assertThat(mine(relations().unfinished(issued, issued.plusMillis(1)), me))
                .extracting(RelationOp::opId)
                .containsExactly(opId);
        assertThat(mine(relations().unfinished(issued.minusSeconds(1), issued), me))
                .isEmpty();
        relations().journalDone(op);
        assertThat(mine(relations().unfinished(issued, issued.plusMillis(1)), me))
                .isEmpty();
    }

    private static List<RelationOp> mine(List<RelationOp> ops, long follower) {
        return ops.stream().filter(op -> op.from().followerId() == follower).toList();
    }

    @Test
    void repairerFinishesAnOperationInterruptedAfterItsCompareAndSet() {
        long me = newUser();
        long star = newUser();
        FollowEdge absent = relations().edge(me, star);
        RelationOp op = new RelationOp(ids.next(), absent, absent.next(true, Instant.now()));
        relations().journalIntent(op);
        assertThat(relations().compareAndSet(op.from(), op.to())).isTrue();
        // ... and the process dies here: no copies, no counts, no "done".
        assertThat(all(star, false)).isEmpty();

        Instant issued = IdGenerator.timeOf(op.opId());
        RelationRepairer.Report report = repairer.repair(issued, issued.plus(Duration.ofMillis(1)));

        assertThat(report.operationsFinished()).isEqualTo(1);
        assertThat(report.countDrift()).isEqualTo(2);
        assertThat(userIds(all(star, false))).containsExactly(me);
        assertThat(userIds(all(me, true))).containsExactly(star);
        assertThat(counts(me).following()).isEqualTo(1);
        assertThat(counts(star).followers()).isEqualTo(1);
        assertThat(relations().unfinished(issued, issued.plusMillis(1))).isEmpty();
    }

    /**
     * A restore whose copies were copied before its edges (docs/design.md, "Backup and restore"): the follow was done,
     * journal and all, but its copies are as before it. The replay finishes it again; the repair does not see it.
     */
    @Test
    void replayFinishesAgainAFollowDoneSinceItsCopiesWereTaken() {
        long me = newUser();
        long star = newUser();
        FollowEdge absent = relations().edge(me, star);
        RelationOp op = new RelationOp(ids.next(), absent, absent.next(true, Instant.now()));
        relations().journalIntent(op);
        assertThat(relations().compareAndSet(op.from(), op.to())).isTrue();
        relations().journalDone(op); // done, as the restored journal says; the restored copies never saw it
        Instant issued = IdGenerator.timeOf(op.opId());
        assertThat(relations().unfinished(issued, issued.plusMillis(1))).isEmpty();
        assertThat(relations().journaled(issued, issued.plusMillis(1))).containsExactly(op);

        RelationRepairer.Report report = repairer.replay(issued, issued.plusMillis(1));

        assertThat(report.operationsFinished()).isEqualTo(1);
        assertThat(userIds(all(star, false))).containsExactly(me);
        assertThat(userIds(all(me, true))).containsExactly(star);
        assertThat(counts(star).followers()).isEqualTo(1);
    }

    @Test
    void aRetryOfAnInterruptedChangeShowsInBothListsAtOnce() {
        long me = newUser();
        long star = newUser();
        long other = newUser();
        for (long target : List.of(star, other)) {
            FollowEdge absent = relations().edge(me, target);
            RelationOp op = new RelationOp(ids.next(), absent, absent.next(true, Instant.now()));
            relations().journalIntent(op);
            assertThat(relations().compareAndSet(op.from(), op.to())).isTrue(); // the answer was lost here
        }
        assertThat(all(me, true)).isEmpty();

        assertThat(follows.follow(me, star)).isFalse(); // the client's retry: already so, nothing new
        assertThat(follows.followAll(me, List.of(other))).isZero();

        assertThat(userIds(all(star, false))).containsExactly(me);
        assertThat(userIds(all(other, false))).containsExactly(me);
        assertThat(userIds(all(me, true))).containsExactlyInAnyOrder(star, other);

        // The same for an unfollow whose copies were never removed.
        FollowEdge following = relations().edge(me, star);
        RelationOp unfollow = new RelationOp(ids.next(), following, following.next(false, Instant.now()));
        relations().journalIntent(unfollow);
        assertThat(relations().compareAndSet(unfollow.from(), unfollow.to())).isTrue();
        assertThat(userIds(all(star, false))).containsExactly(me);

        assertThat(follows.unfollow(me, star)).isFalse();

        assertThat(all(star, false)).isEmpty();
        assertThat(userIds(all(me, true))).containsExactly(other);
    }

    @Test
    void repairerDoesNotResurrectAnOperationThatLostItsRace() {
        long me = newUser();
        long star = newUser();
        FollowEdge absent = relations().edge(me, star);
        RelationOp lost = new RelationOp(
                ids.next(), absent, absent.next(true, Instant.now().minusSeconds(1)));
        relations().journalIntent(lost); // journaled, then died before its compare-and-set
        follows.follow(me, star);
        follows.unfollow(me, star);

        Instant issued = IdGenerator.timeOf(lost.opId());
        repairer.repair(issued, issued.plusMillis(1));

        assertThat(all(star, false)).isEmpty();
        assertThat(all(me, true)).isEmpty();
        assertThat(counts(star).followers()).isZero();
    }

    @Test
    void repairerLeavesAnUnfollowThatNeverAppliedAlone() {
        long me = newUser();
        long star = newUser();
        follows.follow(me, star);
        FollowEdge following = relations().edge(me, star);
        RelationOp failed = new RelationOp(ids.next(), following, following.next(false, Instant.now()));
        relations().journalIntent(failed); // journaled, then its compare-and-set failed (store error, crash)

        Instant issued = IdGenerator.timeOf(failed.opId());
        repairer.repair(issued, issued.plusMillis(1));

        assertThat(userIds(all(star, false))).containsExactly(me);
        assertThat(userIds(all(me, true))).containsExactly(star);
        assertThat(counts(star).followers()).isEqualTo(1);
        assertThat(relations().unfinished(issued, issued.plusMillis(1))).isEmpty();
    }

    // --- each follower's last read, shared onto the follow edges ---

    private List<Follower> withActivity(long user) {
        return relations().followersWithActivity(user, Optional.empty(), 100);
    }

    private static Follower follower(long user, FollowEdge edge, Optional<Instant> lastRead) {
        return new Follower(user, edge.since(), lastRead);
    }

    @Test
    void sharedActivityIsOnEveryFolloweesCopyOfTheFollower() {
        long me = newUser();
        long other = newUser();
        long star = newUser();
        long idol = newUser();
        follows.follow(other, star);
        NextMillisecond.await(); // distinct since values make the order strict
        follows.follow(me, star);
        follows.follow(me, idol);
        FollowEdge meStar = relations().edge(me, star);
        FollowEdge otherStar = relations().edge(other, star);
        FollowEdge meIdol = relations().edge(me, idol);
        assertThat(withActivity(star))
                .containsExactly(follower(me, meStar, Optional.empty()), follower(other, otherStar, Optional.empty()));

        Instant read = Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.MILLIS);
        relations().shareActivity(me, read);
        assertThat(withActivity(star))
                .containsExactly(follower(me, meStar, Optional.of(read)), follower(other, otherStar, Optional.empty()));
        assertThat(withActivity(idol)).containsExactly(follower(me, meIdol, Optional.of(read)));
        // The plain list is unchanged, and pages of either list follow the cursor alike.
        assertThat(userIds(relations().followers(star, Optional.empty(), 100))).containsExactly(me, other);
        assertThat(relations().followersWithActivity(star, Optional.of(new FollowCursor(meStar.since(), me)), 100))
                .containsExactly(follower(other, otherStar, Optional.empty()));
        assertThat(relations().followersWithActivity(star, Optional.empty(), 1))
                .containsExactly(follower(me, meStar, Optional.of(read)));

        Instant later = read.plusSeconds(45);
        relations().shareActivity(me, later);
        assertThat(withActivity(star))
                .containsExactly(
                        follower(me, meStar, Optional.of(later)), follower(other, otherStar, Optional.empty()));
        assertThat(withActivity(idol)).containsExactly(follower(me, meIdol, Optional.of(later)));

        relations().shareActivity(newUser(), later); // follows nobody: nothing to write
        relations().shareActivity(star, later); // follows nobody either; its followers keep their own
        assertThat(withActivity(star))
                .containsExactly(
                        follower(me, meStar, Optional.of(later)), follower(other, otherStar, Optional.empty()));
    }

    @Test
    void activeFollowersAreThoseWhoReadSinceTheBoundPagedPastTheRest() {
        long star = newUser();
        long recent = newUser();
        long never = newUser();
        long longAgo = newUser();
        long atBound = newUser();
        long gone = newUser();
        for (long follower : List.of(recent, never, longAgo, atBound, gone)) {
            follows.follow(follower, star);
            NextMillisecond.await(); // distinct since values make the order strict
        }
        Instant bound = Instant.now().minus(Duration.ofDays(1)).truncatedTo(ChronoUnit.MILLIS);
        relations().shareActivity(recent, bound.plus(Duration.ofHours(20)), OptionalDouble.of(4));
        relations().shareActivity(longAgo, bound.minusMillis(1));
        relations().shareActivity(atBound, bound);
        relations().shareActivity(gone, bound.plus(Duration.ofHours(23)));
        follows.unfollow(gone, star);
        FollowEdge recentEdge = relations().edge(recent, star);
        FollowEdge atBoundEdge = relations().edge(atBound, star);
        Instant recentRead = bound.plus(Duration.ofHours(20));
        Follower recentFollower =
                new Follower(recent, recentEdge.since(), Optional.of(recentRead), OptionalDouble.of(4));
        Follower atBoundFollower =
                new Follower(atBound, atBoundEdge.since(), Optional.of(bound), OptionalDouble.empty());

        assertThat(relations().activeFollowers(star, Optional.empty(), 10, bound))
                .containsExactly(atBoundFollower, recentFollower);
        // A page of one stops at the first active follower; the next starts after it and skips the inactive.
        List<Follower> first = relations().activeFollowers(star, Optional.empty(), 1, bound);
        assertThat(first).containsExactly(atBoundFollower);
        FollowCursor after = FollowCursor.after(first.get(0));
        assertThat(relations().activeFollowers(star, Optional.of(after), 1, bound))
                .containsExactly(recentFollower);
        assertThat(relations().activeFollowers(star, Optional.of(FollowCursor.after(recentFollower)), 1, bound))
                .isEmpty();
        assertThat(relations().activeFollowers(star, Optional.empty(), 10, bound.plusMillis(1)))
                .containsExactly(recentFollower);
        assertThat(withActivity(star)).hasSize(4); // everyone still following, active or not
    }

    @Test
    void theReadRateTravelsWithItsRead() {
        long me = newUser();
        long star = newUser();
        follows.follow(me, star);
        FollowEdge edge = relations().edge(me, star);
        Instant read = Instant.now().minusSeconds(600).truncatedTo(ChronoUnit.MILLIS);
        assertThat(relations().followersWithActivity(star, Optional.empty(), 10))
                .containsExactly(new Follower(me, edge.since(), Optional.empty(), OptionalDouble.empty()));

        relations().shareActivity(me, read, OptionalDouble.of(12.34));
        assertThat(relations().followersWithActivity(star, Optional.empty(), 10))
                .containsExactly(new Follower(me, edge.since(), Optional.of(read), OptionalDouble.of(12.34)));
        relations().shareActivity(me, read.plusSeconds(60), OptionalDouble.of(3.5)); // later, and a lower rate
        assertThat(relations().followersWithActivity(star, Optional.empty(), 10))
                .containsExactly(
                        new Follower(me, edge.since(), Optional.of(read.plusSeconds(60)), OptionalDouble.of(3.5)));
        relations().shareActivity(me, star, read.plusSeconds(90), OptionalDouble.of(0));
        assertThat(relations().followersWithActivity(star, Optional.empty(), 10))
                .containsExactly(
                        new Follower(me, edge.since(), Optional.of(read.plusSeconds(90)), OptionalDouble.of(0)));
        // A share that knows no rate moves the read and leaves the last rate known.
        relations().shareActivity(me, read.plusSeconds(120));
        assertThat(relations().followersWithActivity(star, Optional.empty(), 10))
                .containsExactly(
                        new Follower(me, edge.since(), Optional.of(read.plusSeconds(120)), OptionalDouble.of(0)));
    }

    @Test
    void sharingActivityNeverBringsAnUnfollowedFollowerBack() {
        long me = newUser();
        long star = newUser();
        long idol = newUser();
        follows.follow(me, star);
        follows.follow(me, idol);
        Instant read = Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.MILLIS);
        relations().shareActivity(me, read);
        follows.unfollow(me, star);

        relations().shareActivity(me, read.plusSeconds(1));
        assertThat(relations().followers(star, Optional.empty(), 100)).isEmpty();
        assertThat(withActivity(star)).isEmpty();
        assertThat(withActivity(idol))
                .containsExactly(follower(me, relations().edge(me, idol), Optional.of(read.plusSeconds(1))));

        NextMillisecond.await(); // a later since than the first follow's
        follows.follow(me, star);
        FollowEdge again = relations().edge(me, star);
        assertThat(relations().followers(star, Optional.empty(), 100)).containsExactly(new Follow(me, again.since()));
        assertThat(withActivity(star)).containsExactly(follower(me, again, Optional.empty()));
        relations().shareActivity(me, read.plusSeconds(2));
        assertThat(withActivity(star)).containsExactly(follower(me, again, Optional.of(read.plusSeconds(2))));
    }

    @Test
    void sharingOntoOneEdgeLeavesTheOthersAlone() {
        long me = newUser();
        long star = newUser();
        long idol = newUser();
        long gone = newUser();
        follows.follow(me, star);
        follows.follow(me, idol);
        follows.follow(me, gone);
        follows.unfollow(me, gone);
        Instant read = Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.MILLIS);

        relations().shareActivity(me, star, read);
        relations().shareActivity(me, gone, read); // unfollowed: stays removed
        relations().shareActivity(me, newUser(), read); // never followed: nothing to write

        assertThat(withActivity(star)).containsExactly(follower(me, relations().edge(me, star), Optional.of(read)));
        assertThat(withActivity(idol)).containsExactly(follower(me, relations().edge(me, idol), Optional.empty()));
        assertThat(withActivity(gone)).isEmpty();
        assertThat(relations().followers(gone, Optional.empty(), 10)).isEmpty();
    }

    /**
     * The race the version timestamps settle: a share read the edge while it was followed (at v1),
     * the unfollow then removed the copies (at v2), and the share's write (at v1) lands last. The
     * removal must mask it: the copy stays removed, and no row of the share's alone is listed.
     */
    @Test
    void aShareLandingAfterTheUnfollowsRemovalStaysMasked() {
        long a = ids.next();
        long b = ids.next();
        Instant t0 = Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.MILLIS);
        FollowEdge absent = FollowEdge.absent(a, b);
        FollowEdge followed = absent.next(true, t0);
        FollowEdge unfollowed = followed.next(false, t0.plusSeconds(1));
        assertThat(relations().compareAndSet(absent, followed)).isTrue();
        relations().writeCopies(absent, followed);
        // The unfollow's copies are written while its truth still reads as followed at v1 (as the
        // share saw it before the unfollow's compare-and-set), so the share writes at v1 after them.
        relations().writeCopies(followed, unfollowed);
        relations().shareActivity(a, t0.plusSeconds(2));

        assertThat(relations().followers(b, Optional.empty(), 10)).isEmpty();
        assertThat(relations().followersWithActivity(b, Optional.empty(), 10)).isEmpty();

        assertThat(relations().compareAndSet(followed, unfollowed)).isTrue();
        FollowEdge refollowed = unfollowed.next(true, t0.plusSeconds(3));
        assertThat(relations().compareAndSet(unfollowed, refollowed)).isTrue();
        relations().writeCopies(unfollowed, refollowed);
        assertThat(relations().followersWithActivity(b, Optional.empty(), 10))
                .containsExactly(new Follower(a, refollowed.since(), Optional.empty()));
    }
}
