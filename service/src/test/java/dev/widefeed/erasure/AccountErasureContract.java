package dev.widefeed.erasure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.audience.Mark;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.directory.DirectoryEntry;
import dev.widefeed.directory.NameTerms;
import dev.widefeed.graph.RelationLimits;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.post.PostCounts;
import dev.widefeed.reconcile.Reconciler;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.Tiers;
import dev.widefeed.textindex.MentionEntry;
import dev.widefeed.textindex.TextIndexRules;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An account erased step by step, interrupted part-way and run again from the start, leaves none of its posts,
 * likes, follows, comments, marks or profile, and every other user's counts exact (reconcile finds nothing to
 * correct). It runs on every {@link TestBackend}.
 */
@BackendContract
@Tag(Tiers.SLOW)
public class AccountErasureContract {
    /** The posts, likes and follows each way of the erased account: a drill runs it with 10,000. */
    private static final int ITEMS = Integer.getInteger("widefeed.test.erasure.items", 150);

    private static final int POSTS = ITEMS;
    /** The users it likes a post of and follows both ways. */
    private static final int OTHERS = Integer.getInteger("widefeed.test.erasure.others", Math.max(10, ITEMS / 4));

    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    AccountErasureContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private Features services() {
        // Room to follow every one of the drill's others (the service's default stops at 5,000).
        RelationLimits limits = new RelationLimits(
                Math.max(RelationLimits.DEFAULT.maxFollowing(), OTHERS), RelationLimits.DEFAULT.maxBatchFollow());
        return new Features(
                storage(), InstanceSettings.of(ids, Clock.systemUTC()).withLimits(limits));
    }

    private long newUser() {
        long id = ids.next();
        storage().users().create(new User(id, "u" + id, Instant.now().truncatedTo(ChronoUnit.MILLIS)));
        return id;
    }

    private AccountErasure erasure(Features s) {
        return new AccountErasure(
                new AccountErasure.Stores(
                        storage().users(),
                        storage().posts(),
                        storage().likes(),
                        storage().relations(),
                        storage().comments(),
                        storage().commentVotes(),
                        storage().audiences(),
                        storage().userRows()),
                s.posts.posts(),
                s.likes.likes(),
                s.graph.follows(),
                s.comments.writer(),
                s.comments.voting(),
                s.audience.audiences(),
                s.directory.directory());
    }

