package dev.widefeed.comment;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentSubject;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.SubjectCounts;
import dev.widefeed.kernel.BestEffort;
import dev.widefeed.kernel.CoalescedCounts;
import dev.widefeed.kernel.CounterUpdates;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.mention.MentionResolver;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostService;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Comments on posts written and deleted (docs/design.md, Comments and Counters). Writing one: content first, then
 * {@link CommentStore#place} gives it its floor and index entry in one atomic step, then the counters (subject, the
 * post's {@code comments}/{@code commentsEver}, the root's {@code replies}). A crash before placing leaves unreachable
 * content; after it, at worst counters that {@link CommentRecount#reconcile} corrects. Counter updates are never
 * retried, and change only after a compare-and-set (placement, delete) reported a real change.
 */
public final class CommentWriter {
    private final CommentStore comments;
    private final CommentReader reader;
    private final PostAccess access;
    private final Events events;
    private final IdGenerator ids;
    private final Clock clock;
    private final MentionResolver mentions;
    private final DirtyCounters dirty;
    private final CounterUpdates<PostCounts> postCounts;

    /**
     * @param reader     what a viewer may see of a comment, which a delete by anyone but its author checks
     * @param dirty      where a post whose comment counts may be off after a failed update is marked for a recount
     * @param postCounts where a comment's change sends its post's counter delta ({@link CoalescedCounts}: off the
     *                   request)
     */
    public CommentWriter(
            CommentStore comments,
            CommentReader reader,
            PostAccess access,
            Events events,
            IdGenerator ids,
            Clock clock,
            MentionResolver mentions,
            DirtyCounters dirty,
            CounterUpdates<PostCounts> postCounts) {
        this.comments = comments;
        this.reader = reader;
        this.access = access;
        this.events = events;
        this.ids = ids;
        this.clock = clock;
        this.mentions = mentions;
        this.dirty = dirty;
        this.postCounts = postCounts;
    }

    /** Comments on a post, or (with {@code replyTo}) replies to one of its comments. */
    public CommentDetails create(long me, long postId, String content, Optional<Long> replyTo) {
        return create(ids.next(), me, postId, content, replyTo);
    }

    /** {@link #create(long, long, String, Optional)} under an id the caller took (an idempotent request's). */
    public CommentDetails create(long commentId, long me, long postId, String content, Optional<Long> replyTo) {
        String text = PostService.checkContent(content, false);
        Post post = access.require(me, postId);
        CommentedObject object = CommentedObject.post(postId);
        Optional<CommentSubject> subject = comments.subject(object);
        if (subject.isPresent() && (subject.get().closed() || subject.get().state() == CommentSubject.State.HIDDEN)) {
            throw DomainException.forbidden("comments on post " + postId + " are closed");
        }
        long rootId = 0;
        long parentId = 0;
        if (replyTo.isPresent()) {
            Comment parent = comments.find(replyTo.get())
                    .filter(c -> !c.deleted())
                    .orElseThrow(() -> DomainException.notFound("no comment " + replyTo.get()));
            if (!parent.object().equals(object)) {
                throw DomainException.invalid("comment " + parent.id() + " is not on post " + postId);
            }
            rootId = parent.isTopLevel() ? parent.id() : parent.rootId();
            parentId = parent.id();
        }
        if (subject.isEmpty()) {
            comments.openSubject(new CommentSubject(object, post.authorId(), CommentSubject.State.NORMAL));
        }
        Comment comment = new Comment(
                commentId,
                object,
                me,
                rootId,
                parentId,
                0,
                text,
                clock.instant().truncatedTo(ChronoUnit.MILLIS),
                false,
                mentions.held(text));
        // One event object from its record to its publish: its guard and its hint share a tag (ChangeTags).
        CommentEvent created =
                comment.isTopLevel() ? new CommentEvent.Commented(comment) : new CommentEvent.Replied(comment);
        events.record(created);
        comments.listByAuthor(comment);
        comments.writeContent(comment);
        Comment placed = comment.atFloor(comments.place(comment));
        Runnable markPost = () -> dirty.post(postId);
        BestEffort.count(
                () -> comments.addSubjectCounts(object, SubjectCounts.added(placed.isTopLevel())),
                "subject " + object,
                markPost);
        postCounts.add(postId, PostCounts.commentAdded(), placed.createdAt());
        if (!placed.isTopLevel()) {
            long root = rootId;
            BestEffort.count(
                    () -> comments.addCounts(root, CommentCounts.replies(1)), "replies of comment " + root, markPost);
        }
        events.publish(created);
        return new CommentDetails(placed, CommentCounts.ZERO);
    }

    /**
     * Deletes a comment: its author or the post's owner may. Idempotent; lowers live counts once.
     * Its author may even when the post has since become invisible to them.
     */
    public void delete(long me, long commentId) {
        Optional<Comment> found = comments.find(commentId);
        Comment comment =
                found.filter(c -> c.authorId() == me).isPresent() ? found.get() : reader.visible(me, found, commentId);
        long owner =
                comments.subject(comment.object()).map(CommentSubject::ownerId).orElse(comment.authorId());
        if (me != comment.authorId() && me != owner) {
            throw DomainException.forbidden("only its author or the post's author may delete comment " + commentId);
        }
        if (comment.deleted()) {
            return;
        }
        CommentEvent.Deleted deleted = new CommentEvent.Deleted(comment);
        events.record(deleted);
        Instant at =
                clock.instant(); // before the row goes, as a change's time is (docs/design.md, "Counters that heal")
        if (!comments.delete(comment)) {
            return;
        }
        BestEffort.run(
                () -> comments.unlistByAuthor(comment.authorId(), commentId),
                "the comments of " + comment.authorId() + " list deleted comment " + commentId
                        + ", left out when read");
        CommentedObject object = comment.object();
        Runnable markPost = () -> dirty.post(object.id());
        BestEffort.count(
                () -> comments.addSubjectCounts(object, SubjectCounts.removed(comment.isTopLevel())),
                "subject " + object,
                markPost);
        postCounts.add(object.id(), PostCounts.commentRemoved(), at);
        if (!comment.isTopLevel()) {
            BestEffort.count(
                    () -> comments.addCounts(comment.rootId(), CommentCounts.replies(-1)),
                    "replies of " + comment.rootId(),
                    markPost);
        }
        events.publish(deleted);
    }
}
