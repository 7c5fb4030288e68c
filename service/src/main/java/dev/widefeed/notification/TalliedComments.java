package dev.widefeed.notification;

import dev.widefeed.comment.CommentEvent;
import dev.widefeed.comment.CommentRows;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostRows;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Comments and replies, counted by minute: a comment tells the post's author, a reply the author of the comment it
 * answers (if that one stands), each comment counting once under its own id; the post's comments (the thread's
 * replies) count a minute. A comment is made once and deleted at most once, so its deletion is its latest change
 * whatever order its entries come in. Its mentions are told with marks ({@link NotificationSources}).
 */
final class TalliedComments implements TalliedSource {
    private static final int PAGE = 500;
    /**
     * How far before a minute a thread is still read back: floors are taken in the order comments are placed, which
     * follows their times within a request's lifetime.
     */
    private static final Duration PLACEMENT_SKEW = Duration.ofSeconds(10);

    private final CommentRows comments;
    private final CommentStore threads;
    private final PostRows posts;

    /**
     * @param comments where a comment is read: the cache tier's rows (a comment changes only by its delete)
     * @param threads  where a thread's floors are read, to count a minute again
     * @param posts    where a post's author is read: the cache tier's rows
     */
    TalliedComments(CommentRows comments, CommentStore threads, PostRows posts) {
        this.comments = comments;
        this.threads = threads;
        this.posts = posts;
    }

    @Override
    public String family() {
        return NotificationSources.COMMENT;
    }

    @Override
    public Set<NotificationKind> kinds() {
        return Set.of(NotificationKind.COMMENT, NotificationKind.REPLY);
    }

    @Override
    public Optional<TalliedGroups.Known> carried(Object event) {
        if (event instanceof CommentEvent.Commented e) {
            return Optional.of(began(e.comment()));
        }
        if (event instanceof CommentEvent.Replied e) {
            return Optional.of(began(e.reply()));
        }
        if (event instanceof CommentEvent.Deleted e) {
            return Optional.of(deleted(e.comment()));
        }
        return Optional.empty();
    }

    private static TalliedGroups.Known began(Comment c) {
        return TalliedGroups.Known.began(c.id(), c.authorId(), c.createdAt());
    }

    /** A deletion is a comment's last change: nothing carried or read of it before outranks it. */
    private static TalliedGroups.Known deleted(Comment c) {
        return new TalliedGroups.Known(c.id(), c.authorId(), false, c.createdAt(), Instant.MAX);
    }

    @Override
    public TalliedGroups.Known truth(long commentId, long authorId) {
        return comments.find(commentId)
                .map(c -> c.deleted() ? deleted(c) : began(c))
                .orElse(new TalliedGroups.Known(commentId, authorId, false, null, Instant.EPOCH));
    }

    @Override
    public Optional<Placed> place(TalliedGroups.Known source) {
        Optional<Comment> found = comments.find(source.subjectId());
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Comment c = found.get();
        if (c.isTopLevel()) {
            return posts.find(c.object().id())
                    .map(Post::authorId)
                    .map(author -> new Placed(
                            author, NotificationKind.COMMENT, c.object().id(), c.id()));
        }
        return comments.find(c.parentId())
                .filter(parent -> !parent.deleted())
                .map(parent -> new Placed(parent.authorId(), NotificationKind.REPLY, parent.id(), c.id()));
    }

    @Override
    public Map<Long, Listed> listed(NotificationKind kind, long targetId, Instant from, Instant to) {
        Map<Long, Listed> in = new HashMap<>();
        CommentThread thread;
        if (kind == NotificationKind.COMMENT) {
            thread = CommentThread.topLevel(CommentedObject.post(targetId));
        } else {
            Optional<Comment> parent = comments.find(targetId);
            if (parent.isEmpty()) {
                return in;
            }
            Comment p = parent.get();
            thread = new CommentThread(p.object(), p.isTopLevel() ? p.id() : p.rootId());
        }
        Instant stopBefore = from.minus(PLACEMENT_SKEW);
        for (long top = threads.highestFloor(thread); top > 0; top -= PAGE) {
            List<Comment> page = threads.floors(thread, Math.max(1, top - PAGE + 1), top);
            boolean older = false;
            for (Comment c : page) {
                older |= c.createdAt().isBefore(stopBefore);
                boolean counted = !c.deleted()
                        && !c.createdAt().isBefore(from)
                        && c.createdAt().isBefore(to)
                        && (kind == NotificationKind.COMMENT || c.parentId() == targetId);
                if (counted) {
                    in.put(c.id(), new Listed(c.id(), c.authorId(), c.createdAt()));
                }
            }
            if (older) {
                break;
            }
        }
        return in;
    }
}
