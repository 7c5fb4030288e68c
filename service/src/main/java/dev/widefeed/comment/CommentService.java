package dev.widefeed.comment;

import dev.widefeed.kernel.BestEffort;
import dev.widefeed.kernel.CoalescedCounts;
import dev.widefeed.kernel.CompareAndSet;
import dev.widefeed.kernel.CounterUpdates;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.Futures;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.kernel.Page;
import dev.widefeed.mention.MentionResolver;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostService;
import dev.widefeed.post.PostStore;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
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
    /** Rounds a hot page reads at most to make up for skipped entries. */
    private static final int HOT_ROUNDS = 4;

    private final PostStore posts;
    private final CommentStore comments;
    private final CommentVoteStore votes;
    private final HotCommentStore hot;
    private final PostAccess access;
    private final Events events;
    private final IdGenerator ids;
    private final Clock clock;
    private final DirtyCounters dirty;
    private final MentionResolver mentions;
    private final Executor reads;
    private final HotRanking ranking;
    private final Function<Collection<Long>, Map<Long, CommentCounts>> shownCounts;
    private final CounterUpdates<PostCounts> postCounts;

    /** Shows each comment's counts as the store has them. */
    public CommentService(
            PostStore posts,
            CommentStore comments,
            CommentVoteStore votes,
            HotCommentStore hot,
            PostAccess access,
            Events events,
            IdGenerator ids,
            Clock clock,
            MentionResolver mentions,
            Executor reads,
            DirtyCounters dirty) {
        this(posts, comments, votes, hot, access, events, ids, clock, mentions, reads, dirty, comments::countsOf);
    }

    /**
     * @param reads       where a page's votes are read beside its counts; {@code Runnable::run} reads one after the
     *                    other
     * @param dirty       where a post whose comment counts may be off after a failed update is marked for a recount
     * @param shownCounts the counts pages and a vote's answer show: the cache tier's ({@link CommentCache}), which
     *                    holds this instance's own changes at once; recounts read the store
     */
    public CommentService(
            PostStore posts,
            CommentStore comments,
            CommentVoteStore votes,
            HotCommentStore hot,
            PostAccess access,
            Events events,
            IdGenerator ids,
            Clock clock,
            MentionResolver mentions,
            Executor reads,
            DirtyCounters dirty,
            Function<Collection<Long>, Map<Long, CommentCounts>> shownCounts) {
        this(
                posts,
                comments,
                votes,
                hot,
                access,
                events,
                ids,
                clock,
                mentions,
                reads,
                dirty,
                shownCounts,
                CounterUpdates.direct("comments", posts::addCounts, dirty::post));
    }

    /**
     * @param postCounts where a comment's change sends its post's counter delta ({@link CoalescedCounts}: off the
     *                   request)
     */
    public CommentService(
            PostStore posts,
            CommentStore comments,
            CommentVoteStore votes,
            HotCommentStore hot,
            PostAccess access,
            Events events,
            IdGenerator ids,
            Clock clock,
            MentionResolver mentions,
            Executor reads,
            DirtyCounters dirty,
            Function<Collection<Long>, Map<Long, CommentCounts>> shownCounts,
            CounterUpdates<PostCounts> postCounts) {
        this.postCounts = postCounts;
        this.shownCounts = shownCounts;
        this.mentions = mentions;
        this.reads = reads;
        this.ranking = new HotRanking(comments, hot);
        this.posts = posts;
        this.comments = comments;
        this.votes = votes;
        this.hot = hot;
        this.access = access;
        this.events = events;
        this.ids = ids;
        this.clock = clock;
        this.dirty = dirty;
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

    /** The comment, once placed (an idempotent request's earlier answer); as {@link #get} from then on. */
    public Optional<CommentDetails> find(long viewer, long commentId) {
        return comments.find(commentId).isEmpty() ? Optional.empty() : Optional.of(get(viewer, commentId));
    }

    public CommentDetails get(long viewer, long commentId) {
        return withCounts(viewer, List.of(live(viewer, commentId))).get(0);
    }

    /**
     * Fixed page {@code page} (from 1) of the post's top-level comments. A deleted comment with live replies keeps
     * its floor as a placeholder that leads to them; the pinned comment comes with the first page.
     */
    public CommentPage page(long viewer, long postId, int page) {
        FloorPage floors = FloorPage.of(page, PAGE_SIZE);
        access.require(viewer, postId);
        CommentedObject object = CommentedObject.post(postId);
        CommentThread thread = CommentThread.topLevel(object);
        CommentSubject.Settings settings =
                comments.subject(object).map(CommentSubject::settings).orElse(CommentSubject.Settings.DEFAULT);
        long highest = comments.highestFloor(thread);
        List<Comment> onPage =
                floors.pastEnd(highest) ? List.of() : comments.floors(thread, floors.first(), floors.last());
        List<CommentDetails> shown = withCounts(viewer, onPage).stream()
                .filter(c -> !c.comment().deleted() || c.counts().replies() > 0)
                .toList();
        Optional<CommentDetails> pinned = page == 1 ? pinned(viewer, object, settings) : Optional.empty();
        return new CommentPage(page, PAGE_SIZE, floors.pagesUpTo(highest), shown, settings.closed(), pinned);
    }

    /**
     * A page of the post's top-level comments by likes minus hates, highest first, after {@code after}: read from the
     * maintained ranking (a few bounded reads, however many comments the post has), each entry checked against the
     * score its comment is recorded at (an entry left by a change under way or interrupted is skipped), deleted ones
     * left out; made up from further down the ranking, a few rounds at most, when entries are skipped.
     */
    public HotCommentPage hot(long viewer, long postId, Optional<HotCursor> after, int limit) {
        access.require(viewer, postId);
        CommentedObject object = CommentedObject.post(postId);
        CommentSubject.Settings settings =
                comments.subject(object).map(CommentSubject::settings).orElse(CommentSubject.Settings.DEFAULT);
        List<Comment> shown = new ArrayList<>();
        Optional<HotCursor> cursor = after;
        for (int round = 0; round < HOT_ROUNDS && shown.size() < limit; round++) {
            int want = limit - shown.size();
            List<RankedComment> entries = hot.ranked(object, cursor, want + 1);
            boolean more = entries.size() > want;
            List<RankedComment> page = more ? entries.subList(0, want) : entries;
            List<Long> ids = page.stream().map(RankedComment::commentId).toList();
            CompletableFuture<Map<Long, Long>> scoresRead =
                    CompletableFuture.supplyAsync(() -> hot.rankedScores(ids), reads);
            Map<Long, Optional<Comment>> found = findAll(ids);
            Map<Long, Long> scores = Futures.join(scoresRead);
            for (RankedComment entry : page) {
                found.get(entry.commentId())
                        .filter(c -> !c.deleted() && c.object().equals(object))
                        .filter(c -> scores.get(entry.commentId()) == entry.score())
                        .ifPresent(shown::add);
            }
            cursor = page.isEmpty()
                    ? cursor
                    : Optional.of(page.get(page.size() - 1).position());
            if (!more) {
                cursor = Optional.empty();
                break;
            }
        }
        Optional<CommentDetails> pinned = after.isEmpty() ? pinned(viewer, object, settings) : Optional.empty();
        return new HotCommentPage(withCounts(viewer, shown), cursor, settings.closed(), pinned);
    }

    /** The comments of these ids, read concurrently. */
    private Map<Long, Optional<Comment>> findAll(List<Long> ids) {
        Map<Long, CompletableFuture<Optional<Comment>>> reading = new LinkedHashMap<>();
        ids.forEach(id -> reading.put(id, CompletableFuture.supplyAsync(() -> comments.find(id), reads)));
        Map<Long, Optional<Comment>> found = new HashMap<>();
        reading.forEach((id, read) -> found.put(id, Futures.join(read)));
        return found;
    }

    private Optional<CommentDetails> pinned(long viewer, CommentedObject object, CommentSubject.Settings settings) {
        return settings.pinnedId() == 0
                ? Optional.empty()
                : comments.find(settings.pinnedId())
                        .filter(c -> !c.deleted() && c.object().equals(object))
                        .map(c -> withCounts(viewer, List.of(c)).get(0));
    }

    /** Closes the post's comments to new ones (existing ones stay), or opens them again; its author only. */
    public void close(long me, long postId, boolean closed) {
        CommentSubject subject = ownedSubject(me, postId);
        if (subject.closed() != closed) {
            comments.saveSettings(subject.object(), new CommentSubject.Settings(closed, subject.pinnedId()));
        }
    }

    /**
     * Pins a live top-level comment of the post above its first page (in place of any pinned before), or unpins
     * with {@code commentId} 0; its author only. 404 for an unknown or deleted comment, 422 for a reply or a
     * comment on another post.
     */
    public Optional<CommentDetails> pin(long me, long postId, long commentId) {
        CommentSubject subject = ownedSubject(me, postId);
        Optional<CommentDetails> pinned = Optional.empty();
        if (commentId != 0) {
            Comment comment = comments.find(commentId)
                    .filter(c -> !c.deleted())
                    .orElseThrow(() -> DomainException.notFound("no comment " + commentId));
            if (!comment.object().equals(subject.object()) || !comment.isTopLevel()) {
                throw DomainException.invalid("comment " + commentId + " is not a top-level comment of post " + postId);
            }
            pinned = Optional.of(withCounts(me, List.of(comment)).get(0));
        }
        if (subject.pinnedId() != commentId) {
            comments.saveSettings(subject.object(), new CommentSubject.Settings(subject.closed(), commentId));
        }
        return pinned;
    }

    /** The post's subject, opened if nothing was ever commented; 404 a post I may not see, 403 not mine. */
    private CommentSubject ownedSubject(long me, long postId) {
        Post post = access.require(me, postId);
        Ownership.require(me, post.authorId(), "only its author sets how post " + postId + " takes comments");
        CommentedObject object = CommentedObject.post(postId);
        return comments.subject(object).orElseGet(() -> {
            CommentSubject opened = new CommentSubject(object, post.authorId(), CommentSubject.State.NORMAL);
            comments.openSubject(opened);
            return opened;
        });
    }

    /**
     * Replies under a top-level comment by floor, strictly after {@code after}. Replies are threaded
     * under their top-level comment (their root: docs/design.md, Comments), so a reply has no replies of its own
     * here: an answer to it is listed under its root with {@code parentId} naming it. Replies of a deleted top-
     * level comment stay listed.
     */
    public Page<CommentDetails, FloorCursor> replies(
            long viewer, long commentId, Optional<FloorCursor> after, int limit) {
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
        return new Page<>(withCounts(viewer, found), next);
    }

    /**
     * Deletes a comment: its author or the post's owner may. Idempotent; lowers live counts once.
     * Its author may even when the post has since become invisible to them.
     */
    public void delete(long me, long commentId) {
        Optional<Comment> found = comments.find(commentId);
        Comment comment =
                found.filter(c -> c.authorId() == me).isPresent() ? found.get() : visible(me, found, commentId);
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

    /** Sets my vote on the comment to {@code vote} (moving it from the other kind if needed). */
    public CommentCounts vote(long me, long commentId, Vote vote) {
        return changeVote(me, commentId, current -> vote);
    }

    /**
     * Takes back the user's vote on the comment, whatever it is and whether or not they may still see it, then deletes
     * the vote's row and its entry in their list (an account's erasure). Idempotent.
     */
    public void withdrawVote(long me, long commentId) {
        CompareAndSet.retry(
                () -> {
                    Vote current = votes.vote(commentId, me);
                    if (current == Vote.NONE) {
                        return Optional.of(false);
                    }
                    CommentEvent.Voted withdrawn = new CommentEvent.Voted(commentId, me, current, Vote.NONE);
                    events.record(withdrawn);
                    if (!votes.compareAndSetVote(commentId, me, current, Vote.NONE)) {
                        return Optional.empty();
                    }
                    BestEffort.count(
                            () -> comments.addCounts(commentId, CommentCounts.voteChange(current, Vote.NONE)),
                            "votes of comment " + commentId,
                            () -> comments.find(commentId)
                                    .ifPresent(c -> dirty.post(c.object().id())));
                    events.publish(withdrawn);
                    return Optional.of(true);
                },
                () -> "the vote of " + me + " on comment " + commentId);
        votes.deleteVote(commentId, me);
        votes.unlistVote(commentId, me);
    }

    /** Takes back my {@code vote} if it is my current vote; otherwise changes nothing. */
    public CommentCounts unvote(long me, long commentId, Vote vote) {
        return changeVote(me, commentId, current -> current == vote ? Vote.NONE : current);
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

    private CommentCounts changeVote(long me, long commentId, UnaryOperator<Vote> change) {
        long postId = live(me, commentId).object().id();
        CompareAndSet.retry(
                () -> {
                    Vote current = votes.vote(commentId, me);
                    Vote next = change.apply(current);
                    if (next == current) {
                        return Optional.of(false);
                    }
                    CommentEvent.Voted voted = new CommentEvent.Voted(commentId, me, current, next);
                    events.record(voted);
                    if (next != Vote.NONE) {
                        votes.listVote(commentId, me); // before the vote: an account's deletion finds every vote it has
                    }
                    if (!votes.compareAndSetVote(commentId, me, current, next)) {
                        return Optional.empty();
                    }
                    BestEffort.count(
                            () -> comments.addCounts(commentId, CommentCounts.voteChange(current, next)),
                            "votes of comment " + commentId,
                            () -> dirty.post(postId));
                    events.publish(voted);
                    return Optional.of(true);
                },
                () -> "your vote on comment " + commentId);
        return shownCounts.apply(List.of(commentId)).get(commentId);
    }

    /**
     * The viewer's votes among the comments (docs/design.md, "Comments"): their own list of voted comments says in one
     * read which of a page's comments they may have voted on, and only those votes are read. A viewer votes on few of
     * the comments they read, so a page costs one read, not one per comment.
     */
    private Map<Long, Vote> votesOf(long viewer, List<Long> ids) {
        Set<Long> listed = votes.votedAmong(viewer, ids);
        return listed.isEmpty() ? Map.of() : votes.votesOf(viewer, listed);
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

    /** The comments with their counts and the viewer's votes, read in one concurrent round. */
    private List<CommentDetails> withCounts(long viewer, List<Comment> list) {
        if (list.isEmpty()) {
            return List.of();
        }
        List<Long> ids = list.stream().map(Comment::id).toList();
        CompletableFuture<Map<Long, Vote>> votesRead = CompletableFuture.supplyAsync(() -> votesOf(viewer, ids), reads);
        Map<Long, CommentCounts> counts = shownCounts.apply(ids);
        Map<Long, Vote> votes = Futures.join(votesRead);
        return list.stream()
                .map(c -> new CommentDetails(
                        c, counts.getOrDefault(c.id(), CommentCounts.ZERO), votes.getOrDefault(c.id(), Vote.NONE)))
                .toList();
    }
}
