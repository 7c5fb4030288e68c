package dev.widefeed.comment.store;

import dev.widefeed.kernel.UnknownOutcomeException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The comments and their floors (docs/design.md, Comments): a subject per commented object (owner, state, counts),
 * the floor-numbered index of each thread (small and hot: floor, author, parent, state), the content
 * apart and keyed by comment id, per-comment counters and each author's list. The votes are
 * {@link CommentVoteStore}'s, the hot ranking {@link HotCommentStore}'s.
 *
 * <p>A comment is written in two steps that the domain ({@code comment.CommentWriter}) runs in order:
 * {@link #writeContent} (a crash after it leaves content no read reaches), then {@link #place},
 * which takes the thread's next floor and writes the index entry as one atomic step, so a floor is
 * never handed out without its comment nor twice. Counters are derived from the index and votes and
 * are changed only when a compare-and-set reports a real change; they are never retried.
 */
public interface CommentStore {
    /** The object's subject, or empty if nothing was ever commented on it. */
    Optional<CommentSubject> subject(CommentedObject object);

    /** Records the subject's owner unless the subject exists; never changes an existing state. Idempotent. */
    void openSubject(CommentSubject subject);

    /**
     * Writes the owner's settings of an existing subject (both at once, last writer wins: only its owner writes
     * them). Idempotent.
     */
    void saveSettings(CommentedObject object, CommentSubject.Settings settings);

    /** Zero counts for a subject without a counter row. */
    SubjectCounts subjectCounts(CommentedObject object);

    /** Adds {@code delta}. Not idempotent, never retried: a timeout is {@link UnknownOutcomeException}. */
    void addSubjectCounts(CommentedObject object, SubjectCounts delta);

    /**
     * Lists the comment under its author, before it is written (an entry whose comment is missing is skipped by
     * readers). Idempotent.
     */
    void listByAuthor(Comment comment);

    /** Takes the comment out of its author's list. Idempotent. */
    void unlistByAuthor(long authorId, long commentId);

    /** The author's comment ids, newest first, strictly below {@code beforeId} if given; at most {@code limit}. */
    List<Long> commentIdsByAuthor(long authorId, Optional<Long> beforeId, int limit);

    /** Writes the content of a comment not yet placed (its floor is ignored). Idempotent. */
    void writeContent(Comment comment);

    /**
     * Gives the comment the next floor of its thread (1 for the first) and writes its index entry,
     * as one atomic step; then records the floor with the content. Floors are unique and gap-free
     * in the order placements succeed. An ambiguous failure is settled by reading the floor back;
     * only if that fails too is it {@link UnknownOutcomeException} (the comment is then either at
     * one floor or nowhere, never at two).
     * <p>Unlike the edge protocol, placement is not written once in the domain: its atomic step is
     * each store's own (a conditional batch on Cassandra's static column, a create-if-absent of the
     * floor's row in HBase), with no portable read-then-compare-and-set form to share
     * (docs/ARCHITECTURE.md, "Write protocols").
     *
     * @return the floor
     */
    long place(Comment comment);

    /** The comment, placed, deleted or not; empty if unknown or not (yet) placed. */
    Optional<Comment> find(long commentId);

    /** The highest floor of the thread; 0 if it has none. */
    long highestFloor(CommentThread thread);

    /**
     * The thread's entries with floors in [{@code fromFloor}, {@code toFloor}], ascending, deleted
     * ones included (flagged, without content). One range read per ~100k-floor bucket the range
     * touches (one for any page); at most 5000 floors per call.
     */
    List<Comment> floors(CommentThread thread, long fromFloor, long toFloor);

    /**
     * Marks a live comment deleted (compare-and-set on its state; its floor stays taken) and drops its
     * content. Not retried: a timeout is {@link UnknownOutcomeException}.
     *
     * @return whether this call deleted it (false: it was deleted already)
     */
    boolean delete(Comment comment);

    /** The counts of every id given (zero for those without a row), in one concurrent round. */
    Map<Long, CommentCounts> countsOf(Collection<Long> commentIds);

    /** Adds {@code delta}. Not idempotent, never retried: a timeout is {@link UnknownOutcomeException}. */
    void addCounts(long commentId, CommentCounts delta);

    /**
     * Deletes every row of a comment in this store but its index entry: content and counters (the purge of a deleted
     * object's comments, after its votes and ranking: {@link CommentVoteStore#purgeVotes},
     * {@link HotCommentStore#purgeRanking}). Idempotent.
     */
    void purge(Comment comment);

    /** Deletes every index entry of the thread, and whatever allocates its floors. Idempotent. */
    void purgeThread(CommentThread thread);

    /** Deletes the subject: owner, state, settings and counters. Idempotent. */
    void purgeSubject(CommentedObject object);
}
