package dev.widefeed.like;

import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.CoalescedCounts;
import dev.widefeed.kernel.CounterUpdates;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.KnownPointCount;
import dev.widefeed.kernel.Page;
import dev.widefeed.kernel.StableCount;
import dev.widefeed.kernel.UnknownOutcomeException;
import dev.widefeed.kernel.VersionedEdge;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostStore;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * Like, unlike, the likes lists and the recount of a post's likes. The like row is the truth and
 * the post's like counter is derived from it: the counter moves only when the store reports that
 * this call changed the row, so repeated and concurrent requests count once. Counter updates are
 * never retried (a timed-out one may have applied); {@link #reconcile} settles any drift. The service
 * hands them to {@link CoalescedCounts}, off the request.
 */
public final class LikeService {
    /** Rounds a page of liked posts reads at most to make up for likes it leaves out. */
    private static final int FILL_ROUNDS = 4;

    private static final int MAX_FILL_READ = 200;
    private final PostStore posts;
    private final UserStore users;
    private final LikeStore likes;
    private final LikeProtocol protocol;
    private final PostAccess access;
    private final Events events;
    private final Clock clock;
    private final DirtyCounters dirty;
    private final KnownPointCount.Bounds bounds;
    private final LongFunction<PostCounts> answeredCounts;
    private final CounterUpdates<PostCounts> likeCounts;

    /**
     * @param dirty          where counters that may be off are marked for a recount
     * @param bounds         the rules the like paths keep so a moving counter can be recounted (see
     *                       {@link KnownPointCount})
     * @param answeredCounts the post's counts a like or unlike answers with, read once the counter moved: the cache
     *                       tier's, which holds this instance's own changes at once (docs/design.md, "The cache tier")
     * @param likeCounts     where a like's change sends the post's counter delta ({@link CoalescedCounts}: off the
     *                       request); it must show in {@code answeredCounts} at once
     */
    public LikeService(
            PostStore posts,
            UserStore users,
            LikeStore likes,
            PostAccess access,
            Events events,
            Clock clock,
            DirtyCounters dirty,
            KnownPointCount.Bounds bounds,
            LongFunction<PostCounts> answeredCounts,
            CounterUpdates<PostCounts> likeCounts) {
        this.answeredCounts = answeredCounts;
        this.likeCounts = likeCounts;
        this.posts = posts;
        this.users = users;
        this.likes = likes;
        this.protocol = new LikeProtocol(likes, dirty);
        this.access = access;
        this.events = events;
        this.clock = clock;
        this.dirty = dirty;
        this.bounds = bounds;
    }

    /** The like as it stands after the request, and the post's like count. */
    public record Result(boolean liked, long likes) {}

    /** Idempotent; 404 for an unknown post or one I may not see. */
    public Result like(long me, long postId) {
        access.require(me, postId);
        Instant at = clock.instant();
        LikeEvent.Liked event = new LikeEvent.Liked(postId, me, at);
        events.record(event);
        if (changeCounted(postId, me, true, at)) {
            events.publish(event);
        }
        return new Result(true, answeredCounts.apply(postId).likes());
    }

    /** Idempotent; 404 for an unknown post or one I may not see. */
    public Result unlike(long me, long postId) {
        access.require(me, postId);
        LikeEvent.Unliked event = new LikeEvent.Unliked(postId, me);
        events.record(event);
        if (changeCounted(postId, me, false, clock.instant())) {
            events.publish(event);
        }
        return new Result(false, answeredCounts.apply(postId).likes());
    }

    /**
     * Changes the like and, if this call did, hands the post's counter delta on ({@link CounterUpdates}, which marks
     * an update that failed or landed late), best effort: the row changed,
     * so the request succeeded, and a retry would find it changed and never count it. Wherever the
     * count may be left off, or the recount could be misled (docs/design.md, "Counters that heal"),
     * the post's counter is marked dirty: a change whose own outcome stayed unknown (before the caller
     * hears it) or was settled by a row that could be another request's doing, a failed counter update,
     * one that landed later than the settle bound, and a change soon after the row's previous one.
     *
     * @param count false when the post's counter is not to move (a deleted post's counters go with its purge)
     */
    private boolean changeCounted(long postId, long me, boolean liked, Instant at, boolean count) {
        Optional<LikeEdge> replaced;
        try {
            // A compare-and-set of unknown outcome is settled by trying it again (LikeProtocol): once settled, the
            // counter moves as for any other change and needs no mark, unless the row could not tell whose change
            // it holds.
            replaced = protocol.change(postId, me, liked, at, () -> dirty.post(postId));
        } catch (UnknownOutcomeException e) {
            dirty.post(postId);
            throw e;
        }
        if (replaced.isEmpty()) {
            return false;
        }
        if (count) {
            likeCounts.add(postId, PostCounts.likes(liked ? 1 : -1), at);
        } else if (bounds.late(at, clock.instant())) {
            dirty.post(postId);
        }
        LikeEdge previous = replaced.get();
        if (previous.exists() && bounds.soonAfter(changedAt(previous), at)) {
            dirty.post(postId);
        }
        return true;
    }

    private boolean changeCounted(long postId, long me, boolean liked, Instant at) {
        return changeCounted(postId, me, liked, at, true);
    }

    /**
     * Takes back the user's like without asking whether they may still see the post, then deletes the like's row (an
     * account's deletion). The post's counter moves only if the like stood and the post is still there (a deleted
     * post's counters go with its purge). Idempotent. A deleted row leaves the next recount nothing to place the
     * change by, so the post's counter is marked for one after it.
     *
     * @return whether a standing like was taken back
     */
    public boolean withdraw(long me, long postId) {
        LikeEvent.Unliked event = new LikeEvent.Unliked(postId, me);
        events.record(event);
        boolean changed = changeCounted(
                postId, me, false, clock.instant(), posts.find(postId).isPresent());
        if (changed) {
            events.publish(event);
        }
        LikeEdge edge = likes.edge(postId, me);
        if (edge.exists() && !edge.liked()) {
            likes.delete(edge);
            dirty.post(postId);
        }
        return changed;
    }

    /** Who liked the post, newest first; 404 when the viewer may not see the post. */
    public Page<Like, LikeCursor> likers(long viewer, long postId, Optional<LikeCursor> after, int limit) {
        access.require(viewer, postId);
        return Page.of(likes.likers(postId, after, limit + 1), limit, l -> new LikeCursor(l.likedAt(), l.userId()));
    }

    /**
     * The posts the user liked that the viewer may see, newest first. Likes of posts the viewer may not see (or
     * deleted, until the purge takes their likes) are left out and made up from further down the list, a few rounds
     * at most, so a page is short only when the list ends or is thick with them; the cursor moves past them.
     */
    public Page<Like, LikeCursor> likedPosts(long viewer, long userId, Optional<LikeCursor> after, int limit) {
        if (users.find(userId).isEmpty()) {
            throw DomainException.notFound("no user " + userId);
        }
        List<Like> shown = new ArrayList<>(limit);
        Optional<LikeCursor> cursor = after;
        for (int round = 0; round < FILL_ROUNDS; round++) {
            // Each round reads twice as many as the last: a run of left-out likes costs a few rounds, not one each.
            int read = Math.min(MAX_FILL_READ, (limit - shown.size()) << round);
            List<Like> fetched = likes.likedPosts(userId, cursor, read + 1);
            boolean more = fetched.size() > read;
            List<Like> batch = more ? fetched.subList(0, read) : fetched;
            Set<Long> visible = batch.isEmpty()
                    ? Set.of()
                    : access.visible(
                            viewer,
                            posts.findAll(batch.stream().map(Like::postId).toList())
                                    .values());
            for (int i = 0; i < batch.size(); i++) {
                Like like = batch.get(i);
                cursor = Optional.of(new LikeCursor(like.likedAt(), like.postId()));
                if (visible.contains(like.postId())) {
                    shown.add(like);
                }
                if (shown.size() == limit) {
                    return new Page<>(shown, more || i < batch.size() - 1 ? cursor : Optional.empty());
                }
            }
            if (!more) {
                return new Page<>(shown, Optional.empty());
            }
        }
        return new Page<>(shown, cursor);
    }

    /**
     * Makes the post's likes lists agree with its like rows and sets its like counter to their
     * number, as of a moment no like of the post came near (see {@link #recount}).
     *
     * @return the correction applied to the counter (rows minus counted)
     */
    public long reconcile(long postId) {
        return recount(postId).delta();
    }

    /**
     * {@link #reconcile}, saying also whether it could not be done because the counter kept moving. The post's
     * like rows say when each last changed, so a counter that moves is still corrected, at a known point
     * ({@link KnownPointCount}); only one with a change near every read is left for the next try.
     */
    public StableCount.Outcome recount(long postId) {
        return KnownPointCount.correct(
                clock,
                bounds,
                () -> posts.counts(postId).likes(),
                () -> protocol.repair(postId).stream()
                        .filter(LikeEdge::exists)
                        .map(row -> new KnownPointCount.Row(row.liked(), changedAt(row)))
                        .toList(),
                delta -> posts.addCounts(postId, PostCounts.likes(delta)));
    }

    /** When the row last changed: its version is the microsecond of its change (see {@link VersionedEdge#next}). */
    private static Instant changedAt(LikeEdge row) {
        return Instant.EPOCH.plus(row.version(), ChronoUnit.MICROS);
    }
}
