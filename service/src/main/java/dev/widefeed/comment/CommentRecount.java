package dev.widefeed.comment;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentVoteStore;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.SubjectCounts;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A post's comment counters recounted from their rows, the truth (docs/design.md, "Counters that heal"): what the
 * reconciler runs for each post it recounts (one marked dirty, or every one).
 */
public final class CommentRecount {
    private static final int RECONCILE_CHUNK = 1000;

    private final PostStore posts;
    private final CommentStore comments;
    private final CommentVoteStore votes;
    private final HotRanking ranking;

    public CommentRecount(PostStore posts, CommentStore comments, CommentVoteStore votes, HotRanking ranking) {
        this.posts = posts;
        this.comments = comments;
        this.votes = votes;
        this.ranking = ranking;
    }

    /**
     * Recounts the post's comments from the index (the truth) and corrects the post's {@code comments}
     * and {@code commentsEver}, the subject's counts, each top-level comment's {@code replies}, and every comment's
     * {@code likes} and {@code hates} from its votes, and puts every top-level comment where the recounted counters
     * rank it (removing entries left by interrupted changes first). Reads every index entry and every vote of the post; run it while
     * the post is quiet, or again if it raced writers.
     *
     * @return the counters minus the truth, before correcting
     */
    public CommentDrift reconcile(long postId) {
        CommentedObject object = CommentedObject.post(postId);
        CommentThread top = CommentThread.topLevel(object);
        List<Comment> topLevel = all(top);
        long roots = topLevel.stream().filter(c -> !c.deleted()).count();
        long live = roots;
        long ever = topLevel.size();
        long repliesDrift = 0;
        long votesDrift = 0;
        long rankingDrift = ranking.sweep(object);
        for (int i = 0; i < topLevel.size(); i += RECONCILE_CHUNK) {
            List<Comment> chunk = topLevel.subList(i, Math.min(topLevel.size(), i + RECONCILE_CHUNK));
            Map<Long, CommentCounts> counted =
                    comments.countsOf(chunk.stream().map(Comment::id).toList());
            for (Comment root : chunk) {
                List<Comment> replies = all(new CommentThread(object, root.id()));
                long liveReplies = replies.stream().filter(c -> !c.deleted()).count();
                ever += replies.size();
                live += liveReplies;
                long drift = counted.get(root.id()).replies() - liveReplies;
                if (drift != 0) {
                    comments.addCounts(root.id(), CommentCounts.replies(-drift));
                    repliesDrift += Math.abs(drift);
                }
                votesDrift += recountVotes(root.id(), counted.get(root.id()));
                rankingDrift += ranking.rerankAfterSweep(root.id()) ? 1 : 0; // after the recount: where the truth says
                for (int j = 0; j < replies.size(); j += RECONCILE_CHUNK) {
                    Map<Long, CommentCounts> repliesCounted =
                            comments.countsOf(replies.subList(j, Math.min(replies.size(), j + RECONCILE_CHUNK)).stream()
                                    .map(Comment::id)
                                    .toList());
                    for (Map.Entry<Long, CommentCounts> reply : repliesCounted.entrySet()) {
                        votesDrift += recountVotes(reply.getKey(), reply.getValue());
                    }
                }
            }
        }
        SubjectCounts subjectDrift = comments.subjectCounts(object).minus(new SubjectCounts(roots, live, ever));
        comments.addSubjectCounts(object, SubjectCounts.ZERO.minus(subjectDrift));
        PostCounts postCounts = posts.counts(postId);
        PostCounts postDrift = new PostCounts(0, postCounts.comments() - live, postCounts.commentsEver() - ever, 0, 0);
        if (!postDrift.isZero()) {
            posts.addCounts(postId, PostCounts.ZERO.minus(postDrift));
        }
        return new CommentDrift(postDrift, subjectDrift, repliesDrift, votesDrift, rankingDrift);
    }

    /** Corrects the comment's likes and hates to its votes; the sum of their absolute errors. */
    private long recountVotes(long commentId, CommentCounts counted) {
        CommentCounts truth = votes.countVotes(commentId);
        CommentCounts drift = new CommentCounts(0, counted.likes() - truth.likes(), counted.hates() - truth.hates());
        if (drift.isZero()) {
            return 0;
        }
        comments.addCounts(commentId, CommentCounts.ZERO.minus(drift));
        return Math.abs(drift.likes()) + Math.abs(drift.hates());
    }

    private List<Comment> all(CommentThread thread) {
        long highest = comments.highestFloor(thread);
        List<Comment> all = new ArrayList<>();
        for (long from = 1; from <= highest; from += RECONCILE_CHUNK) {
            all.addAll(comments.floors(thread, from, Math.min(highest, from + RECONCILE_CHUNK - 1)));
        }
        return all;
    }
}
