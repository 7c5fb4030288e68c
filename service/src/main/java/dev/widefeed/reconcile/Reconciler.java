package dev.widefeed.reconcile;

import dev.widefeed.comment.CommentDrift;
import dev.widefeed.comment.CommentRecount;
import dev.widefeed.graph.RelationRepairer;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.StableCount;
import dev.widefeed.like.LikeService;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Recounts derived counters from the rows they count and corrects them, for one post, one user, or
 * everything: a post's likes, comments and reposts; a user's posts, followers and following.
 * Counters drift when an increment's outcome is unknown (a timeout, a crash) and is never retried;
 * this is how they come back. Each correction adds the difference; a counter that keeps moving
 * while it is counted is left as it was and named in the report (see {@link StableCount}), except
 * a post's likes, which are corrected at a known point (see {@link LikeService#recount}).
 */
public final class Reconciler {
    private static final int PAGE = 5_000;

    private final UserStore users;
    private final PostStore posts;
    private final LikeService likes;
    private final CommentRecount comments;
    private final RelationRepairer relations;

    public Reconciler(
            UserStore users, PostStore posts, LikeService likes, CommentRecount comments, RelationRepairer relations) {
        this.users = users;
        this.posts = posts;
        this.likes = likes;
        this.comments = comments;
        this.relations = relations;
    }

    /** One counter that was wrong, and by how much it was corrected. */
    public record Correction(String counter, long id, long delta) {}

    /** @param moving the counters left as they were because they kept moving while counted (see {@link StableCount}) */
    public record Report(long postsChecked, long usersChecked, List<Correction> corrections, List<String> moving) {
        public long drift() {
            return corrections.stream().mapToLong(c -> Math.abs(c.delta())).sum();
        }

        /** Whether every counter checked is settled: none was left because it kept moving. */
        public boolean settled() {
            return moving.isEmpty();
        }
    }

    /** Called after each object checked, for progress reports on long runs. */
    public interface Progress {
        void checked(long posts, long users, long drift);
    }

    /** Whether the post (or user) is there to recount: a deleted post's counters go with its purge. */
    public boolean exists(boolean post, long id) {
        return post ? posts.find(id).isPresent() : users.find(id).isPresent();
    }

    public Report post(long postId) {
        List<Correction> corrections = new ArrayList<>();
        List<String> moving = new ArrayList<>();
        note(corrections, moving, "post.likes", postId, likes.recount(postId));
        CommentDrift commentDrift = comments.reconcile(postId); // counted minus true: the correction is its negative
        note(corrections, "post.comments", postId, -commentDrift.post().comments());
        note(corrections, "post.commentsEver", postId, -commentDrift.post().commentsEver());
        note(corrections, "post.commentReplies", postId, commentDrift.replies());
        note(corrections, "post.commentVotes", postId, commentDrift.votes());
        note(corrections, "post.hotComments", postId, commentDrift.ranking());
        note(
                corrections,
                moving,
                "post.reposts",
                postId,
                StableCount.correct(
                        () -> posts.counts(postId).reposts(),
                        () -> count(before -> posts.repostIds(postId, before, PAGE)),
                        delta -> posts.addCounts(postId, new PostCounts(0, 0, 0, delta, 0))));
        // repostsEver cannot be recounted (deleted reposts leave no row), but it is never below the live count.
        PostCounts now = posts.counts(postId);
        long everDrift = Math.max(0, now.reposts() - now.repostsEver());
        if (everDrift != 0) {
            posts.addCounts(postId, new PostCounts(0, 0, 0, 0, everDrift));
        }
        note(corrections, "post.repostsEver", postId, everDrift);
        return new Report(1, 0, corrections, moving);
    }

    public Report user(long userId) {
        List<Correction> corrections = new ArrayList<>();
        List<String> moving = new ArrayList<>();
        note(
                corrections,
                moving,
                "user.posts",
                userId,
                StableCount.correct(
                        () -> users.counts(userId).posts(),
                        () -> count(before -> posts.postIdsByAuthor(userId, before, PAGE)),
                        delta -> users.addCounts(userId, new UserCounts(delta, 0, 0))));
        note(corrections, moving, "user.following", userId, relations.recount(userId, true));
        note(corrections, moving, "user.followers", userId, relations.recount(userId, false));
        return new Report(0, 1, corrections, moving);
    }

    /** Every post, then every user, reporting progress as it goes. */
    public Report all(Progress progress) {
        List<Correction> corrections = new ArrayList<>();
        List<String> moving = new ArrayList<>();
        AtomicLong postsChecked = new AtomicLong();
        AtomicLong usersChecked = new AtomicLong();
        AtomicLong drift = new AtomicLong();
        posts.scanIds(id -> {
            Report report = post(id);
            corrections.addAll(report.corrections());
            report.moving().forEach(counter -> moving.add(counter + " " + id));
            drift.addAndGet(report.drift());
            progress.checked(postsChecked.incrementAndGet(), usersChecked.get(), drift.get());
        });
        users.scanIds(id -> {
            Report report = user(id);
            corrections.addAll(report.corrections());
            report.moving().forEach(counter -> moving.add(counter + " " + id));
            drift.addAndGet(report.drift());
            progress.checked(postsChecked.get(), usersChecked.incrementAndGet(), drift.get());
        });
        return new Report(postsChecked.get(), usersChecked.get(), corrections, moving);
    }

    private static void note(
            List<Correction> corrections, List<String> moving, String counter, long id, StableCount.Outcome outcome) {
        if (outcome.raced()) {
            moving.add(counter);
        }
        note(corrections, counter, id, outcome.delta());
    }

    private static void note(List<Correction> corrections, String counter, long id, long delta) {
        if (delta != 0) {
            corrections.add(new Correction(counter, id, delta));
        }
    }

    /** Pages through a newest-first id list and counts it. */
    private static long count(Function<Optional<Long>, List<Long>> page) {
        long rows = 0;
        Optional<Long> before = Optional.empty();
        while (true) {
            List<Long> ids = page.apply(before);
            rows += ids.size();
            if (ids.size() < PAGE) {
                return rows;
            }
            before = Optional.of(ids.get(ids.size() - 1));
        }
    }
}
