package dev.widefeed.comment;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentSubject;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.SubjectCounts;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The comment store as the comment cache must see it (docs/design.md, "The cache tier"): every call goes to the
 * store, and once a write of a comment's row or counts returned the cache hears what it changed. Wrapping the store
 * rather than its callers means no writer (a request, an erasure, a purge, a recount) changes a cached comment
 * unheard. It declares every method of the store, a default one too, so a method added there is decided here: heard,
 * or passed on as a read or a write of what the cache does not hold (subjects, threads, authors' lists).
 */
public final class WatchedCommentStore implements CommentStore {
    /** What a cache does once a write of the store returned. */
    public interface Writes {
        /** The comment was given {@code floor} and its index entry. */
        void placed(Comment comment, long floor);

        /** This delete marked the comment deleted (a delete that found it deleted changed nothing). */
        void deleted(Comment comment);

        /** The delta was added to the comment's counts. */
        void countsAdded(long commentId, CommentCounts delta);

        /** The comment's content and counters are gone. */
        void purged(Comment comment);
    }

    private final CommentStore store;
    private final Writes writes;

    public WatchedCommentStore(CommentStore store, Writes writes) {
        this.store = store;
        this.writes = writes;
    }

    @Override
    public Optional<CommentSubject> subject(CommentedObject object) {
        return store.subject(object);
    }

    @Override
    public void openSubject(CommentSubject subject) {
        store.openSubject(subject);
    }

    @Override
    public void saveSettings(CommentedObject object, CommentSubject.Settings settings) {
        store.saveSettings(object, settings);
    }

    @Override
    public SubjectCounts subjectCounts(CommentedObject object) {
        return store.subjectCounts(object);
    }

    @Override
    public void addSubjectCounts(CommentedObject object, SubjectCounts delta) {
        store.addSubjectCounts(object, delta);
    }

    @Override
    public void listByAuthor(Comment comment) {
        store.listByAuthor(comment);
    }

    @Override
    public void unlistByAuthor(long authorId, long commentId) {
        store.unlistByAuthor(authorId, commentId);
    }

    @Override
    public List<Long> commentIdsByAuthor(long authorId, Optional<Long> beforeId, int limit) {
        return store.commentIdsByAuthor(authorId, beforeId, limit);
    }

    @Override
    public void writeContent(Comment comment) {
        store.writeContent(comment);
    }

    @Override
    public long place(Comment comment) {
        long floor = store.place(comment);
        writes.placed(comment, floor);
        return floor;
    }

    @Override
    public Optional<Comment> find(long commentId) {
        return store.find(commentId);
    }

    @Override
    public long highestFloor(CommentThread thread) {
        return store.highestFloor(thread);
    }

    @Override
    public List<Comment> floors(CommentThread thread, long fromFloor, long toFloor) {
        return store.floors(thread, fromFloor, toFloor);
    }

    @Override
    public boolean delete(Comment comment) {
        boolean deleted = store.delete(comment);
        if (deleted) {
            writes.deleted(comment);
        }
        return deleted;
    }

    @Override
    public Map<Long, CommentCounts> countsOf(Collection<Long> commentIds) {
        return store.countsOf(commentIds);
    }

    @Override
    public void addCounts(long commentId, CommentCounts delta) {
        store.addCounts(commentId, delta);
        writes.countsAdded(commentId, delta);
    }

    @Override
    public void purge(Comment comment) {
        store.purge(comment);
        writes.purged(comment);
    }

    @Override
    public void purgeThread(CommentThread thread) {
        store.purgeThread(thread);
    }

    @Override
    public void purgeSubject(CommentedObject object) {
        store.purgeSubject(object);
    }
}
