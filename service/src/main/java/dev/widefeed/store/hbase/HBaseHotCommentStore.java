package dev.widefeed.store.hbase;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.HotCommentStore;
import dev.widefeed.comment.store.HotCursor;
import dev.widefeed.comment.store.RankedComment;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
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
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The hot ranking on HBase: {@code hot_comments_by_post} and each comment's recorded score in
 * {@code comment_ranks_by_id}.
 */
final class HBaseHotCommentStore implements HotCommentStore {
    private static final byte[] HOT = Bytes.toBytes("h");
    private static final byte[] COMMENT_ID = Bytes.toBytes("comment_id");
    private static final byte[] RANK = Bytes.toBytes("r");
    private static final byte[] SCORE = Bytes.toBytes("score");

    private final AsyncTable<AdvancedScanResultConsumer> hot;
    private final Salt hotSalt;
    private final AsyncTable<AdvancedScanResultConsumer> ranks;
    private final Salt rankSalt;

    HBaseHotCommentStore(AsyncConnection connection, String namespace, HBaseTables declared) {
        this.hot = connection.getTable(TableName.valueOf(namespace, "hot_comments_by_post"));
        this.hotSalt = Salt.of(declared.table("hot_comments_by_post"));
        this.ranks = connection.getTable(TableName.valueOf(namespace, "comment_ranks_by_id"));
        this.rankSalt = Salt.of(declared.table("comment_ranks_by_id"));
    }

    @Override
    public long rankedScore(long commentId) {
        return score(
                ranks.get(new Get(rankRow(commentId)).addColumn(RANK, SCORE)).join());
    }

    @Override
    public Map<Long, Long> rankedScores(Collection<Long> commentIds) {
        List<Long> ids = List.copyOf(commentIds);
        List<Result> rows = ids.isEmpty()
                ? List.of()
                : ranks.getAll(ids.stream()
                                .map(id -> new Get(rankRow(id)).addColumn(RANK, SCORE))
                                .toList())
                        .join();
        Map<Long, Long> scores = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            scores.put(ids.get(i), score(rows.get(i)));
        }
        return scores;
    }

    @Override
    public void setRankedScore(long commentId, long score) {
        ranks.put(new Put(rankRow(commentId)).addColumn(RANK, SCORE, Bytes.toBytes(score)))
                .join();
    }

    @Override
    public void putRanked(RankedComment entry) {
        hot.put(new Put(hotRow(entry.object(), entry.score(), entry.floor()))
                        .addColumn(HOT, COMMENT_ID, Bytes.toBytes(entry.commentId())))
                .join();
    }

    @Override
    public void removeRanked(RankedComment entry) {
        hot.delete(new Delete(hotRow(entry.object(), entry.score(), entry.floor())))
                .join();
    }

    @Override
    public List<RankedComment> ranked(CommentedObject object, Optional<HotCursor> after, int limit) {
        byte[] prefix = hotPrefix(object);
        Scan scan = new Scan()
                .setStartStopRowForPrefixScan(prefix)
                .addColumn(HOT, COMMENT_ID)
                .setLimit(limit)
                .setCaching(limit);
        after.ifPresent(c -> scan.withStartRow(hotRow(object, c.score(), c.floor()), false));
        List<RankedComment> entries = new ArrayList<>();
        for (Result row : hot.scanAll(scan).join()) {
            ByteBuffer key = ByteBuffer.wrap(row.getRow(), prefix.length, 2 * Long.BYTES);
            long score = Long.MAX_VALUE - key.getLong();
            entries.add(new RankedComment(object, score, key.getLong(), Bytes.toLong(row.getValue(HOT, COMMENT_ID))));
        }
        return entries;
    }

    @Override
    public void purgeRanking(Comment comment) {
        long score = rankedScore(comment.id());
        if (score > 0) {
            removeRanked(new RankedComment(comment.object(), score, comment.floor(), comment.id()));
        }
        ranks.delete(new Delete(rankRow(comment.id()))).join();
    }

    private static long score(Result row) {
        byte[] score = row.getValue(RANK, SCORE);
        return score == null ? 0 : Bytes.toLong(score);
    }

    private byte[] rankRow(long commentId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(rankSalt.of(commentId))
                .putLong(commentId)
                .array();
    }

    private byte[] hotPrefix(CommentedObject object) {
        return ByteBuffer.allocate(1 + Long.BYTES + 1)
                .put(hotSalt.of(object.id()))
                .putLong(object.id())
                .put(object.kind().code())
                .array();
    }

    /** salt | object | kind | (MAX - score) | floor: highest score first, then oldest. */
    private byte[] hotRow(CommentedObject object, long score, long floor) {
        return ByteBuffer.allocate(1 + Long.BYTES + 1 + 2 * Long.BYTES)
                .put(hotPrefix(object))
                .putLong(Long.MAX_VALUE - score)
                .putLong(floor)
                .array();
    }
}
