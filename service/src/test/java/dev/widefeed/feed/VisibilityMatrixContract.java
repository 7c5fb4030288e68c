package dev.widefeed.feed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.audience.Audience;
import dev.widefeed.audience.AudienceStore;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.like.Like;
import dev.widefeed.post.PostDetails;
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
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The audience rule (docs/design.md, Audiences) on every read path, over one real backend: for each audience type,
 * each relation a viewer can have to the author, and each path that returns a post or a trace of it, the post is
 * seen or is "not found" exactly as the contract's rule says. Then tags, groups, blocks and hides change, and the
 * whole matrix is checked again: changes apply to posts written before them,
 * including posts already pushed into home timelines. The rule is written out here on its own
 * ({@link #expected}), not taken from the code under test.
 */
@BackendContract
public class VisibilityMatrixContract {
    enum Relation {
        AUTHOR,
        LISTED,
        TAGGED,
        GROUP_MEMBER,
        NONE,
        BLOCKED,
        HIDDEN
    }

    enum ReadPath {
        GET,
        BATCH,
        USER_TIMELINE,
        HOME,
        REPOST_ORIGINAL,
        LIKE,
        LIKERS,
        USER_LIKES,
        COMMENTS,
        COMMENT,
        REPLIES,
        NEW_COMMENT
    }

    /** A post of each audience type, with a repost, a like, a comment and a reply of its author's. */
    record Posted(Audience.Type type, long postId, long repostId, long commentId, long replyId) {}

    /** One viewer per relation; the pushed cast reads home while active, the pulled one comes back after a month. */
    record Cast(String name, Map<Relation, Long> viewers) {}

    private static final String TAG = "close friends";
    private final IdGenerator ids = TestStorages.ids();
    private final Clock clock = Clock.systemUTC();
    private Features services;
    private EventLogJob job;

    private final TestBackend backend;

    VisibilityMatrixContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    @BeforeEach
    void startFanout() {
        services = new Features(
                storage(),
                InstanceSettings.of(ids, clock).withFeed(FeedContract.RULES).withLogShards(FeedContract.SHARDS));
        job = RunningFanout.start(storage(), services, FeedContract.SHARDS, clock);
    }

    @AfterEach
    void stopFanout() throws InterruptedException {
        job.stop();
    }

    /** The contract's rule, for a viewer with this relation to the author. */
    static boolean expected(Audience.Type type, Relation relation, ReadPath path) {
        return switch (relation) {
            case AUTHOR -> true;
            case BLOCKED -> false;
            // "don't see theirs": out of my home timeline, still reachable directly (the hidden viewer is listed)
            case HIDDEN -> path != ReadPath.HOME && expected(type, Relation.LISTED, path);
            default ->
                switch (type) {
                    case PUBLIC -> true;
                    case PRIVATE -> false;
                    case PARTLY_VISIBLE -> relation != Relation.NONE;
                    case PARTLY_INVISIBLE -> relation == Relation.NONE;
                };
        };
    }

    @Test
    void everyReadPathFollowsTheRuleBeforeAndAfterTagsGroupsAndBlocksChange() {
        long author = user();
        long group = services.audience.audiences().createGroup(author, "family").id();
        Cast pushed = cast("pushed", author, group, Duration.ofHours(1));
        Cast pulled = cast("pulled", author, group, Duration.ofDays(30));
        List<Long> listed = new ArrayList<>();
        for (Cast cast : List.of(pushed, pulled)) {
            listed.add(cast.viewers().get(Relation.LISTED));
            listed.add(cast.viewers().get(Relation.BLOCKED)); // a block wins over being listed
            listed.add(cast.viewers().get(Relation.HIDDEN));
        }
        List<Posted> posts = new ArrayList<>();
        for (Audience.Type type : Audience.Type.values()) {
            Audience audience = new Audience(type, listed, List.of(TAG), List.of(group));
            long post = services.posts
                    .posts()
                    .create(author, type + " post", audience)
                    .post()
                    .id();
            awaitDelivered(post);
            long repost = services.posts
                    .posts()
                    .repost(author, post, "", Audience.PUBLIC)
                    .post()
                    .id();
            awaitDelivered(repost);
            services.likes.likes().like(author, post);
            long comment = services.comments
                    .writer()
                    .create(author, post, "first", Optional.empty())
                    .comment()
                    .id();
            long reply = services.comments
                    .writer()
                    .create(author, post, "reply", Optional.of(comment))
                    .comment()
                    .id();
            posts.add(new Posted(type, post, repost, comment, reply));
        }

        // Fan-out pushed only what each active follower may see (hiding is a reader's filter, not the author's).
        for (Relation relation : Relation.values()) {
            long viewer = pushed.viewers().get(relation);
            for (Posted p : posts) {
                Relation asPushed = relation == Relation.HIDDEN ? Relation.LISTED : relation;
                assertThat(inInbox(viewer, p.postId()))
                        .as("%s post pushed to %s", p.type(), relation)
                        .isEqualTo(expected(p.type(), asPushed, ReadPath.GET));
            }
        }
        checkMatrix(author, posts, List.of(pushed, pulled), Map.of());

        // Everything changes after delivery; the rule applies to the posts already written and pushed.
        Map<Relation, Relation> now = new EnumMap<>(Relation.class);
        for (Cast cast : List.of(pushed, pulled)) {
            Map<Relation, Long> v = cast.viewers();
            services.audience.audiences().untag(author, author, TAG, v.get(Relation.TAGGED));
            services.audience.audiences().removeMember(author, group, v.get(Relation.GROUP_MEMBER));
            services.audience.audiences().block(author, author, v.get(Relation.NONE));
            services.audience.audiences().unblock(author, author, v.get(Relation.BLOCKED));
            services.audience.audiences().unhide(v.get(Relation.HIDDEN), v.get(Relation.HIDDEN), author);
        }
        now.put(Relation.TAGGED, Relation.NONE);
        now.put(Relation.GROUP_MEMBER, Relation.NONE);
        now.put(Relation.NONE, Relation.BLOCKED);
        now.put(Relation.BLOCKED, Relation.LISTED);
        now.put(Relation.HIDDEN, Relation.LISTED);
        checkMatrix(author, posts, List.of(pushed, pulled), now);
    }

    @Test
    void aHomePageAsksForItsVisibilityFactsInOneRoundAndThenNotAtAll() {
        List<String> calls = new ArrayList<>();
        Storage counted = countingAudienceCalls(storage(), calls);
        Features s = new Features(
                counted,
                InstanceSettings.of(ids, clock).withFeed(FeedContract.RULES).withLogShards(FeedContract.SHARDS));
        long reader = user();
        for (int i = 0; i < 20; i++) {
            long author = user();
            long group = s.audience.audiences().createGroup(author, "g").id();
            s.audience.audiences().addMember(author, group, reader);
            s.graph.follows().follow(reader, author);
            s.posts
                    .posts()
                    .create(
                            author,
                            "for the group",
                            new Audience(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(TAG), List.of(group)));
        }
        s.feed.home().home(reader, reader, Optional.empty(), 20); // the first read rebuilds the inbox
        Features fresh = new Features(
                counted,
                InstanceSettings.of(ids, clock)
                        .withFeed(FeedContract.RULES)
                        .withLogShards(FeedContract.SHARDS)); // a cold cache
        calls.clear();
        assertThat(fresh.feed.home().home(reader, reader, Optional.empty(), 20).items())
                .hasSize(20);
        // 20 posts by 20 authors in 20 groups: one round of marks, one of memberships, one for the hidden list.
        assertThat(calls).containsExactlyInAnyOrder("marksOf", "memberships", "marked");
        calls.clear();
        assertThat(fresh.feed.home().home(reader, reader, Optional.empty(), 20).items())
                .hasSize(20);
        assertThat(calls).isEmpty();
    }

    /** The storage, with every call to its audience store recorded by method name. */
    private static Storage countingAudienceCalls(Storage storage, List<String> calls) {
        AudienceStore audiences = (AudienceStore) Proxy.newProxyInstance(
                AudienceStore.class.getClassLoader(), new Class<?>[] {AudienceStore.class}, (proxy, method, args) -> {
                    synchronized (calls) {
                        calls.add(method.getName());
                    }
                    return invoke(method, storage.audiences(), args);
                });
        return (Storage) Proxy.newProxyInstance(
                Storage.class.getClassLoader(),
                new Class<?>[] {Storage.class},
                (proxy, method, args) ->
                        method.getName().equals("audiences") ? audiences : invoke(method, storage, args));
    }

    private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * Every viewer of every cast on every path for every post. {@code changed} maps a viewer's
     * first relation to the one they have now. A change that takes a post away applies everywhere
     * at once. A change that grants one applies at once to every direct read, but a home timeline
     * shows it only if it was delivered there (fan-out skipped it while it was not visible), so that
     * cell is checked only where delivery is known: the pushed cast's unhidden viewer, whose
     * posts were pushed all along and only filtered at read.
     */
    private void checkMatrix(long author, List<Posted> posts, List<Cast> casts, Map<Relation, Relation> changed) {
        int checked = 0;
        for (Cast cast : casts) {
            for (Relation first : Relation.values()) {
                Relation relation = changed.getOrDefault(first, first);
                long viewer = cast.viewers().get(first);
                List<Long> home = homeIds(viewer);
                for (Posted p : posts) {
                    for (ReadPath path : ReadPath.values()) {
                        boolean granted = expected(p.type(), relation, path) && !expected(p.type(), first, path);
                        boolean pushedAllAlong = cast.name().equals("pushed") && first == Relation.HIDDEN;
                        if (path == ReadPath.HOME && granted && !pushedAllAlong) {
                            continue;
                        }
                        boolean sees = sees(path, viewer, author, p, home);
                        assertThat(sees)
                                .as("%s cast, %s (was %s), %s post, %s", cast.name(), relation, first, p.type(), path)
                                .isEqualTo(expected(p.type(), relation, path));
                        checked++;
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(500);
    }

    private boolean sees(ReadPath path, long viewer, long author, Posted p, List<Long> home) {
        long post = p.postId();
        return switch (path) {
            case GET -> found(() -> services.posts.posts().get(viewer, post));
            case BATCH ->
                services.posts.posts().getAll(viewer, List.of(ids.next(), post, p.repostId())).stream()
                        .anyMatch(d -> d.post().id() == post);
            case USER_TIMELINE ->
                services.posts.posts().byAuthor(viewer, author, Optional.empty(), 100).items().stream()
                        .anyMatch(d -> d.post().id() == post);
            case HOME -> home.contains(post);
            case REPOST_ORIGINAL ->
                services.posts.posts().getAll(viewer, List.of(p.repostId())).stream()
                        .anyMatch(d -> d.source().orElseThrow() instanceof PostDetails.Source.Present);
            case LIKE -> found(() -> services.likes.likes().like(viewer, post));
            case LIKERS -> found(() -> services.likes.likes().likers(viewer, post, Optional.empty(), 10));
            case USER_LIKES ->
                services.likes.likes().likedPosts(viewer, author, Optional.empty(), 100).items().stream()
                        .map(Like::postId)
                        .anyMatch(id -> id == post);
            case COMMENTS -> found(() -> services.comments.reader().page(viewer, post, 1));
            case COMMENT -> found(() -> services.comments.reader().get(viewer, p.commentId()));
            case REPLIES ->
                found(() -> services.comments.reader().replies(viewer, p.commentId(), Optional.empty(), 10));
            case NEW_COMMENT -> found(() -> services.comments.writer().create(viewer, post, "hello", Optional.empty()));
        };
    }

    /** True if the call succeeds, false if it is "not found"; anything else fails the test. */
    private static boolean found(Supplier<?> call) {
        try {
            var unused = call.get(); // called for whether it throws
            return true;
        } catch (DomainException e) {
            assertThat(e.kind()).isEqualTo(DomainException.Kind.NOT_FOUND);
            return false;
        }
    }

    /** One viewer per relation, all following the author, their last home read {@code ago}. */
    private Cast cast(String name, long author, long group, Duration ago) {
        Map<Relation, Long> viewers = new EnumMap<>(Relation.class);
        viewers.put(Relation.AUTHOR, author);
        for (Relation relation : Relation.values()) {
            if (relation != Relation.AUTHOR) {
                long viewer = user();
                viewers.put(relation, viewer);
                services.graph.follows().follow(viewer, author);
                Instant at = Instant.now().minus(ago);
                storage().timelines().importStates(Map.of(viewer, new HomeState(at, 0, at, at)));
                storage().relations().shareActivity(viewer, at);
            }
        }
        services.audience.audiences().tag(author, author, TAG, viewers.get(Relation.TAGGED));
        services.audience.audiences().addMember(author, group, viewers.get(Relation.GROUP_MEMBER));
        services.audience.audiences().block(author, author, viewers.get(Relation.BLOCKED));
        services.audience.audiences().hide(viewers.get(Relation.HIDDEN), viewers.get(Relation.HIDDEN), author);
        return new Cast(name, viewers);
    }

    private long user() {
        long id = ids.next();
        storage().users().create(new User(id, "u" + id % 100_000, Instant.now()));
        return id;
    }

    private List<Long> homeIds(long user) {
        return services.feed.home().home(user, user, Optional.empty(), 100).items().stream()
                .map(d -> d.post().id())
                .toList();
    }

    private boolean inInbox(long user, long postId) {
        return storage().timelines().home(user, Optional.empty(), 100).stream()
                .map(TimelineEntry::postId)
                .anyMatch(id -> id == postId);
    }

    private void awaitDelivered(long postId) {
        RunningFanout.awaitDone(storage(), postId, FanoutKind.DELIVER);
    }
}