    @Test
    void anErasureInterruptedPartWayAndRunAgainLeavesNothingOfTheAccountAndEveryOtherCountExact() {
        Features s = services();
        long me = newUser();
        List<Long> mine = new ArrayList<>();
        for (int i = 0; i < POSTS; i++) {
            mine.add(s.posts.posts().create(me, "mine " + i, null).post().id());
        }
        List<Long> others = new ArrayList<>();
        List<Long> theirPosts = new ArrayList<>();
        for (int i = 0; i < OTHERS; i++) {
            long other = newUser();
            others.add(other);
            s.graph.follows().follow(me, other);
            s.graph.follows().follow(other, me);
            long post =
                    s.posts.posts().create(other, "theirs " + i, null).post().id();
            theirPosts.add(post);
            s.likes.likes().like(me, post);
            s.likes.likes().like(other, mine.get(i)); // their likes of my posts go with my posts' purge
        }
        long repost = s.posts
                .posts()
                .repost(others.get(0), mine.get(0), "look", null)
                .post()
                .id();
        long comment = s.comments
                .writer()
                .create(me, theirPosts.get(0), "mine, on theirs", Optional.empty())
                .comment()
                .id();
        s.audience.audiences().block(me, me, others.get(1));
        s.audience.audiences().hide(me, me, others.get(2));
        s.audience.audiences().tag(me, me, "close", others.get(3));
        long group = s.audience.audiences().createGroup(me, "mine").id();
        s.audience.audiences().addMember(me, group, others.get(4));
        long theirComment = s.comments
                .writer()
                .create(others.get(5), theirPosts.get(5), "theirs", Optional.empty())
                .comment()
                .id();
        s.comments.voting().vote(me, theirComment, Vote.LIKE);
        s.feed.home().home(me, me, Optional.empty(), 20); // my inbox and its state
        storage().notifications().markRead(me, Instant.now());
        storage()
                .textIndex()
                .addMention(
                        List.of(me),
                        TextIndexRules.listBucket(Instant.now()),
                        new MentionEntry(theirComment, MentionEntry.Kind.COMMENT, theirPosts.get(5), others.get(5)));
        s.directory.directory().relist(me); // made in the store: not listed by a sign-up's entries
        Set<NameTerms.Listed> listed = storage().directory().listingsOf(me);
        assertThat(listed).isNotEmpty();

        long started = System.nanoTime();
        AccountErasure interrupted = erasure(s);
        AccountErasure.Phase at = AccountErasure.Phase.POSTS;
        for (int i = 0; i < Math.max(1, POSTS / AccountErasure.PAGE / 2); i++) { // then the worker dies half-way
            at = interrupted.step(me, at);
        }
        assertThat(at).isEqualTo(AccountErasure.Phase.POSTS);
        assertThat(storage().posts().postIdsByAuthor(me, Optional.empty(), POSTS))
                .hasSizeBetween(1, POSTS - 1);
        Features finisher = services();
        erasure(finisher).all(me); // another worker, from the start
        s.posts.counts().flush(); // the counter updates either worker still had waiting
        finisher.posts.counts().flush();
        System.out.printf(
                "%s: erased an account of %d posts, %d likes and %d follows each way in %.1f s%n",
                storage().backend(), POSTS, OTHERS, OTHERS, (System.nanoTime() - started) / 1e9);

        assertThat(storage().posts().postIdsByAuthor(me, Optional.empty(), 10)).isEmpty();
        assertThat(storage().posts().findAll(mine)).isEmpty();
        assertThat(storage().posts().find(repost))
                .as("a repost of mine stays, its original deleted")
                .isPresent();
        assertThat(storage().likes().likedPosts(me, Optional.empty(), 10)).isEmpty();
        for (long post : theirPosts) {
            assertThat(storage().likes().edge(post, me).exists())
                    .as("like row of %d", post)
                    .isFalse();
            assertThat(storage().posts().counts(post).likes()).isZero();
        }
        assertThat(storage().relations().following(me, Optional.empty(), 10)).isEmpty();
        assertThat(storage().relations().followers(me, Optional.empty(), 10)).isEmpty();
        for (long other : others) {
            assertThat(storage().relations().edge(me, other).exists()).isFalse();
            assertThat(storage().relations().edge(other, me).exists()).isFalse();
            assertThat(storage().users().counts(other))
                    .as("counts of %d", other)
                    .isEqualTo(new UserCounts(other == others.get(0) ? 2 : 1, 0, 0));
        }
        assertThat(storage().comments().commentIdsByAuthor(me, Optional.empty(), 10))
                .isEmpty();
        assertThat(storage().comments().find(comment).orElseThrow().deleted()).isTrue();
        assertThat(storage().audiences().marked(me, Mark.BLOCKED, Optional.empty(), 10))
                .isEmpty();
        assertThat(storage().audiences().marked(me, Mark.HIDDEN, Optional.empty(), 10))
                .isEmpty();
        assertThat(s.audience.audiences().tags(me, me)).isEmpty();
        assertThat(storage().commentVotes().votedComments(me, Optional.empty(), 10))
                .isEmpty();
        assertThat(storage().commentVotes().countVotes(theirComment)).isEqualTo(CommentCounts.ZERO);
        assertThat(storage()
                        .comments()
                        .countsOf(List.of(theirComment))
                        .get(theirComment)
                        .likes())
                .isZero();
        assertThat(storage().audiences().groupIdsByOwner(me, Optional.empty(), 10))
                .isEmpty();
        assertThat(storage().audiences().group(group)).isEmpty();
        assertThat(storage().audiences().members(group, Optional.empty(), 10)).isEmpty();
        assertThat(storage().timelines().state(me)).isEmpty();
        assertThat(storage().timelines().home(me, Optional.empty(), 10)).isEmpty();
        assertThat(storage().notifications().readUpTo(me)).isEmpty();
        assertThat(storage().textIndex().mentions(me, TextIndexRules.listBucket(Instant.now()), Long.MAX_VALUE, 10))
                .isEmpty();
        assertThat(storage().accounts().credentials(me).passwordHash()).isEmpty();
        assertThat(storage().users().find(me)).isEmpty();
        assertThat(storage().users().counts(me)).isEqualTo(UserCounts.ZERO);
        assertThat(storage().directory().listingsOf(me)).isEmpty();
        assertThat(storage()
                        .directory()
                        .listedAmong(listed.stream()
                                .map(l -> new DirectoryEntry(l.prefix(), l.word(), me))
                                .toList()))
                .isEmpty();

        Reconciler reconciler = s.reconcile.reconciler();
        for (long other : others) {
            assertThat(reconciler.user(other).drift())
                    .as("reconcile of user %d", other)
                    .isZero();
        }
        for (long post : theirPosts) {
            assertThat(reconciler.post(post).drift())
                    .as("reconcile of post %d", post)
                    .isZero();
        }
        assertThat(storage().posts().counts(theirPosts.get(0))).isEqualTo(new PostCounts(0, 0, 1, 0, 0));
    }
}
