package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentSubject;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.SubjectCounts;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.cassandra.rows.CqlFloors;
import dev.widefeed.store.cassandra.rows.CqlMentions;
import dev.widefeed.store.cassandra.rows.CqlReads;
import dev.widefeed.store.cassandra.setup.CqlCounterWrites;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Comments on Cassandra: {@code comment_subjects} and {@code comment_subject_counts}, the bucketed
 * {@code comment_index} (floors allocated by {@link CqlFloors}), {@code comment_content_by_id},
 * {@code comment_counts_by_id} and {@code comments_by_author}.
 */
final class CqlCommentStore implements CommentStore {
    private static final byte LIVE = 0;
    private static final byte DELETED = 1;
    /** Floors per {@link #floors} call: the rows of a range arrive as one page. */
    static final int MAX_RANGE = 5000;

    private static final int FIRST_YEAR =
            IdGenerator.EPOCH.atZone(ZoneOffset.UTC).getYear();

    private final CqlSession session;
    private final CqlFloors floors;
    private final PreparedStatement selectSubject;
    private final PreparedStatement insertSubject;
    private final PreparedStatement selectSubjectCounts;
    private final PreparedStatement addSubjectCounts;
    private final PreparedStatement insertContent;
    private final PreparedStatement setContentFloor;
    private final PreparedStatement selectContent;
    private final PreparedStatement dropContent;
    private final PreparedStatement selectEntry;
    private final PreparedStatement selectRange;
    private final PreparedStatement markDeleted;
    private final PreparedStatement selectCounts;
    private final PreparedStatement addCounts;
    private final PreparedStatement saveSettings;
    private final PreparedStatement deleteContent;
    private final PreparedStatement insertByAuthor;
    private final PreparedStatement deleteByAuthor;
    private final PreparedStatement selectByAuthor;
    private final PreparedStatement selectByAuthorBefore;
    private final PreparedStatement deleteCounts;
    private final PreparedStatement deleteSubject;
    private final PreparedStatement deleteSubjectCounts;

