package dev.widefeed.purge;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentVoteStore;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.HotCommentStore;
import dev.widefeed.like.LikeEdge;
import dev.widefeed.like.LikeStore;
import dev.widefeed.post.PostStore;
import java.util.List;

/**
 * What a deleted post leaves behind, purged a bounded step at a time (docs/design.md, "Deleted posts"): its likes
 * (each one's copies in the post's likers and the liker's liked posts, then its truth row), its comments (each reply,
 * then each top-level comment with all its rows and its entry in its author's list, then the threads' index and the subject), then its counters and its
 * lists of reposts. Each step deletes what it reads, so every step is safe to repeat; a purge interrupted anywhere
 * resumes from the start of its phase and finds less to do.
 */
public final class PostPurge {
    static final int LIKES_PER_STEP = 500;
    static final int COMMENTS_PER_STEP = 100;

    private final PostStore posts;
    private final LikeStore likes;
    private final CommentStore comments;
    private final CommentVoteStore votes;
    private final HotCommentStore hot;

    public PostPurge(
            PostStore posts, LikeStore likes, CommentStore comments, CommentVoteStore votes, HotCommentStore hot) {
        this.posts = posts;
        this.likes = likes;
        this.comments = comments;
        this.votes = votes;
        this.hot = hot;
    }

    /** Where a purge stands: the phase, and in the comments phase the next top-level floor to purge. */
    public record Progress(Phase phase, long nextFloor) {
        public static final Progress START = new Progress(Phase.LIKES, 1);

        public boolean done() {
            return phase == Phase.DONE;
        }
    }

    public enum Phase {
        LIKES,
        COMMENTS,
        POST,
        DONE
    }

    /** Purges everything at once (a test's, or an operator's, purge of a quiet post). */
    public void all(long postId) {
        Progress at = Progress.START;
        while (!at.done()) {
            at = step(postId, at);
        }
    }

    /** One bounded step from {@code at}; where the purge stands after it. */
    public Progress step(long postId, Progress at) {
        return switch (at.phase()) {
            case LIKES -> purgeLikes(postId) ? at : new Progress(Phase.COMMENTS, 1);
            case COMMENTS -> purgeComments(postId, at.nextFloor());
            case POST -> {
                posts.purge(postId);
                yield new Progress(Phase.DONE, 0);
            }
            case DONE -> at;
        };
    }

    /** Removes a page of likes; whether any were left to remove. */
    private boolean purgeLikes(long postId) {
        List<LikeEdge> edges = likes.edges(postId, LIKES_PER_STEP);
        for (LikeEdge edge : edges) {
            if (edge.likedAt() == null) {
                likes.delete(edge);
                continue;
            }
            // Both copies go as an unlike would take them, at a version above the row's; then the row. A row already
            // unliked has no copies, and taking them again changes nothing.
            LikeEdge liked = edge.with(true, edge.likedAt(), edge.version());
            likes.writeCopies(liked, edge.with(false, edge.likedAt(), edge.version() + 1));
            likes.delete(edge);
        }
        return !edges.isEmpty();
    }

    private void purge(Comment comment) {
        comments.unlistByAuthor(comment.authorId(), comment.id());
        hot.purgeRanking(comment);
        votes.purgeVotes(comment.id());
        comments.purge(comment); // last: its content is what finds the comment
    }

    private Progress purgeComments(long postId, long from) {
        CommentedObject object = CommentedObject.post(postId);
        CommentThread top = CommentThread.topLevel(object);
        long highest = comments.highestFloor(top);
        if (from > highest) {
            comments.purgeThread(top);
            comments.purgeSubject(object);
            return new Progress(Phase.POST, 0);
        }
        long to = Math.min(highest, from + COMMENTS_PER_STEP - 1);
        for (Comment root : comments.floors(top, from, to)) {
            CommentThread replies = new CommentThread(object, root.id());
            long last = comments.highestFloor(replies);
            for (long f = 1; f <= last; f += COMMENTS_PER_STEP) {
                comments.floors(replies, f, Math.min(last, f + COMMENTS_PER_STEP - 1))
                        .forEach(this::purge);
            }
            comments.purgeThread(replies);
            purge(root);
        }
        return new Progress(Phase.COMMENTS, to + 1);
    }
}
