package dev.widefeed.store;

import static dev.widefeed.store.LikeFixtures.all;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Page;
import dev.widefeed.kernel.TemporaryStoreException;
import dev.widefeed.kernel.UnknownOutcomeException;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.like.LikeEdge;
import dev.widefeed.like.LikeProtocol;
import dev.widefeed.like.LikeService;
import dev.widefeed.like.LikeStore;
import dev.widefeed.post.PostCounts;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.NextMillisecond;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * What every backend's {@link LikeStore} must do, alone and under {@link LikeService}, run on every
 * {@link TestBackend}.
 */
@BackendContract
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class LikeStoreContract {
    /** A reader with no relation to anyone: every post here is public, so they see all of them. */
    private static final long ANYONE = 1;

    private final IdGenerator ids = TestStorages.ids();
    private ExecutorService executor;
    private LikeService service;
    private LikeProtocol protocol;

    /** Set before each backend's run: one instance (PER_CLASS) serves every backend, so no constructor takes it. */
    @Parameter
    private TestBackend backend;

    private Storage storage() {
        return backend.storage(getClass());
    }

    @BeforeParameterizedClassInvocation
    void setUp() {
        executor = Executors.newFixedThreadPool(16);
        service = TestStorages.likeService(
                storage().posts(),
                storage().users(),
                likes(),
                TestStorages.access(storage()),
                Clock.systemUTC(),
                DirtyCounters.NONE);
        protocol = new LikeProtocol(likes(), DirtyCounters.NONE);
    }

    @AfterParameterizedClassInvocation
    void tearDown() {
        executor.shutdownNow();
    }

    private LikeStore likes() {
        return storage().likes();
    }

    /** The backend's like store, telling {@code before} each call's method first (which may fail it instead). */
    private LikeStore watched(Consumer<String> before) {
        return (LikeStore) Proxy.newProxyInstance(
                LikeStore.class.getClassLoader(), new Class<?>[] {LikeStore.class}, (proxy, method, args) -> {
                    before.accept(method.getName());
                    try {
                        return method.invoke(likes(), args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private long newUser() {
        return LikeFixtures.newUser(storage());
    }

    private long newPost() {
        return LikeFixtures.newPost(storage());
    }

    private long counted(long post) {
        return storage().posts().counts(post).likes();
    }

    private List<Like> likers(long post) {
        return all((after, limit) -> service.likers(ANYONE, post, after, limit), 7);
    }

    private List<Like> likedPosts(long user) {
        return all((after, limit) -> service.likedPosts(ANYONE, user, after, limit), 7);
    }

    private static List<Long> users(List<Like> likes) {
        return likes.stream().map(Like::userId).toList();
    }

    private static List<Long> posts(List<Like> likes) {
        return likes.stream().map(Like::postId).toList();
    }

    /** Newest first: by (likedAt, id) descending, id being {@code id}'s choice. */
    private static void assertNewestFirst(List<Like> likes, ToLongFunction<Like> id) {
        for (int i = 1; i < likes.size(); i++) {
            Like newer = likes.get(i - 1);
            Like older = likes.get(i);
            int byTime = newer.likedAt().compareTo(older.likedAt());
            assertThat(byTime > 0 || (byTime == 0 && id.applyAsLong(newer) > id.applyAsLong(older)))
                    .as("%s before %s", newer, older)
                    .isTrue();
        }
    }

    // --- likes, one at a time ---

    @Test
    void likeAndUnlikeAreIdempotentAndMoveTheCounterOnlyOnARealChange() {
        long post = newPost();
        long me = newUser();
        assertThat(service.like(me, post)).isEqualTo(new LikeService.Result(true, 1));
        assertThat(service.like(me, post)).isEqualTo(new LikeService.Result(true, 1));
        assertThat(protocol.like(post, me, Instant.now())).isFalse();
        assertThat(counted(post)).isEqualTo(1);
        assertThat(users(likers(post))).containsExactly(me);
        assertThat(posts(likedPosts(me))).containsExactly(post);

        assertThat(service.unlike(me, post)).isEqualTo(new LikeService.Result(false, 0));
        assertThat(service.unlike(me, post)).isEqualTo(new LikeService.Result(false, 0));
        assertThat(protocol.unlike(post, me, Instant.now())).isFalse();
        assertThat(likers(post)).isEmpty();
        assertThat(likedPosts(me)).isEmpty();

        assertThat(service.like(me, post)).isEqualTo(new LikeService.Result(true, 1));
        assertThat(users(likers(post))).containsExactly(me);
        assertThat(posts(likedPosts(me))).containsExactly(post);
        assertThat(service.reconcile(post)).isZero();
    }

    @Test
    void aLikeWhoseCopiesFailedMarksItsPostAndThePostsRepairWritesThem() {
        long post = newPost();
        long me = newUser();
        List<Long> marked = new ArrayList<>();
        LikeStore copiesFail = watched(call -> {
            if (call.equals("applied")) {
                throw new TemporaryStoreException("the store went away before the copies", null);
            }
        });
        LikeProtocol failing = new LikeProtocol(copiesFail, new DirtyCounters() {
            @Override
            public void post(long postId) {
                marked.add(postId);
            }

            @Override
            public void user(long userId) {
                marked.add(-userId);
            }
        });

        assertThat(failing.like(post, me, Instant.now()))
                .as("the like itself stands")
                .isTrue();
        assertThat(marked).containsExactly(post);
        assertThat(likers(post)).isEmpty();
        assertThat(protocol.countAndRepair(post)).isEqualTo(1);
        assertThat(users(likers(post))).containsExactly(me);
        assertThat(posts(likedPosts(me))).containsExactly(post);
    }

    @Test
    void aFirstLikeSetsItsRowWithoutReadingItAndALikeAgainAfterAnUnlikeReadsIt() {
        long post = newPost();
        long me = newUser();
        List<String> calls = new ArrayList<>();
        LikeProtocol protocolCounted = new LikeProtocol(watched(calls::add), DirtyCounters.NONE);

        assertThat(protocolCounted.like(post, me, Instant.now())).isTrue();
        assertThat(calls).containsExactly("compareAndSet", "applied");
        calls.clear();
        assertThat(protocolCounted.unlike(post, me, Instant.now())).isTrue();
        assertThat(protocolCounted.like(post, me, Instant.now()))
                .as("the row is there: the guess fails, the read " + "goes on")
                .isTrue();
        assertThat(calls)
                .containsExactly(
                        "edge", "compareAndSet", "applied", "compareAndSet", "edge", "compareAndSet", "applied");
        assertThat(protocolCounted.like(post, me, Instant.now()))
                .as("already liked")
                .isFalse();
        assertThat(users(likers(post))).containsExactly(me);
        assertThat(protocol.countAndRepair(post)).isEqualTo(1);
    }

    @Test
    void unknownPostsAndUsersAreNotFound() {
        long me = newUser();
        long nowhere = ids.next();
        for (Runnable call : List.<Runnable>of(
                () -> service.like(me, nowhere),
                () -> service.unlike(me, nowhere),
                () -> service.likers(ANYONE, nowhere, Optional.empty(), 10),
                () -> service.likedPosts(ANYONE, ids.next(), Optional.empty(), 10))) {
            assertThatThrownBy(call::run)
                    .isInstanceOfSatisfying(
                            DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.NOT_FOUND));
        }
    }

    @Test
    void likedAmongAnswersForAPageOfPostsAtOnce() {
        long me = newUser();
        List<Long> page = new ArrayList<>();
        Set<Long> liked = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            long post = newPost();
            page.add(post);
            if (i % 3 == 0) {
                service.like(me, post);
                liked.add(post);
            }
        }
        service.unlike(me, page.get(3));
        liked.remove(page.get(3));
        service.like(newUser(), page.get(1)); // someone else's like is not mine

        assertThat(likes().likedAmong(me, page)).isEqualTo(liked);
        assertThat(likes().likedAmong(newUser(), page)).isEmpty();
        assertThat(likes().likedAmong(me, List.of())).isEmpty();
    }

    @Test
    void pagesAreNewestFirstWithoutGapsOrDuplicatesWhileLikesArrive() {
        long post = newPost();
        long fan = newUser();
        Set<Long> likersBefore = new HashSet<>();
        Set<Long> likedBefore = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            long user = newUser();
            service.like(user, post);
            likersBefore.add(user);
            long other = newPost();
            service.like(fan, other);
            likedBefore.add(other);
            if (i % 2 == 0) {
                NextMillisecond.await(); // some likes share a millisecond, so the id breaks ties
            }
        }
        List<Like> seenLikers = new ArrayList<>();
        List<Like> seenLiked = new ArrayList<>();
        Optional<LikeCursor> likersAfter = Optional.empty();
        Optional<LikeCursor> likedAfter = Optional.empty();
        do {
            Page<Like, LikeCursor> page = service.likers(ANYONE, post, likersAfter, 6);
            seenLikers.addAll(page.items());
            likersAfter = page.next();
            service.like(newUser(), post); // newer than every page: never listed by this walk
        } while (likersAfter.isPresent());
        do {
            Page<Like, LikeCursor> page = service.likedPosts(ANYONE, fan, likedAfter, 6);
            seenLiked.addAll(page.items());
            likedAfter = page.next();
            service.like(fan, newPost());
        } while (likedAfter.isPresent());

        assertThat(users(seenLikers)).doesNotHaveDuplicates();
        assertThat(new HashSet<>(users(seenLikers))).isEqualTo(likersBefore);
        assertNewestFirst(seenLikers, Like::userId);
        assertThat(posts(seenLiked)).doesNotHaveDuplicates();
        assertThat(new HashSet<>(posts(seenLiked))).isEqualTo(likedBefore);
        assertNewestFirst(seenLiked, Like::postId);
    }

    // --- concurrency ---

    @Test
    void fiftyUsersLikingAndUnlikingFromSixteenThreadsLeaveTheCounterEqualToTheRows() throws Exception {
        long post = newPost();
        List<Long> fans = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            fans.add(newUser());
        }
        AtomicInteger next = new AtomicInteger();
        AtomicInteger conflicts = new AtomicInteger();
        AtomicInteger unknown = new AtomicInteger();
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < 16; t++) {
            workers.add(executor.submit(() -> {
                while (next.getAndIncrement() < 2_000) {
                    ThreadLocalRandom random = ThreadLocalRandom.current();
                    long fan = fans.get(random.nextInt(fans.size()));
                    try {
                        if (random.nextInt(3) > 0) { // more likes than unlikes, so many rows end liked
                            service.like(fan, post);
                        } else {
                            service.unlike(fan, post);
                        }
                    } catch (DomainException e) {
                        assertThat(e.kind()).isEqualTo(DomainException.Kind.CONFLICT); // lost too many races: retryable
                        conflicts.incrementAndGet();
                    } catch (UnknownOutcomeException e) {
                        unknown.incrementAndGet(); // may or may not have applied: only reconciling can tell
                    }
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get();
        }

        Set<Long> truth = new HashSet<>();
        for (long fan : fans) {
            if (likes().likedAmong(fan, List.of(post)).contains(post)) {
                truth.add(fan);
            }
        }
        if (unknown.get() > 0) {
            assertThat(Math.abs(service.reconcile(post))).isLessThanOrEqualTo(unknown.get());
        }
        long likedListsHoldingIt = fans.stream()
                .filter(fan -> posts(likedPosts(fan)).contains(post))
                .count();
        assertThat(users(likers(post))).doesNotHaveDuplicates();
        assertThat(new HashSet<>(users(likers(post)))).isEqualTo(truth);
        assertThat(likedListsHoldingIt).isEqualTo(truth.size());
        assertThat(counted(post)).isEqualTo(truth.size());
        assertThat(service.reconcile(post)).isZero(); // counts the rows: nothing left to correct
        System.out.printf(
                "%s likes: 2000 ops from 16 threads -> %d liked, %d conflicts, %d unknown%n",
                storage().backend(), truth.size(), conflicts.get(), unknown.get());
    }

    // --- faults and reconciliation ---

    @Test
    void reconcileFindsALikeWhoseCounterUpdateWasLostAndACounterBumpedByHand() {
        long post = newPost();
        service.like(newUser(), post);
        assertThat(protocol.like(post, newUser(), Instant.now())).isTrue(); // ... and the counter update never ran
        assertThat(counted(post)).isEqualTo(1);
        assertThat(service.reconcile(post)).isEqualTo(1);
        assertThat(counted(post)).isEqualTo(2);

        storage().posts().addCounts(post, PostCounts.likes(3)); // a timed-out increment that applied after all
        assertThat(service.reconcile(post)).isEqualTo(-3);
        assertThat(counted(post)).isEqualTo(2);
        assertThat(service.reconcile(post)).isZero();
    }

    @Test
    void aCompareAndSetTriedAgainAfterItAppliedFindsItsConditionFalseAndTheRowHoldingItsProposal() {
        // What settling a compare-and-set of unknown outcome relies on (CasSettlement), for both statements a like
        // uses: the insert of a row never written and the update of one that was.
        long post = newPost();
        long me = newUser();
        LikeEdge absent = likes().edge(post, me);
        LikeEdge liked = absent.next(true, Instant.now());
        assertThat(likes().compareAndSet(absent, liked)).isTrue();
        assertThat(likes().compareAndSet(absent, liked)).isFalse();
        assertThat(likes().edge(post, me)).isEqualTo(liked);

        LikeEdge unliked = liked.next(false, Instant.now());
        assertThat(likes().compareAndSet(liked, unliked)).isTrue();
        assertThat(likes().compareAndSet(liked, unliked)).isFalse();
        assertThat(likes().edge(post, me)).isEqualTo(unliked);
    }

    @Test
    void theDecidedReadSeesWhatTheCompareAndSetsLeft() {
        // The read an answer of "already as asked" rests on; an answer lost mid-round cannot be staged here, so
        // this holds it to the same rows as the plain read (docs/ARCHITECTURE.md, "Write protocols").
        long post = newPost();
        long me = newUser();
        assertThat(likes().decidedEdge(post, me)).isEqualTo(LikeEdge.absent(post, me));
        LikeEdge liked = LikeEdge.absent(post, me).next(true, Instant.now());
        assertThat(likes().compareAndSet(LikeEdge.absent(post, me), liked)).isTrue();
        assertThat(likes().decidedEdge(post, me)).isEqualTo(liked);
        LikeEdge unliked = liked.next(false, Instant.now());
        assertThat(likes().compareAndSet(liked, unliked)).isTrue();
        assertThat(likes().decidedEdge(post, me)).isEqualTo(unliked).isEqualTo(likes().edge(post, me));
    }

    @Test
    void aLikeWhoseCompareAndSetTimedOutIsSettledByTryingItAgainAndCountedOnce() {
        List<Long> marked = new ArrayList<>();
        List<Long> appliedFirst = new ArrayList<>();
        for (boolean appliedBeforeTimingOut : List.of(true, false)) {
            long post = newPost();
            long me = newUser();
            if (appliedBeforeTimingOut) {
                appliedFirst.add(post);
            }
            LikeService stumbling = TestStorages.likeService(
                    storage().posts(),
                    storage().users(),
                    new TimingOutOnce(likes(), appliedBeforeTimingOut),
                    TestStorages.access(storage()),
                    // A stopped clock: the counter update never lands "late" after the change, so a mark here
                    // could only come from the outcome itself.
                    Clock.fixed(Instant.now(), ZoneOffset.UTC),
                    recording(marked));
            assertThat(stumbling.like(me, post)).isEqualTo(new LikeService.Result(true, 1));
            assertThat(users(likers(post))).containsExactly(me);
            assertThat(service.reconcile(post)).isZero();
        }
        // Applied by the try that timed out: the next try finds the row holding its proposal, which another request
        // of the same user in the same millisecond would also have proposed, so the post is marked for a recount.
        // Applied by the next try: certainly this request's change, no mark.
        assertThat(marked).isEqualTo(appliedFirst);
    }

    private static DirtyCounters recording(List<Long> posts) {
        return new DirtyCounters() {
            @Override
            public void post(long postId) {
                posts.add(postId);
            }

            @Override
            public void user(long userId) {}
        };
    }

    /** A store whose first compare-and-set times out: after applying it, or before. */
    private static final class TimingOutOnce implements LikeStore {
        private final LikeStore store;
        private final boolean applyFirst;
        private boolean timedOut;

        TimingOutOnce(LikeStore store, boolean applyFirst) {
            this.store = store;
            this.applyFirst = applyFirst;
        }

        @Override
        public boolean compareAndSet(LikeEdge expected, LikeEdge next) {
            if (!timedOut) {
                timedOut = true;
                if (applyFirst) {
                    store.compareAndSet(expected, next);
                }
                throw new UnknownOutcomeException("the compare-and-set timed out", null);
            }
            return store.compareAndSet(expected, next);
        }

        @Override
        public LikeEdge edge(long postId, long userId) {
            return store.edge(postId, userId);
        }

        @Override
        public LikeEdge decidedEdge(long postId, long userId) {
            return store.decidedEdge(postId, userId);
        }

        @Override
        public List<LikeEdge> edges(long postId) {
            return store.edges(postId);
        }

        @Override
        public List<LikeEdge> edges(long postId, int limit) {
            return store.edges(postId, limit);
        }

        @Override
        public boolean delete(LikeEdge edge) {
            return store.delete(edge);
        }

        @Override
        public void applied(LikeEdge previous, LikeEdge next) {
            store.applied(previous, next);
        }

        @Override
        public void writeCopies(LikeEdge previous, LikeEdge next) {
            store.writeCopies(previous, next);
        }

        @Override
        public List<Like> likers(long postId, Optional<LikeCursor> after, int limit) {
            return store.likers(postId, after, limit);
        }

        @Override
        public List<Like> likedPosts(long userId, Optional<LikeCursor> after, int limit) {
            return store.likedPosts(userId, after, limit);
        }

        @Override
        public Set<Long> likedAmong(long userId, Collection<Long> postIds) {
            return store.likedAmong(userId, postIds);
        }
    }

    @Test
    void countAndRepairWritesTheCopiesOfALikeInterruptedAfterItsCompareAndSet() {
        long post = newPost();
        long me = newUser();
        LikeEdge absent = likes().edge(post, me);
        LikeEdge liked = absent.next(true, Instant.now());
        assertThat(likes().compareAndSet(absent, liked)).isTrue();
        // ... and the process dies here: no copies, no counter.
        assertThat(likers(post)).isEmpty();

        assertThat(service.reconcile(post)).isEqualTo(1);
        assertThat(users(likers(post))).containsExactly(me);
        assertThat(posts(likedPosts(me))).containsExactly(post);
        assertThat(likers(post).get(0).likedAt()).isEqualTo(liked.since());
    }

    @Test
    void countAndRepairRemovesTheCopiesOfAnUnlikeInterruptedAfterItsCompareAndSet() {
        long post = newPost();
        long me = newUser();
        long other = newUser();
        service.like(other, post);
        service.like(me, post);
        LikeEdge liked = likes().edge(post, me);
        LikeEdge unliked = liked.next(false, Instant.now());
        assertThat(likes().compareAndSet(liked, unliked)).isTrue(); // copies and counter never updated
        assertThat(users(likers(post))).contains(me);

        assertThat(service.reconcile(post)).isEqualTo(-1);
        assertThat(users(likers(post))).containsExactly(other);
        assertThat(likedPosts(me)).isEmpty();
        assertThat(counted(post)).isEqualTo(1);
    }

    @Test
    void countAndRepairRemovesTheRowsOfAnEarlierLikeThatARelikeLeftBehind() {
        long post = newPost();
        long me = newUser();
        Instant first = Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.MILLIS);
        LikeEdge one = likes().edge(post, me).next(true, first);
        likes().compareAndSet(likes().edge(post, me), one);
        likes().writeCopies(LikeEdge.absent(post, me), one);
        LikeEdge two = one.next(false, first.plusSeconds(1));
        likes().compareAndSet(one, two); // unliked: copies not removed
        LikeEdge three = two.next(true, first.plusSeconds(2));
        likes().compareAndSet(two, three);
        likes().writeCopies(LikeEdge.absent(post, me), three); // re-liked: only its own rows written
        assertThat(likers(post)).hasSize(2);

        assertThat(protocol.countAndRepair(post)).isEqualTo(1);
        assertThat(likers(post)).containsExactly(new Like(post, me, three.since()));
        assertThat(likedPosts(me)).containsExactly(new Like(post, me, three.since()));
    }

    @Test
    void copiesWrittenOutOfOrderConvergeOnTheLatestState() {
        long post = newPost();
        long me = newUser();
        Instant t0 = Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.MILLIS);
        LikeEdge absent = LikeEdge.absent(post, me);
        LikeEdge first = absent.next(true, t0);
        LikeEdge second = first.next(false, t0.plusSeconds(1));
        LikeEdge third = second.next(true, t0.plusSeconds(2));
        LikeEdge fourth = third.next(false, t0.plusSeconds(3));

        likes().writeCopies(third, fourth);
        likes().writeCopies(second, third);
        likes().writeCopies(absent, first);
        likes().writeCopies(first, second);
        assertThat(likers(post)).isEmpty();
        assertThat(likedPosts(me)).isEmpty();

        LikeEdge fifth = fourth.next(true, t0.plusSeconds(4));
        likes().writeCopies(fourth, fifth);
        likes().writeCopies(first, second); // replayed late
        assertThat(likers(post)).containsExactly(new Like(post, me, fifth.since()));
        assertThat(likedPosts(me)).containsExactly(new Like(post, me, fifth.since()));
    }
}
