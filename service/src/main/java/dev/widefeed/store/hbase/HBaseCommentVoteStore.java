package dev.widefeed.store.hbase;

import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentVoteStore;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.rows.RowDeletes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Comment votes on HBase: {@code comment_votes}, changed only by checkAndMutate on a table without client retries,
 * and {@code comment_votes_by_user}.
 */
final class HBaseCommentVoteStore implements CommentVoteStore {
    private static final byte[] VOTE_FAMILY = Bytes.toBytes("v");
    private static final byte[] VOTE = Bytes.toBytes("vote");

    private final AsyncTable<AdvancedScanResultConsumer> votesOnce;
    private final AsyncTable<AdvancedScanResultConsumer> votes;
    private final Salt voteSalt;
    private final AsyncTable<AdvancedScanResultConsumer> voted;
    private final Salt votedSalt;

    HBaseCommentVoteStore(AsyncConnection connection, String namespace, HBaseTables declared) {
        TableName voteTable = TableName.valueOf(namespace, "comment_votes");
        // No client retries: a retried compare-and-set that had been applied would report a lost race.
        this.votesOnce = connection.getTableBuilder(voteTable).setMaxAttempts(1).build();
        this.votes = connection.getTable(voteTable); // reads, retried
        this.voteSalt = Salt.of(declared.table("comment_votes"));
        this.voted = connection.getTable(TableName.valueOf(namespace, "comment_votes_by_user"));
        this.votedSalt = Salt.of(declared.table("comment_votes_by_user"));
    }

    @Override
    public Vote vote(long commentId, long userId) {
        Result row = votesOnce
                .get(new Get(voteRow(commentId, userId)).addColumn(VOTE_FAMILY, VOTE))
                .join();
        byte[] vote = row.getValue(VOTE_FAMILY, VOTE);
        return vote == null ? Vote.NONE : Vote.ofCode(vote[0]);
    }

    @Override
    public boolean compareAndSetVote(long commentId, long userId, Vote expected, Vote next) {
        byte[] row = voteRow(commentId, userId);
        // None is written as a value, not a delete: a delete marker would mask a later vote put in the same
        // millisecond (like, none, hate would read none). So "expected none" is "no cell yet, or a none cell".
        Put put = new Put(row).addColumn(VOTE_FAMILY, VOTE, new byte[] {next.code()});
        if (expected == Vote.NONE && casVote(CheckAndMutate.newBuilder(row).ifNotExists(VOTE_FAMILY, VOTE), put)) {
            return true;
        }
        return casVote(CheckAndMutate.newBuilder(row).ifEquals(VOTE_FAMILY, VOTE, new byte[] {expected.code()}), put);
    }

    @Override
    public Map<Long, Vote> votesOf(long userId, Collection<Long> commentIds) {
        List<Long> ids = List.copyOf(commentIds);
        List<Get> gets = ids.stream()
                .map(id -> new Get(voteRow(id, userId)).addColumn(VOTE_FAMILY, VOTE))
                .toList();
        List<Result> rows = ids.isEmpty() ? List.of() : votes.getAll(gets).join();
        Map<Long, Vote> votes = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            byte[] vote = rows.get(i).getValue(VOTE_FAMILY, VOTE);
            votes.put(ids.get(i), vote == null ? Vote.NONE : Vote.ofCode(vote[0]));
        }
        return votes;
    }

    @Override
    public CommentCounts countVotes(long commentId) {
        byte[] prefix = ByteBuffer.allocate(1 + Long.BYTES)
                .put(voteSalt.of(commentId))
                .putLong(commentId)
                .array();
        Scan scan = new Scan()
                .setStartStopRowForPrefixScan(prefix)
                .addColumn(VOTE_FAMILY, VOTE)
                .setCaching(1000);
        long likes = 0;
        long hates = 0;
        try (ResultScanner scanner = votes.getScanner(scan)) { // streamed: a popular comment has many votes
            for (Result row : scanner) {
                Vote vote = Vote.ofCode(row.getValue(VOTE_FAMILY, VOTE)[0]);
                likes += vote == Vote.LIKE ? 1 : 0;
                hates += vote == Vote.HATE ? 1 : 0;
            }
        }
        return new CommentCounts(0, likes, hates);
    }

    @Override
    public void listVote(long commentId, long userId) {
        voted.put(new Put(votedRow(userId, commentId)).addColumn(VOTE_FAMILY, VOTE, new byte[0]))
                .join();
    }

    @Override
    public List<Long> votedComments(long userId, Optional<Long> after, int limit) {
        byte[] prefix = ByteBuffer.allocate(1 + Long.BYTES)
                .put(votedSalt.of(userId))
                .putLong(userId)
                .array();
        Scan scan =
                new Scan().setStartStopRowForPrefixScan(prefix).setLimit(limit).setCaching(limit);
        after.ifPresent(id -> scan.withStartRow(votedRow(userId, id), false));
        List<Long> ids = new ArrayList<>();
        for (Result row : voted.scanAll(scan).join()) {
            ids.add(ByteBuffer.wrap(row.getRow(), prefix.length, Long.BYTES).getLong());
        }
        return ids;
    }

    @Override
    public Set<Long> votedAmong(long userId, Collection<Long> commentIds) {
        List<Long> ids = List.copyOf(commentIds);
        if (ids.isEmpty()) {
            return Set.of();
        }
        // The user's rows are contiguous (salted by the user), so the gets go to one region: one RPC.
        List<Boolean> listed = voted.existsAll(
                        ids.stream().map(id -> new Get(votedRow(userId, id))).toList())
                .join();
        Set<Long> among = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            if (listed.get(i)) {
                among.add(ids.get(i));
            }
        }
        return among;
    }

    private byte[] votedRow(long userId, long commentId) {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES)
                .put(votedSalt.of(userId))
                .putLong(userId)
                .putLong(commentId)
                .array();
    }

    @Override
    public void unlistVote(long commentId, long userId) {
        voted.delete(new Delete(votedRow(userId, commentId))).join();
    }

    @Override
    public void deleteVote(long commentId, long userId) {
        byte[] row = voteRow(commentId, userId);
        votesOnce
                .checkAndMutate(CheckAndMutate.newBuilder(row)
                        .ifEquals(VOTE_FAMILY, VOTE, new byte[] {Vote.NONE.code()})
                        .build(new Delete(row)))
                .join();
    }

    @Override
    public void purgeVotes(long commentId) {
        RowDeletes.withPrefix(
                votes,
                ByteBuffer.allocate(1 + Long.BYTES)
                        .put(voteSalt.of(commentId))
                        .putLong(commentId)
                        .array());
    }

    private boolean casVote(CheckAndMutate.Builder check, Put put) {
        return votesOnce.checkAndMutate(check.build(put)).join().isSuccess();
    }

    private byte[] voteRow(long commentId, long userId) {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES)
                .put(voteSalt.of(commentId))
                .putLong(commentId)
                .putLong(userId)
                .array();
    }
}
