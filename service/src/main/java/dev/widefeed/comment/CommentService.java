package dev.widefeed.comment;

import dev.widefeed.kernel.BestEffort;
import dev.widefeed.kernel.CompareAndSet;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Page;
import dev.widefeed.mention.MentionResolver;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostService;
import dev.widefeed.post.PostStore;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Comments on posts (docs/design.md, Comments and Counters). Writing one: content first, then
 * {@link CommentStore#place} gives it its floor and index entry in one atomic step, then the
 * counters (subject, the post's {@code comments}/{@code commentsEver}, the root's {@code replies}).
 * A crash before placing leaves unreachable content; after it, at worst counters that
 * {@link #reconcile} corrects. Counter updates are never retried, and change only after a
 * compare-and-set (placement, delete, vote) reported a real change.
 */
public final class CommentService {
    public static final int PAGE_SIZE = 20;
    /** Floors one replies request reads at most, so a thread of deleted replies cannot make it unbounded. */
    private static final int MAX_SCANNED_FLOORS = 2000;
    private static final int RECONCILE_CHUNK = 1000;

    private final PostStore posts;
    private final CommentStore comments;
    private final PostAccess access;
    private final Events events;
    private final IdGenerator ids;
    private final Clock clock;
    private final MentionResolver mentions;

    public CommentService(PostStore posts, CommentStore comments, PostAccess access, Events events, IdGenerator ids,
                          Clock clock, MentionResolver mentions) {
        this.mentions = mentions;
        this.posts = posts;
        this.comments = comments;
        this.access = access;
        this.events = events;
        this.ids = ids;
        this.clock = clock;
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
        if (subject.isPresent() && subject.get().state() == CommentSubject.State.HIDDEN) {
            throw DomainException.invalid("comments on post " + postId + " are closed");
        }
        long rootId = 0;
        long parentId = 0;
        if (replyTo.isPresent()) {
            Comment parent = comments.find(replyTo.get()).filter(c -> !c.deleted())
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
        Comment comment = new Comment(commentId, object, me, rootId, parentId, 0, text,
                clock.instant().truncatedTo(ChronoUnit.MILLIS), false, mentions.held(text));
        events.record(comment.isTopLevel() ? new CommentEvent.Commented(comment) : new CommentEvent.Replied(comment));
        comments.writeContent(comment);
        Comment placed = comment.atFloor(comments.place(comment));
        BestEffort.count(() -> comments.addSubjectCounts(object, SubjectCounts.added(placed.isTopLevel())),
                "subject " + object);
        BestEffort.count(() -> posts.addCounts(postId, PostCounts.commentAdded()), "comments of post " + postId);
        if (!placed.isTopLevel()) {
            long root = rootId;
            BestEffort.count(() -> comments.addCounts(root, CommentCounts.replies(1)), "replies of comment " + root);
        }
        events.publish(placed.isTopLevel() ? new CommentEvent.Commented(placed) : new CommentEvent.Replied(placed));
        return new CommentDetails(placed, CommentCounts.ZERO);
    }

    /** The comment, once placed (an idempotent request's earlier answer); as {@link #get} from then on. */
    public Optional<CommentDetails> find(long viewer, long commentId) {
        return comments.find(commentId).isEmpty() ? Optional.empty() : Optional.of(get(viewer, commentId));
    }

    public CommentDetails get(long viewer, long commentId) {
        Comment comment = live(viewer, commentId);
        return new CommentDetails(comment, comments.countsOf(List.of(commentId)).get(commentId));
    }

    /** Fixed page {@code page} (from 1) of the post's top-level comments. */
    public CommentPage page(long viewer, long postId, int page) {
        FloorPage floors = FloorPage.of(page, PAGE_SIZE);
        access.require(viewer, postId);
        CommentThread thread = CommentThread.topLevel(CommentedObject.post(postId));
        long highest = comments.highestFloor(thread);
        List<Comment> live = floors.pastEnd(highest) ? List.of()
                : comments.floors(thread, floors.first(), floors.last()).stream().filter(c -> !c.deleted()).toList();
        return new CommentPage(page, PAGE_SIZE, floors.pagesUpTo(highest), withCounts(live));
    }

    /**
     * Replies under a top-level comment by floor, strictly after {@code after}. Replies are threaded
     * under their top-level comment (their root: docs/design.md, Comments), so a reply has no replies of its own
     * here: an answer to it is listed under its root with {@code parentId} naming it. Replies of a deleted top-
     * level comment stay listed.
     */
    public Page<CommentDetails, FloorCursor> replies(long viewer, long commentId, Optional<FloorCursor> after,
                                                      int limit) {
        Comment root = visible(viewer, comments.find(commentId), commentId);
        if (!root.isTopLevel()) {
            return new Page<>(List.of(), Optional.empty());
        }
        CommentThread thread = new CommentThread(root.object(), root.id());
        long highest = comments.highestFloor(thread);
        long from = after.map(FloorCursor::floor).orElse(0L) + 1;
        long scanLimit = Math.min(highest, from - 1 + MAX_SCANNED_FLOORS);
        List<Comment> found = new ArrayList<>(limit);
        long scanned = from - 1;
        while (found.size() < limit && scanned < scanLimit) {
            long to = Math.min(scanLimit, scanned + Math.max(2L * limit, 50));
            for (Comment reply : comments.floors(thread, scanned + 1, to)) {
                if (found.size() == limit) {
                    break;
                }
                scanned = reply.floor();
                if (!reply.deleted()) {
                    found.add(reply);
                }
            }
            if (found.size() < limit) {
                scanned = to;
            }
        }
        Optional<FloorCursor> next = scanned < highest ? Optional.of(new FloorCursor(scanned)) : Optional.empty();
        return new Page<>(withCounts(found), next);
    }

    /**
     * Deletes a comment: its author or the post's owner may. Idempotent; lowers live counts once.
     * Its author may even when the post has since become invisible to them.
     */
    public void delete(long me, long commentId) {
        Optional<Comment> found = comments.find(commentId);
        Comment comment = found.filter(c -> c.authorId() == me).isPresent() ? found.get()
                : visible(me, found, commentId);
        long owner = comments.subject(comment.object()).map(CommentSubject::ownerId).orElse(comment.authorId());
        if (me != comment.authorId() && me != owner) {
            throw DomainException.forbidden("only its author or the post's author may delete comment " + commentId);
        }
        if (comment.deleted()) {
            return;
        }
        events.record(new CommentEvent.Deleted(comment));
        if (!comments.delete(comment)) {
            return;
        }
        CommentedObject object = comment.object();
        BestEffort.count(() -> comments.addSubjectCounts(object, SubjectCounts.removed(comment.isTopLevel())),
                "subject " + object);
        BestEffort.count(() -> posts.addCounts(object.id(), PostCounts.commentRemoved()),
                "comments of post " + object.id());
        if (!comment.isTopLevel()) {
            BestEffort.count(() -> comments.addCounts(comment.rootId(), CommentCounts.replies(-1)),
                    "replies of " + comment.rootId());
        }
        events.publish(new CommentEvent.Deleted(comment));
    }

    /** Sets my vote on the comment to {@code vote} (moving it from the other kind if needed). */
    public CommentCounts vote(long me, long commentId, Vote vote) {
        return changeVote(me, commentId, current -> vote);
    }

    /** Takes back my {@code vote} if it is my current vote; otherwise changes nothing. */
    public CommentCounts unvote(long me, long commentId, Vote vote) {
        return changeVote(me, commentId, current -> current == vote ? Vote.NONE : current);
    }

    /**
     * Recounts the post's comments from the index (the truth) and corrects the post's {@code comments}
     * and {@code commentsEver}, the subject's counts and each top-level comment's {@code replies}.
     * Reads every index entry of the post; run it while the post is quiet, or again if it raced writers.
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
        for (int i = 0; i < topLevel.size(); i += RECONCILE_CHUNK) {
            List<Comment> chunk = topLevel.subList(i, Math.min(topLevel.size(), i + RECONCILE_CHUNK));
            Map<Long, CommentCounts> counted = comments.countsOf(chunk.stream().map(Comment::id).toList());
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
            }
        }
        SubjectCounts subjectDrift = comments.subjectCounts(object).minus(new SubjectCounts(roots, live, ever));
        comments.addSubjectCounts(object, SubjectCounts.ZERO.minus(subjectDrift));
        PostCounts postCounts = posts.counts(postId);
        PostCounts postDrift = new PostCounts(0, postCounts.comments() - live, postCounts.commentsEver() - ever, 0, 0);
        if (!postDrift.isZero()) {
            posts.addCounts(postId, PostCounts.ZERO.minus(postDrift));
        }
        return new CommentDrift(postDrift, subjectDrift, repliesDrift);
    }

    private List<Comment> all(CommentThread thread) {
        long highest = comments.highestFloor(thread);
        List<Comment> all = new ArrayList<>();
        for (long from = 1; from <= highest; from += RECONCILE_CHUNK) {
            all.addAll(comments.floors(thread, from, Math.min(highest, from + RECONCILE_CHUNK - 1)));
        }
        return all;
    }

    private CommentCounts changeVote(long me, long commentId, UnaryOperator<Vote> change) {
        live(me, commentId);
        CompareAndSet.retry(() -> {
            Vote current = comments.vote(commentId, me);
            Vote next = change.apply(current);
            if (next == current) {
                return Optional.of(false);
            }
            events.record(new CommentEvent.Voted(commentId, me, current, next));
            if (!comments.compareAndSetVote(commentId, me, current, next)) {
                return Optional.empty();
            }
            BestEffort.count(() -> comments.addCounts(commentId, CommentCounts.voteChange(current, next)),
                    "votes of comment " + commentId);
            events.publish(new CommentEvent.Voted(commentId, me, current, next));
            return Optional.of(true);
        }, () -> "your vote on comment " + commentId);
        return comments.countsOf(List.of(commentId)).get(commentId);
    }

    /** The comment, not deleted, on a post the viewer may see; else 404. */
    private Comment live(long viewer, long commentId) {
        return visible(viewer, comments.find(commentId).filter(c -> !c.deleted()), commentId);
    }

    /** A comment is a trace of its post: where the post is invisible (or gone), so is the comment. */
    private Comment visible(long viewer, Optional<Comment> comment, long commentId) {
        Comment found = comment.orElseThrow(() -> DomainException.notFound("no comment " + commentId));
        try {
            access.require(viewer, found.object().id());
        } catch (DomainException e) {
            throw DomainException.notFound("no comment " + commentId);
        }
        return found;
    }

    private List<CommentDetails> withCounts(List<Comment> list) {
        if (list.isEmpty()) {
            return List.of();
        }
        Map<Long, CommentCounts> counts = comments.countsOf(list.stream().map(Comment::id).toList());
        return list.stream().map(c -> new CommentDetails(c, counts.getOrDefault(c.id(), CommentCounts.ZERO))).toList();
    }
}
