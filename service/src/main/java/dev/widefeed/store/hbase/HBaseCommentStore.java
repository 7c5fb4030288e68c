package dev.widefeed.store.hbase;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentSubject;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.SubjectCounts;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.rows.CommentIndex;
import dev.widefeed.store.hbase.rows.HBaseMentions;
import dev.widefeed.store.hbase.rows.IdList;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Comments on HBase: {@code comment_subjects} (owner and state, counters), the {@link CommentIndex},
 * {@code comment_content} (content and locator, per-comment counters) and {@code comments_by_author}.
 * Counters change only by Increment (the client's nonces make its own retries safe; we never retry);
 * deletes only by checkAndMutate on a table without client retries.
 */
final class HBaseCommentStore implements CommentStore {
    private static final byte[] SUBJECT = Bytes.toBytes("s");
    private static final byte[] OWNER_ID = Bytes.toBytes("owner_id");
    private static final byte[] STATE = Bytes.toBytes("state");
    private static final byte[] CLOSED = Bytes.toBytes("closed");
    private static final byte[] PINNED = Bytes.toBytes("pinned_id");
    private static final byte[] COUNTS = Bytes.toBytes("c");
    private static final byte[] ROOTS = Bytes.toBytes("roots");
    private static final byte[] LIVE = Bytes.toBytes("live");
    private static final byte[] EVER = Bytes.toBytes("ever");
    private static final byte[] MESSAGE = Bytes.toBytes("m");
    private static final byte[] CONTENT = Bytes.toBytes("content");
    private static final byte[] OBJ_ID = Bytes.toBytes("obj_id");
    private static final byte[] OBJ_TYPE = Bytes.toBytes("obj_type");
    private static final byte[] ROOT_ID = Bytes.toBytes("root_id");
    private static final byte[] PARENT_ID = Bytes.toBytes("parent_id");
    private static final byte[] AUTHOR_ID = Bytes.toBytes("author_id");
    private static final byte[] CREATED_AT = Bytes.toBytes("created_at");
    private static final byte[] FLOOR = Bytes.toBytes("floor");
    private static final byte[] REPLIES = Bytes.toBytes("replies");
    private static final byte[] LIKES = Bytes.toBytes("likes");
    private static final byte[] HATES = Bytes.toBytes("hates");

    private final AsyncTable<AdvancedScanResultConsumer> subjects;
    private final Salt subjectSalt;
    private final CommentIndex index;
    private final AsyncTable<AdvancedScanResultConsumer> contents;
    private final Salt contentSalt;
    private final IdList byAuthor;

    HBaseCommentStore(AsyncConnection connection, String namespace, HBaseTables declared) {
        TableName subjectTable = TableName.valueOf(namespace, "comment_subjects");
        TableName indexTable = TableName.valueOf(namespace, "comment_index");
        TableName contentTable = TableName.valueOf(namespace, "comment_content");
        this.subjects = connection.getTable(subjectTable);
        this.subjectSalt = Salt.of(declared.table("comment_subjects"));
        this.index = new CommentIndex(
                connection.getTable(indexTable),
                connection.getTableBuilder(indexTable).setMaxAttempts(1).build(),
                Salt.of(declared.table("comment_index")));
        this.contents = connection.getTable(contentTable);
        this.contentSalt = Salt.of(declared.table("comment_content"));
        this.byAuthor = new IdList(
                connection.getTable(TableName.valueOf(namespace, "comments_by_author")),
                Salt.of(declared.table("comments_by_author")));
    }

    @Override
    public Optional<CommentSubject> subject(CommentedObject object) {
        Result row =
                subjects.get(new Get(subjectRow(object)).addFamily(SUBJECT)).join();
        if (row.isEmpty()) {
            return Optional.empty();
        }
        byte[] state = row.getValue(SUBJECT, STATE);
        byte[] closed = row.getValue(SUBJECT, CLOSED);
        byte[] pinned = row.getValue(SUBJECT, PINNED);
        return Optional.of(new CommentSubject(
                object,
                Bytes.toLong(row.getValue(SUBJECT, OWNER_ID)),
                CommentSubject.State.ofCode(state == null ? 0 : state[0]),
                closed != null && Bytes.toBoolean(closed),
                pinned == null ? 0 : Bytes.toLong(pinned)));
    }

    @Override
    public void saveSettings(CommentedObject object, CommentSubject.Settings settings) {
        subjects.put(new Put(subjectRow(object))
                        .addColumn(SUBJECT, CLOSED, Bytes.toBytes(settings.closed()))
                        .addColumn(SUBJECT, PINNED, Bytes.toBytes(settings.pinnedId())))
                .join();
    }

    @Override
    public void openSubject(CommentSubject subject) {
        subjects.put(new Put(subjectRow(subject.object()))
                        .addColumn(SUBJECT, OWNER_ID, Bytes.toBytes(subject.ownerId())))
                .join();
    }

    @Override
    public SubjectCounts subjectCounts(CommentedObject object) {
        Result row = subjects.get(new Get(subjectRow(object)).addFamily(COUNTS)).join();
        return new SubjectCounts(counter(row, ROOTS), counter(row, LIVE), counter(row, EVER));
    }

    @Override
    public void addSubjectCounts(CommentedObject object, SubjectCounts delta) {
        if (!delta.isZero()) {
            Increment increment = new Increment(subjectRow(object));
            increment.setReturnResults(false);
            addIfNonZero(increment, ROOTS, delta.roots());
            addIfNonZero(increment, LIVE, delta.live());
            addIfNonZero(increment, EVER, delta.ever());
            subjects.increment(increment).join();
        }
    }

    @Override
    public void writeContent(Comment comment) {
        Put put = new Put(contentRow(comment.id()))
                .addColumn(MESSAGE, OBJ_ID, Bytes.toBytes(comment.object().id()))
                .addColumn(
                        MESSAGE, OBJ_TYPE, new byte[] {comment.object().kind().code()})
                .addColumn(MESSAGE, ROOT_ID, Bytes.toBytes(comment.rootId()))
                .addColumn(MESSAGE, PARENT_ID, Bytes.toBytes(comment.parentId()))
                .addColumn(MESSAGE, AUTHOR_ID, Bytes.toBytes(comment.authorId()))
                .addColumn(
                        MESSAGE, CREATED_AT, Bytes.toBytes(comment.createdAt().toEpochMilli()))
                .addColumn(MESSAGE, CONTENT, Bytes.toBytes(comment.content()));
        HBaseMentions.write(put, MESSAGE, comment.mentions());
        contents.put(put).join();
    }

    @Override
    public long place(Comment comment) {
        long floor = index.place(comment);
        // Until this lands the comment shows in its thread but is not found by id; reading its page repairs it.
        recordFloor(comment.id(), floor);
        return floor;
    }

    @Override
    public Optional<Comment> find(long commentId) {
        Result content =
                contents.get(new Get(contentRow(commentId)).addFamily(MESSAGE)).join();
        if (content.isEmpty() || content.getValue(MESSAGE, FLOOR) == null) {
            return Optional.empty();
        }
        CommentedObject object = new CommentedObject(
                Bytes.toLong(content.getValue(MESSAGE, OBJ_ID)),
                CommentedObject.Kind.ofCode(content.getValue(MESSAGE, OBJ_TYPE)[0]));
        CommentThread thread = new CommentThread(object, Bytes.toLong(content.getValue(MESSAGE, ROOT_ID)));
        CommentIndex.Entry entry = index.entry(thread, Bytes.toLong(content.getValue(MESSAGE, FLOOR)));
        if (entry == null || entry.commentId() != commentId) {
            return Optional.empty();
        }
        return Optional.of(comment(thread, entry, content));
    }

    @Override
    public long highestFloor(CommentThread thread) {
        return index.highestFloor(thread);
    }

    @Override
    public List<Comment> floors(CommentThread thread, long fromFloor, long toFloor) {
        if (fromFloor > toFloor) {
            return List.of();
        }
        List<CommentIndex.Entry> entries = index.range(thread, fromFloor, toFloor);
        List<Get> gets = entries.stream()
                .filter(e -> !e.deleted())
                .map(e -> new Get(contentRow(e.commentId())).addFamily(MESSAGE))
                .toList();
        Map<Long, Result> byId = new HashMap<>();
        List<Result> results =
                gets.isEmpty() ? List.of() : contents.getAll(gets).join();
        for (Result result : results) {
            if (!result.isEmpty()) {
                byId.put(ByteBuffer.wrap(result.getRow(), 1, Long.BYTES).getLong(), result);
            }
        }
        List<Comment> comments = new ArrayList<>(entries.size());
        for (CommentIndex.Entry entry : entries) {
            Result content = byId.get(entry.commentId());
            if (content != null && content.getValue(MESSAGE, FLOOR) == null) {
                // Placed, but the process died before recording the floor with the content: finish that.
                recordFloor(entry.commentId(), entry.floor());
            }
            comments.add(comment(thread, entry, content));
        }
        return comments;
    }

    @Override
    public boolean delete(Comment comment) {
        boolean applied = index.markDeleted(comment.thread(), comment.floor());
        if (applied) {
            Delete content = new Delete(contentRow(comment.id())).addColumns(MESSAGE, CONTENT);
            HBaseMentions.delete(content, MESSAGE, comment.mentions());
            contents.delete(content).join();
        }
        return applied;
    }

    @Override
    public Map<Long, CommentCounts> countsOf(Collection<Long> commentIds) {
        List<Long> ids = List.copyOf(commentIds);
        if (ids.isEmpty()) {
            return Map.of();
        }
        List<Result> rows = contents.getAll(ids.stream()
                        .map(id -> new Get(contentRow(id)).addFamily(COUNTS))
                        .toList())
                .join();
        Map<Long, CommentCounts> counts = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            Result row = rows.get(i);
            counts.put(ids.get(i), new CommentCounts(counter(row, REPLIES), counter(row, LIKES), counter(row, HATES)));
        }
        return counts;
    }

    @Override
    public void addCounts(long commentId, CommentCounts delta) {
        if (!delta.isZero()) {
            Increment increment = new Increment(contentRow(commentId));
            increment.setReturnResults(false);
            addIfNonZero(increment, REPLIES, delta.replies());
            addIfNonZero(increment, LIKES, delta.likes());
            addIfNonZero(increment, HATES, delta.hates());
            contents.increment(increment).join();
        }
    }

    @Override
    public void listByAuthor(Comment comment) {
        byAuthor.table().put(byAuthor.add(comment.authorId(), comment.id())).join();
    }

    @Override
    public void unlistByAuthor(long authorId, long commentId) {
        byAuthor.table().delete(byAuthor.remove(authorId, commentId)).join();
    }

    @Override
    public List<Long> commentIdsByAuthor(long authorId, Optional<Long> beforeId, int limit) {
        return byAuthor.page(authorId, beforeId, limit);
    }

    @Override
    public void purge(Comment comment) {
        contents.delete(new Delete(contentRow(comment.id()))).join(); // the content and the counters; last: the locator
    }

    @Override
    public void purgeThread(CommentThread thread) {
        index.deleteAll(thread);
    }

    @Override
    public void purgeSubject(CommentedObject object) {
        subjects.delete(new Delete(subjectRow(object))).join();
    }

    private void recordFloor(long commentId, long floor) {
        contents.put(new Put(contentRow(commentId)).addColumn(MESSAGE, FLOOR, Bytes.toBytes(floor)))
                .join();
    }

    private static Comment comment(CommentThread thread, CommentIndex.Entry entry, Result content) {
        byte[] text = content == null || entry.deleted() ? null : content.getValue(MESSAGE, CONTENT);
        return new Comment(
                entry.commentId(),
                thread.object(),
                entry.authorId(),
                thread.rootId(),
                entry.parentId(),
                entry.floor(),
                text == null ? null : Bytes.toString(text),
                entry.createdAt(),
                entry.deleted(),
                text == null ? Map.of() : HBaseMentions.read(content, MESSAGE));
    }

    private byte[] subjectRow(CommentedObject object) {
        return ByteBuffer.allocate(1 + Long.BYTES + 1)
                .put(subjectSalt.of(object.id()))
                .putLong(object.id())
                .put(object.kind().code())
                .array();
    }

    private byte[] contentRow(long commentId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(contentSalt.of(commentId))
                .putLong(commentId)
                .array();
    }

    private static void addIfNonZero(Increment increment, byte[] column, long amount) {
        if (amount != 0) {
            increment.addColumn(COUNTS, column, amount);
        }
    }

    private static long counter(Result row, byte[] column) {
        byte[] value = row.getValue(COUNTS, column);
        return value == null ? 0 : Bytes.toLong(value);
    }
}
