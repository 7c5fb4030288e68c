package dev.widefeed.comment;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentSubject;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentVoteStore;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.HotCommentStore;
import dev.widefeed.comment.store.HotCursor;
import dev.widefeed.comment.store.RankedComment;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Futures;
import dev.widefeed.kernel.Page;
import dev.widefeed.post.PostAccess;
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

/**
 * Comments as a viewer reads them (docs/design.md, Comments): one by id, a post's fixed pages by floor, its hot
 * ranking, a top-level comment's replies; each with its counts and the viewer's vote. A comment is a trace of its
 * post: where the post is invisible to the viewer (or gone), so is the comment, which is also what the writer and the
 * voting check before they change one.
 */
public final class CommentReader {
    public static final int PAGE_SIZE = 20;
    /** Floors one replies request reads at most, so a thread of deleted replies cannot make it unbounded. */
    private static final int MAX_SCANNED_FLOORS = 2000;
    /** Rounds a hot page reads at most to make up for skipped entries. */
    private static final int HOT_ROUNDS = 4;

    private final CommentStore comments;
    private final CommentVoteStore votes;
    private final HotCommentStore hot;
    private final PostAccess access;
    private final Executor reads;
    private final Function<Collection<Long>, Map<Long, CommentCounts>> shownCounts;

    /**
     * @param reads       where a page's votes are read beside its counts; {@code Runnable::run} reads one after the
     *                    other
     * @param shownCounts the counts pages and a vote's answer show: the cache tier's ({@link CommentCache}), which
     *                    holds this instance's own changes at once; recounts read the store
     */
    public CommentReader(
            CommentStore comments,
            CommentVoteStore votes,
            HotCommentStore hot,
            PostAccess access,
            Executor reads,
            Function<Collection<Long>, Map<Long, CommentCounts>> shownCounts) {
        this.comments = comments;
        this.votes = votes;
        this.hot = hot;
        this.access = access;
        this.reads = reads;
        this.shownCounts = shownCounts;
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

    /** The comment's counts as pages show them. */
    CommentCounts shownCounts(long commentId) {
        return shownCounts.apply(List.of(commentId)).get(commentId);
    }

    /** The comment, not deleted, on a post the viewer may see; else 404. */
    Comment live(long viewer, long commentId) {
        return visible(viewer, comments.find(commentId).filter(c -> !c.deleted()), commentId);
    }

    /** A comment is a trace of its post: where the post is invisible (or gone), so is the comment. */
    Comment visible(long viewer, Optional<Comment> comment, long commentId) {
        Comment found = comment.orElseThrow(() -> DomainException.notFound("no comment " + commentId));
        try {
            access.require(viewer, found.object().id());
        } catch (DomainException e) {
            throw DomainException.notFound("no comment " + commentId);
        }
        return found;
    }

    /** The comments with their counts and the viewer's votes, read in one concurrent round. */
    List<CommentDetails> withCounts(long viewer, List<Comment> list) {
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

    /**
     * The viewer's votes among the comments (docs/design.md, "Comments"): their own list of voted comments says in one
     * read which of a page's comments they may have voted on, and only those votes are read. A viewer votes on few of
     * the comments they read, so a page costs one read, not one per comment.
     */
    private Map<Long, Vote> votesOf(long viewer, List<Long> ids) {
        Set<Long> listed = votes.votedAmong(viewer, ids);
        return listed.isEmpty() ? Map.of() : votes.votesOf(viewer, listed);
    }
}
