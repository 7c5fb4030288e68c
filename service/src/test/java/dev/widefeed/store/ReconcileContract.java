package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.graph.RelationRepairer;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.UnknownOutcomeException;
import dev.widefeed.like.LikeService;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostService;
import dev.widefeed.post.PostStore;
import dev.widefeed.reconcile.Reconciler;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;

/**
 * Counter updates whose outcome is unknown (a timeout after sending, injected here in front of the
 * real store: the update is lost and the caller told "unknown") leave drift; one reconcile run
 * finds it, reports it and removes it, and a second run finds none. It runs on every {@link TestBackend}.
 */
@BackendContract
public class ReconcileContract {
    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    ReconcileContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    /** The real post store, except that the next {@code failures} counter updates time out unapplied (the caller sees UnknownOutcomeException). */
    private PostStore losingCounterUpdates(AtomicInteger failures) {
        PostStore real = storage().posts();
        return (PostStore) Proxy.newProxyInstance(
                PostStore.class.getClassLoader(), new Class<?>[] {PostStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("addCounts") && failures.getAndDecrement() > 0) {
                        throw new UnknownOutcomeException("injected: the counter update timed out", null);
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private long newUser() {
        long id = ids.next();
        storage().users().create(new User(id, "u" + id, Instant.now().truncatedTo(ChronoUnit.MILLIS)));
        return id;
    }

    private Reconciler reconciler() {
        return reconciler(storage().users(), storage().posts());
    }

    /**
     * {@code store} whose whole-table scan of ids passes on only {@code kept}: the scan still walks the real table, but
     * a full run then reconciles this test's rows alone. The shared keyspace holds every other class's rows, whose
     * reconcile took minutes of the suite and raced those classes' writes.
     */
    @SuppressWarnings("unchecked")
    private static <T> T scanningOnly(Class<T> type, T store, Set<Long> kept, AtomicLong scanned) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (method.getName().equals("scanIds")) {
                LongConsumer consumer = (LongConsumer) args[0];
                args = new Object[] {
                    (LongConsumer) id -> {
                        scanned.incrementAndGet();
                        if (kept.contains(id)) {
                            consumer.accept(id);
                        }
                    }
                };
            }
            try {
                return method.invoke(store, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    private Reconciler reconciler(UserStore users, PostStore posts) {
        LikeService likes = TestStorages.likeService(
                storage().posts(),
                storage().users(),
                storage().likes(),
                TestStorages.access(storage()),
                Clock.systemUTC(),
                DirtyCounters.NONE);
        return new Reconciler(
                users,
                posts,
                likes,
                TestStorages.comments(storage(), ids, Clock.systemUTC()).recount(),
                new RelationRepairer(storage().users(), storage().relations(), DirtyCounters.NONE));
    }

    @Test
    void lostLikeCountsAreFoundAndFixedByOneRun() {
        long author = newUser();
        PostService posts = postService(storage().posts());
        long post = posts.create(author, "popular", null).post().id();
        AtomicInteger failures = new AtomicInteger(0);
        LikeService faulty = TestStorages.likeService(
                losingCounterUpdates(failures),
                storage().users(),
                storage().likes(),
                TestStorages.access(storage()),
                Clock.systemUTC(),
                DirtyCounters.NONE);
        for (int i = 0; i < 5; i++) {
            long fan = newUser();
            failures.set(i % 2 == 0 ? 1 : 0);
            assertThat(faulty.like(fan, post).liked()).isTrue(); // the like stands; only its count is lost
        }
        assertThat(storage().posts().counts(post).likes()).isEqualTo(2);

        Reconciler.Report report = reconciler().post(post);

        assertThat(report.corrections()).containsExactly(new Reconciler.Correction("post.likes", post, 3));
        assertThat(report.drift()).isEqualTo(3);
        assertThat(storage().posts().counts(post).likes()).isEqualTo(5);
        assertThat(reconciler().post(post).drift()).isZero();
    }

    @Test
    void lostRepostAndPostCountsAreFoundAndFixed() {
        long author = newUser();
        long fan = newUser();
        PostService posts = postService(storage().posts());
        long source = posts.create(author, "source", null).post().id();
        AtomicInteger failures = new AtomicInteger(1);
        PostService faulty = postService(losingCounterUpdates(failures));
        faulty.repost(fan, source, "", null); // the source's repost counters are lost; the request still succeeds
        storage().users().addCounts(fan, new dev.widefeed.graph.UserCounts(3, 0, 0)); // and the fan's posts drift by +3

        assertThat(storage().posts().counts(source)).isEqualTo(PostCounts.ZERO);
        Reconciler.Report forPost = reconciler().post(source);
        assertThat(forPost.corrections())
                .containsExactly(
                        new Reconciler.Correction("post.reposts", source, 1),
                        new Reconciler.Correction("post.repostsEver", source, 1));
        assertThat(storage().posts().counts(source).reposts()).isEqualTo(1);
        assertThat(storage().posts().counts(source).repostsEver()).isEqualTo(1);

        Reconciler.Report forUser = reconciler().user(fan);
        assertThat(forUser.corrections()).containsExactly(new Reconciler.Correction("user.posts", fan, -3));
        assertThat(storage().users().counts(fan).posts()).isEqualTo(1);
        assertThat(reconciler().user(fan).drift()).isZero();
    }

    @Test
    void commentVoteCountersAreRecountedFromTheVotes() {
        long author = newUser();
        long post = postService(storage().posts())
                .create(author, "discussed", null)
                .post()
                .id();
        TestStorages.Comments comments = TestStorages.comments(storage(), ids, Clock.systemUTC());
        long top = comments.writer()
                .create(author, post, "top", java.util.Optional.empty())
                .comment()
                .id();
        long reply = comments.writer()
                .create(author, post, "reply", java.util.Optional.of(top))
                .comment()
                .id();
        for (int i = 0; i < 3; i++) {
            comments.voting().vote(newUser(), top, Vote.LIKE);
        }
        comments.voting().vote(newUser(), reply, Vote.HATE);
        storage().comments().addCounts(top, new CommentCounts(0, -2, 1)); // lost likes, a phantom hate
        storage().comments().addCounts(reply, new CommentCounts(0, 4, 0));

        Reconciler.Report report = reconciler().post(post);

        assertThat(report.corrections())
                .containsExactly(
                        new Reconciler.Correction("post.commentVotes", post, 7),
                        new Reconciler.Correction(
                                "post.hotComments", post, 1)); // no worker ranked it here: reconcile did
        assertThat(storage().comments().countsOf(java.util.List.of(top, reply)))
                .containsEntry(top, new CommentCounts(1, 3, 0))
                .containsEntry(reply, new CommentCounts(0, 0, 1));
        assertThat(reconciler().post(post).drift()).isZero();
    }

    @Test
    void aFullRunFindsDriftAnywhereAndReportsProgress() {
        long author = newUser();
        PostService posts = postService(storage().posts());
        long post = posts.create(author, "somewhere in the table", null).post().id();
        storage().posts().addCounts(post, PostCounts.likes(4));
        storage().users().addCounts(author, new dev.widefeed.graph.UserCounts(0, 2, 0));
        AtomicInteger progressCalls = new AtomicInteger();
        AtomicLong scanned = new AtomicLong();
        Set<Long> mine = Set.of(author, post);

        Reconciler.Report report = reconciler(
                        scanningOnly(UserStore.class, storage().users(), mine, scanned),
                        scanningOnly(PostStore.class, storage().posts(), mine, scanned))
                .all((p, u, drift) -> progressCalls.incrementAndGet());

        assertThat(report.corrections())
                .contains(
                        new Reconciler.Correction("post.likes", post, -4),
                        new Reconciler.Correction("user.followers", author, -2));
        assertThat(report.postsChecked()).isEqualTo(1);
        assertThat(report.usersChecked()).isEqualTo(1);
        assertThat(scanned.get()).as("the scans walked the whole tables").isGreaterThanOrEqualTo(2);
        assertThat((long) progressCalls.get()).isEqualTo(report.postsChecked() + report.usersChecked());
        assertThat(reconciler().post(post).drift()).isZero();
        assertThat(reconciler().user(author).drift()).isZero();
    }

    /** A post service over the real stores (its fan-out tasks are recorded, nobody works them here). */
    private PostService postService(PostStore posts) {
        return TestStorages.postService(storage(), posts, ids, Clock.systemUTC(), DirtyCounters.NONE);
    }
}