    /**
     * @param floors the threads' floors, shared with the hot ranking's store ({@link CqlHotCommentStore}); a test
     *               that crosses bucket boundaries without 100,000 comments gives floors of smaller buckets
     */
    CqlCommentStore(CqlSession session, CqlFloors floors) {
        this.session = session;
        this.floors = floors;
        String subjectKey = " WHERE obj_id = ? AND obj_type = ?";
        selectSubject = session.prepare("SELECT owner_id, state, closed, pinned_id FROM comment_subjects" + subjectKey);
        saveSettings = session.prepare("UPDATE comment_subjects SET closed = ?, pinned_id = ?" + subjectKey);
        insertSubject = session.prepare("INSERT INTO comment_subjects (obj_id, obj_type, owner_id) VALUES (?, ?, ?)");
        selectSubjectCounts = session.prepare("SELECT roots, live, ever FROM comment_subject_counts" + subjectKey);
        addSubjectCounts = CqlCounterWrites.prepare(
                session,
                "UPDATE comment_subject_counts SET roots = roots + ?, live = live + ?, " + "ever = ever + ?"
                        + subjectKey);
        insertContent = session.prepare("INSERT INTO comment_content_by_id (comment_id, obj_id, obj_type, root_id, "
                + "parent_id, author_id, created_at, content, mentions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        setContentFloor = session.prepare("UPDATE comment_content_by_id SET floor = ? WHERE comment_id = ?");
        selectContent = session.prepare("SELECT comment_id, obj_id, obj_type, root_id, parent_id, author_id, "
                + "created_at, floor, content, mentions FROM comment_content_by_id WHERE comment_id = ?");
        dropContent = session.prepare(
                "UPDATE comment_content_by_id SET content = null, mentions = null " + "WHERE comment_id = ?");
        String entryColumns = "SELECT floor, comment_id, parent_id, author_id, state, created_at FROM comment_index "
                + "WHERE obj_id = ? AND obj_type = ? AND root_id = ? AND bucket = ?";
        selectEntry = session.prepare(entryColumns + " AND floor = ?");
        selectRange = session.prepare(entryColumns + " AND floor >= ? AND floor <= ?");
        markDeleted =
                session.prepare("UPDATE comment_index SET state = " + DELETED + " WHERE obj_id = ? AND obj_type = ? "
                        + "AND root_id = ? AND bucket = ? AND floor = ? IF state = " + LIVE);
        selectCounts = session.prepare("SELECT replies, likes, hates FROM comment_counts_by_id WHERE comment_id = ?");
        addCounts = CqlCounterWrites.prepare(
                session,
                "UPDATE comment_counts_by_id SET replies = replies + ?, likes = likes + ?, "
                        + "hates = hates + ? WHERE comment_id = ?");
        insertByAuthor =
                session.prepare("INSERT INTO comments_by_author (author_id, year, comment_id, obj_id, obj_type) "
                        + "VALUES (?, ?, ?, ?, ?)");
        deleteByAuthor = session.prepare(
                "DELETE FROM comments_by_author WHERE author_id = ? AND year = ? " + "AND comment_id = ?");
        selectByAuthor = session.prepare(
                "SELECT comment_id FROM comments_by_author WHERE author_id = ? AND year = ? " + "LIMIT ?");
        selectByAuthorBefore = session.prepare("SELECT comment_id FROM comments_by_author WHERE author_id = ? "
                + "AND year = ? AND comment_id < ? LIMIT ?");
        deleteContent = session.prepare("DELETE FROM comment_content_by_id WHERE comment_id = ?");
        deleteCounts = session.prepare("DELETE FROM comment_counts_by_id WHERE comment_id = ?");
        deleteSubject = session.prepare("DELETE FROM comment_subjects" + subjectKey);
        deleteSubjectCounts = session.prepare("DELETE FROM comment_subject_counts" + subjectKey);
    }

    @Override
    public Optional<CommentSubject> subject(CommentedObject object) {
        Row row = session.execute(
                        selectSubject.bind(object.id(), object.kind().stored()).setIdempotent(true))
                .one();
        return Optional.ofNullable(row)
                .map(r -> new CommentSubject(
                        object,
                        r.getLong(0),
                        CommentSubject.State.ofCode(r.isNull(1) ? 0 : r.getByte(1)),
                        !r.isNull(2) && r.getBoolean(2),
                        r.getLong(3)));
    }

    @Override
    public void saveSettings(CommentedObject object, CommentSubject.Settings settings) {
        session.execute(saveSettings
                .bind(
                        settings.closed(),
                        settings.pinnedId(),
                        object.id(),
                        object.kind().stored())
                .setIdempotent(true));
    }

    @Override
    public void openSubject(CommentSubject subject) {
        CommentedObject object = subject.object();
        session.execute(insertSubject
                .bind(object.id(), object.kind().stored(), subject.ownerId())
                .setIdempotent(true));
    }

    @Override
    public SubjectCounts subjectCounts(CommentedObject object) {
        Row row = session.execute(selectSubjectCounts
                        .bind(object.id(), object.kind().stored())
                        .setIdempotent(true))
                .one();
        return row == null ? SubjectCounts.ZERO : new SubjectCounts(row.getLong(0), row.getLong(1), row.getLong(2));
    }

    @Override
    public void addSubjectCounts(CommentedObject object, SubjectCounts delta) {
        if (!delta.isZero()) {
            session.execute(addSubjectCounts
                    .bind(
                            delta.roots(),
                            delta.live(),
                            delta.ever(),
                            object.id(),
                            object.kind().stored())
                    .setIdempotent(false));
        }
    }

    @Override
    public void writeContent(Comment comment) {
        CommentedObject object = comment.object();
        BoundStatement insert = insertContent.bind(
                comment.id(),
                object.id(),
                object.kind().stored(),
                comment.rootId(),
                comment.parentId(),
                comment.authorId(),
                comment.createdAt(),
                comment.content(),
                CqlMentions.write(comment.mentions()));
        if (comment.mentions().isEmpty()) {
            insert = insert.unset("mentions"); // an empty collection would be written as a tombstone
        }
        session.execute(insert.setIdempotent(true));
    }

    @Override
    public long place(Comment comment) {
        long floor = floors.place(comment);
        // Until this lands the comment shows in its thread but is not found by id; reading its page repairs it.
        session.execute(setContentFloor.bind(floor, comment.id()).setIdempotent(true));
        return floor;
    }

    @Override
    public Optional<Comment> find(long commentId) {
        Row content = session.execute(selectContent.bind(commentId).setIdempotent(true))
                .one();
        if (content == null || content.isNull("floor")) {
            return Optional.empty();
        }
        CommentedObject object = new CommentedObject(
                content.getLong("obj_id"), CommentedObject.Kind.ofStored(content.getString("obj_type")));
        CommentThread thread = new CommentThread(object, content.getLong("root_id"));
        long floor = content.getLong("floor");
        Row entry = session.execute(
                        floors.bind(selectEntry, thread, floor, floor).setIdempotent(true))
                .one();
        if (entry == null || entry.getLong("comment_id") != commentId) {
            return Optional.empty();
        }
        return Optional.of(comment(thread, entry, content));
    }

    @Override
    public long highestFloor(CommentThread thread) {
        return floors.highestFloor(thread);
    }

    @Override
    public List<Comment> floors(CommentThread thread, long fromFloor, long toFloor) {
        if (fromFloor > toFloor) {
            return List.of();
        }
        if (toFloor - fromFloor >= MAX_RANGE) {
            throw new IllegalArgumentException("at most " + MAX_RANGE + " floors at a time");
        }
        List<CompletableFuture<AsyncResultSet>> reads = new ArrayList<>();
        for (int bucket = floors.bucketOf(fromFloor); bucket <= floors.bucketOf(toFloor); bucket++) {
            long from = Math.max(fromFloor, floors.firstFloorOf(bucket));
            long to = Math.min(toFloor, floors.firstFloorOf(bucket + 1) - 1);
            reads.add(session.executeAsync(floors.bind(selectRange, thread, from, from, to)
                            .setIdempotent(true)
                            .setPageSize(MAX_RANGE))
                    .toCompletableFuture());
        }
        List<Row> entries = new ArrayList<>();
        reads.forEach(read -> read.join().currentPage().forEach(entries::add)); // one page each: at most MAX_RANGE rows
        List<Long> live = entries.stream()
                .filter(e -> e.getByte("state") == LIVE)
                .map(e -> e.getLong("comment_id"))
                .toList();
        Map<Long, Row> contents = CqlReads.readAll(session, live, selectContent::bind);
        List<Comment> comments = new ArrayList<>(entries.size());
        for (Row entry : entries) {
            Row content = contents.get(entry.getLong("comment_id"));
            if (content != null && content.isNull("floor")) {
                // Placed, but the process died before recording the floor with the content: finish that.
                session.execute(setContentFloor
                        .bind(entry.getLong("floor"), entry.getLong("comment_id"))
                        .setIdempotent(true));
            }
            comments.add(comment(thread, entry, content));
        }
        return comments;
    }

    @Override
    public boolean delete(Comment comment) {
        CommentThread thread = comment.thread();
        boolean applied = floors.withPermit(
                thread,
                () -> session.execute(floors.bind(markDeleted, thread, comment.floor(), comment.floor())
                                .setIdempotent(false))
                        .wasApplied());
        if (applied) {
            session.execute(dropContent.bind(comment.id()).setIdempotent(true));
        }
        return applied;
    }

    @Override
    public Map<Long, CommentCounts> countsOf(Collection<Long> commentIds) {
        Map<Long, CommentCounts> counts = new HashMap<>();
        CqlReads.readAll(session, commentIds, selectCounts::bind)
                .forEach((id, row) -> counts.put(
                        id,
                        row == null
                                ? CommentCounts.ZERO
                                : new CommentCounts(row.getLong(0), row.getLong(1), row.getLong(2))));
        return counts;
    }

    @Override
    public void addCounts(long commentId, CommentCounts delta) {
        if (!delta.isZero()) {
            session.execute(addCounts
                    .bind(delta.replies(), delta.likes(), delta.hates(), commentId)
                    .setIdempotent(false));
        }
    }

    @Override
    public void listByAuthor(Comment comment) {
        session.execute(insertByAuthor
                .bind(
                        comment.authorId(),
                        yearOf(comment.id()),
                        comment.id(),
                        comment.object().id(),
                        comment.object().kind().stored())
                .setIdempotent(true));
    }

    @Override
    public void unlistByAuthor(long authorId, long commentId) {
        session.execute(
                deleteByAuthor.bind(authorId, yearOf(commentId), commentId).setIdempotent(true));
    }

    /** The years newest first, from the cursor's (or this one) back to the first year of ids. */
    @Override
    public List<Long> commentIdsByAuthor(long authorId, Optional<Long> beforeId, int limit) {
        int thisYear = ZonedDateTime.now(ZoneOffset.UTC).getYear();
        int newest = Math.min(thisYear, beforeId.map(CqlCommentStore::yearOf).orElse(thisYear));
        List<Long> ids = new ArrayList<>();
        for (int year = newest; year >= FIRST_YEAR && ids.size() < limit; year--) {
            BoundStatement query = year == newest && beforeId.isPresent()
                    ? selectByAuthorBefore.bind(authorId, year, beforeId.get(), limit - ids.size())
                    : selectByAuthor.bind(authorId, year, limit - ids.size());
            session.execute(query.setIdempotent(true)).forEach(row -> ids.add(row.getLong(0)));
        }
        return ids;
    }

    private static int yearOf(long id) {
        return IdGenerator.timeOf(id).atZone(ZoneOffset.UTC).getYear();
    }

    @Override
    public void purge(Comment comment) {
        session.execute(deleteCounts.bind(comment.id()).setIdempotent(true));
        session.execute(deleteContent.bind(comment.id()).setIdempotent(true)); // last: the locator
    }

    @Override
    public void purgeThread(CommentThread thread) {
        floors.deleteAll(thread);
    }

    @Override
    public void purgeSubject(CommentedObject object) {
        session.execute(
                deleteSubjectCounts.bind(object.id(), object.kind().stored()).setIdempotent(true));
        session.execute(deleteSubject.bind(object.id(), object.kind().stored()).setIdempotent(true));
    }

    /** The comment of an index entry and its content row (null when the content was never written). */
    private static Comment comment(CommentThread thread, Row entry, Row content) {
        boolean deleted = entry.getByte("state") != LIVE;
        boolean shown = !deleted && content != null;
        return new Comment(
                entry.getLong("comment_id"),
                thread.object(),
                entry.getLong("author_id"),
                thread.rootId(),
                entry.getLong("parent_id"),
                entry.getLong("floor"),
                shown ? content.getString("content") : null,
                entry.getInstant("created_at"),
                deleted,
                shown ? CqlMentions.read(content) : Map.of());
    }
}
