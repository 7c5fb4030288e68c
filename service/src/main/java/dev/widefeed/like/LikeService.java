package dev.widefeed.like;

import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.BestEffort;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.Page;
import dev.widefeed.kernel.StableCount;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostStore;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Like, unlike, the likes lists and the recount of a post's likes. The like row is the truth and
 * the post's like counter is derived from it: the counter moves only when the store reports that
 * this call changed the row, so repeated and concurrent requests count once. Counter updates are
 * never retried (a timed-out one may have applied); {@link #reconcile} settles any drift.
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

    public LikeService(PostStore posts, UserStore users, LikeStore likes, PostAccess access, Events events,
                       Clock clock) {
        this.posts = posts;
        this.users = users;
        this.likes = likes;
        this.protocol = new LikeProtocol(likes);
        this.access = access;
        this.events = events;
        this.clock = clock;
    }

    /** The like as it stands after the request, and the post's like count. */
    public record Result(boolean liked, long likes) {
    }

    /** Idempotent; 404 for an unknown post or one I may not see. */
    public Result like(long me, long postId) {
        access.require(me, postId);
        Instant at = clock.instant();
        LikeEvent.Liked event = new LikeEvent.Liked(postId, me, at);
        events.record(event);
        return after(protocol.like(postId, me, at), event);
    }

    /** Idempotent; 404 for an unknown post or one I may not see. */
    public Result unlike(long me, long postId) {
        access.require(me, postId);
        LikeEvent.Unliked event = new LikeEvent.Unliked(postId, me);
        events.record(event);
        return after(protocol.unlike(postId, me, clock.instant()), event);
    }

    /**
     * The like row changed, so the request succeeded: a failed counter update is logged and left to
     * reconcile rather than reported, since a retry would find the row unchanged and never count it.
     */
    private Result after(boolean changed, LikeEvent event) {
        boolean liked = event instanceof LikeEvent.Liked;
        long postId = event.postId();
        if (changed) {
            BestEffort.count(() -> posts.addCounts(postId, PostCounts.likes(liked ? 1 : -1)), "likes of post " + postId);
            events.publish(event);
        }
        return new Result(liked, posts.counts(postId).likes());
    }

    /**
     * Takes back the user's like without asking whether they may still see the post, then deletes the like's row (an
     * account's deletion). The post's counter moves only if the like stood and the post is still there (a deleted
     * post's counters go with its purge). Idempotent.
     *
     * @return whether a standing like was taken back
     */
    public boolean withdraw(long me, long postId) {
        LikeEvent.Unliked event = new LikeEvent.Unliked(postId, me);
        events.record(event);
        boolean changed = protocol.unlike(postId, me, clock.instant());
        if (changed) {
            if (posts.find(postId).isPresent()) {
                BestEffort.count(() -> posts.addCounts(postId, PostCounts.likes(-1)), "likes of post " + postId);
            }
            events.publish(event);
        }
        LikeEdge edge = likes.edge(postId, me);
        if (edge.exists() && !edge.liked()) {
            likes.delete(edge);
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
            Set<Long> visible = batch.isEmpty() ? Set.of() : access.visible(viewer,
                    posts.findAll(batch.stream().map(Like::postId).toList()).values());
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
     * number, unless a like of the post changed the counter meanwhile (then the counter is left for
     * the next reconcile: see {@link StableCount}).
     *
     * @return the correction applied to the counter (rows minus counted)
     */
    public long reconcile(long postId) {
        return StableCount.correct(() -> posts.counts(postId).likes(), () -> protocol.countAndRepair(postId),
                delta -> posts.addCounts(postId, PostCounts.likes(delta))).delta();
    }

}
