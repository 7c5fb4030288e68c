package dev.widefeed.reconcile;

import dev.widefeed.comment.CommentDrift;
import dev.widefeed.comment.CommentService;
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
 * this is how they come back. Each correction adds the difference, so a counter updated
 * concurrently is left alone (see {@link StableCount}) and settled by the next run.
 */
public final class Reconciler {
    private static final int PAGE = 5_000;

    private final UserStore users;
    private final PostStore posts;
    private final LikeService likes;
    private final CommentService comments;
    private final RelationRepairer relations;

    public Reconciler(UserStore users, PostStore posts, LikeService likes, CommentService comments,
                      RelationRepairer relations) {
        this.users = users;
        this.posts = posts;
        this.likes = likes;
        this.comments = comments;
        this.relations = relations;
    }

    /** One counter that was wrong, and by how much it was corrected. */
    public record Correction(String counter, long id, long delta) {
    }

    public record Report(long postsChecked, long usersChecked, List<Correction> corrections) {
        public long drift() {
            return corrections.stream().mapToLong(c -> Math.abs(c.delta())).sum();
        }
    }

    /** Called after each object checked, for progress reports on long runs. */
    public interface Progress {
        void checked(long posts, long users, long drift);
    }

    public Report post(long postId) {
        List<Correction> corrections = new ArrayList<>();
        note(corrections, "post.likes", postId, likes.reconcile(postId));
        CommentDrift commentDrift = comments.reconcile(postId); // counted minus true: the correction is its negative
        note(corrections, "post.comments", postId, -commentDrift.post().comments());
        note(corrections, "post.commentsEver", postId, -commentDrift.post().commentsEver());
        note(corrections, "post.commentReplies", postId, commentDrift.replies());
        note(corrections, "post.commentVotes", postId, commentDrift.votes());
        note(corrections, "post.hotComments", postId, commentDrift.ranking());
        long repostDrift = StableCount.correct(() -> posts.counts(postId).reposts(),
                () -> count(before -> posts.repostIds(postId, before, PAGE)),
                delta -> posts.addCounts(postId, new PostCounts(0, 0, 0, delta, 0))).delta();
        note(corrections, "post.reposts", postId, repostDrift);
        // repostsEver cannot be recounted (deleted reposts leave no row), but it is never below the live count.
        PostCounts now = posts.counts(postId);
        long everDrift = Math.max(0, now.reposts() - now.repostsEver());
        if (everDrift != 0) {
            posts.addCounts(postId, new PostCounts(0, 0, 0, 0, everDrift));
        }
        note(corrections, "post.repostsEver", postId, everDrift);
        return new Report(1, 0, corrections);
    }

    public Report user(long userId) {
        List<Correction> corrections = new ArrayList<>();
        long postDrift = StableCount.correct(() -> users.counts(userId).posts(),
                () -> count(before -> posts.postIdsByAuthor(userId, before, PAGE)),
                delta -> users.addCounts(userId, new UserCounts(delta, 0, 0))).delta();
        note(corrections, "user.posts", userId, postDrift);
        note(corrections, "user.following", userId, relations.recountFollowing(userId));
        note(corrections, "user.followers", userId, relations.recountFollowers(userId));
        return new Report(0, 1, corrections);
    }

    /** Every post, then every user, reporting progress as it goes. */
    public Report all(Progress progress) {
        List<Correction> corrections = new ArrayList<>();
        AtomicLong postsChecked = new AtomicLong();
        AtomicLong usersChecked = new AtomicLong();
        AtomicLong drift = new AtomicLong();
        posts.scanIds(id -> {
            Report report = post(id);
            corrections.addAll(report.corrections());
            drift.addAndGet(report.drift());
            progress.checked(postsChecked.incrementAndGet(), usersChecked.get(), drift.get());
        });
        users.scanIds(id -> {
            Report report = user(id);
            corrections.addAll(report.corrections());
            drift.addAndGet(report.drift());
            progress.checked(postsChecked.get(), usersChecked.incrementAndGet(), drift.get());
        });
        return new Report(postsChecked.get(), usersChecked.get(), corrections);
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
