package dev.widefeed.store.hbase;

import dev.widefeed.store.BucketWalk;
import dev.widefeed.store.TrendingJson;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.textindex.MentionEntry;
import dev.widefeed.textindex.TextIndexStore;
import dev.widefeed.textindex.Trending;
import dev.widefeed.textindex.TrendingWindow;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The text indexes on HBase: a row per listed post ({@code posts_by_topic}) or mention ({@code mentions_by_user}),
 * keyed owner | inverted hour | inverted id so one owner's hour is a prefix scan newest first, with a row per hour
 * that holds any in their directories; topic counters as Increments on a row per bucket and topic; the trending
 * topics as one row per window.
 */
final class HBaseTextIndexStore implements TextIndexStore {
    private static final byte[] P = Bytes.toBytes("p");
    private static final byte[] A = Bytes.toBytes("a");
    private static final byte[] D = Bytes.toBytes("d");
    private static final byte[] M = Bytes.toBytes("m");
    private static final byte[] KIND = Bytes.toBytes("kind");
    private static final byte[] POST_ID = Bytes.toBytes("post_id");
    private static final byte[] AUTHOR_ID = Bytes.toBytes("author_id");
    private static final byte[] C = Bytes.toBytes("c");
    private static final byte[] POSTS = Bytes.toBytes("posts");
    private static final byte[] T = Bytes.toBytes("t");
    private static final byte[] COMPUTED_AT = Bytes.toBytes("computed_at");
    private static final byte[] TOPICS = Bytes.toBytes("topics");
    private static final byte[] NOTHING = new byte[0];

    private final AsyncTable<AdvancedScanResultConsumer> topicPosts;
    private final AsyncTable<AdvancedScanResultConsumer> topicBuckets;
    private final Salt topicSalt;
    private final AsyncTable<AdvancedScanResultConsumer> mentions;
    private final AsyncTable<AdvancedScanResultConsumer> mentionBuckets;
    private final Salt mentionSalt;
    private final AsyncTable<AdvancedScanResultConsumer> counts;
    private final AsyncTable<AdvancedScanResultConsumer> countsOnce;
    private final AsyncTable<AdvancedScanResultConsumer> trending;

    HBaseTextIndexStore(AsyncConnection connection, String namespace, HBaseTables declared) {
        TableName posts = TableName.valueOf(namespace, "posts_by_topic");
        TableName mentionsTable = TableName.valueOf(namespace, "mentions_by_user");
        TableName countsTable = TableName.valueOf(namespace, "topic_counts_by_bucket");
        this.topicPosts = connection.getTable(posts);
        this.topicBuckets = connection.getTable(TableName.valueOf(namespace, "topic_buckets_by_topic"));
        this.topicSalt = Salt.of(declared.table(posts.getQualifierAsString()));
        this.mentions = connection.getTable(mentionsTable);
        this.mentionBuckets = connection.getTable(TableName.valueOf(namespace, "mention_buckets_by_user"));
        this.mentionSalt = Salt.of(declared.table(mentionsTable.getQualifierAsString()));
        this.counts = connection.getTable(countsTable);
        // One attempt: a retried Increment that applied the first time would count twice.
        this.countsOnce =
                connection.getTableBuilder(countsTable).setMaxAttempts(1).build();
        this.trending = connection.getTable(TableName.valueOf(namespace, "trending_topics_by_window"));
    }

    @Override
    public void addTopicPost(Collection<String> topics, Instant bucket, long postId, long authorId) {
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        for (String topic : topics) {
            byte[] owner = topicOwner(topic);
            writes.add(
                    topicPosts.put(new Put(entryRow(owner, bucket, postId)).addColumn(P, A, Bytes.toBytes(authorId))));
            writes.add(topicBuckets.put(new Put(bucketRow(owner, bucket)).addColumn(D, M, NOTHING)));
        }
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
    }

    @Override
    public boolean hasTopicPost(String topic, Instant bucket, long postId) {
        return topicPosts
                .exists(new Get(entryRow(topicOwner(topic), bucket, postId)))
                .join();
    }

    @Override
    public List<Long> topicPosts(String topic, Instant fromBucket, long beforeId, int limit) {
        byte[] owner = topicOwner(topic);
        return BucketWalk.page(
                buckets(topicBuckets, owner, fromBucket),
                limit,
                (bucket, first, want) -> entries(topicPosts, owner, bucket, beforeId, want).stream()
                        .map(row -> Long.MAX_VALUE - Bytes.toLong(row.getRow(), row.getRow().length - Long.BYTES))
                        .toList());
    }

    @Override
    public void addMention(Collection<Long> userIds, Instant bucket, MentionEntry entry) {
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        for (long user : userIds) {
            byte[] owner = userOwner(user);
            writes.add(mentions.put(new Put(entryRow(owner, bucket, entry.itemId()))
                    .addColumn(M, KIND, Bytes.toBytes(entry.kind().name().toLowerCase(Locale.ROOT)))
                    .addColumn(M, POST_ID, Bytes.toBytes(entry.postId()))
                    .addColumn(M, AUTHOR_ID, Bytes.toBytes(entry.authorId()))));
            writes.add(mentionBuckets.put(new Put(bucketRow(owner, bucket)).addColumn(D, M, NOTHING)));
        }
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
    }

    @Override
    public List<MentionEntry> mentions(long userId, Instant fromBucket, long beforeId, int limit) {
        byte[] owner = userOwner(userId);
        return BucketWalk.page(
                buckets(mentionBuckets, owner, fromBucket),
                limit,
                (bucket, first, want) -> entries(mentions, owner, bucket, beforeId, want).stream()
                        .map(row -> new MentionEntry(
                                Long.MAX_VALUE - Bytes.toLong(row.getRow(), row.getRow().length - Long.BYTES),
                                MentionEntry.Kind.valueOf(
                                        Bytes.toString(row.getValue(M, KIND)).toUpperCase(Locale.ROOT)),
                                Bytes.toLong(row.getValue(M, POST_ID)),
                                Bytes.toLong(row.getValue(M, AUTHOR_ID))))
                        .toList());
    }

    /** The owner's directory from {@code fromBucket} back, newest first. */
    private static List<Instant> buckets(
            AsyncTable<AdvancedScanResultConsumer> directory, byte[] owner, Instant fromBucket) {
        Scan scan = new Scan()
                .withStartRow(bucketRow(owner, fromBucket), true)
                .withStopRow(
                        ByteBuffer.allocate(owner.length + Long.BYTES)
                                .put(owner)
                                .putLong(Long.MAX_VALUE)
                                .array(),
                        true)
                .setCaching(1000);
        List<Instant> found = new ArrayList<>();
        for (Result row : directory.scanAll(scan).join()) {
            found.add(Instant.ofEpochSecond(Long.MAX_VALUE - Bytes.toLong(row.getRow(), owner.length)));
        }
        return found;
    }

    /** One hour of the owner's list, below {@code beforeId}, newest first. */
    private static List<Result> entries(
            AsyncTable<AdvancedScanResultConsumer> table, byte[] owner, Instant bucket, long beforeId, int limit) {
        byte[] hour = bucketRow(owner, bucket);
        Scan scan = new Scan()
                .withStartRow(entryRow(owner, bucket, beforeId), false)
                .withStopRow(
                        ByteBuffer.allocate(hour.length + Long.BYTES)
                                .put(hour)
                                .putLong(Long.MAX_VALUE)
                                .array(),
                        true)
                .setLimit(limit)
                .setCaching(Math.min(limit, 1000));
        return table.scanAll(scan).join();
    }

    @Override
    public void addTopicCounts(Map<Duration, Instant> buckets, Collection<String> topics, long delta) {
        List<CompletableFuture<Result>> increments = new ArrayList<>();
        buckets.forEach((size, bucket) -> topics.forEach(topic -> increments.add(
                countsOnce.increment(new Increment(countRow(size, bucket, topic)).addColumn(C, POSTS, delta)))));
        CompletableFuture.allOf(increments.toArray(CompletableFuture[]::new)).join();
    }

    @Override
    public Map<String, Long> topicCounts(Duration size, Instant bucket) {
        byte[] prefix = ByteBuffer.allocate(Integer.BYTES + Long.BYTES)
                .putInt((int) size.toSeconds())
                .putLong(bucket.getEpochSecond())
                .array();
        Map<String, Long> found = new HashMap<>();
        for (Result row : counts.scanAll(new Scan()
                        .setStartStopRowForPrefixScan(prefix)
                        .addFamily(C)
                        .setCaching(1000))
                .join()) {
            found.put(
                    Bytes.toString(row.getRow(), prefix.length, row.getRow().length - prefix.length),
                    Bytes.toLong(row.getValue(C, POSTS)));
        }
        return found;
    }

    @Override
    public void saveTrending(Trending t) {
        trending.put(new Put(Bytes.toBytes(t.window().wireName()))
                        .addColumn(T, COMPUTED_AT, Bytes.toBytes(t.computedAt().toEpochMilli()))
                        .addColumn(T, TOPICS, Bytes.toBytes(TrendingJson.write(t.topics()))))
                .join();
    }

    @Override
    public Optional<Trending> trending(TrendingWindow window) {
        Result row = trending.get(new Get(Bytes.toBytes(window.wireName())).addFamily(T))
                .join();
        if (row.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Trending(
                window,
                Instant.ofEpochMilli(Bytes.toLong(row.getValue(T, COMPUTED_AT))),
                TrendingJson.read(Bytes.toString(row.getValue(T, TOPICS)))));
    }

    private byte[] topicOwner(String topic) {
        byte[] name = topic.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + Short.BYTES + name.length)
                .put(topicSalt.of(topic.hashCode()))
                .putShort((short) name.length)
                .put(name)
                .array();
    }

    private byte[] userOwner(long userId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(mentionSalt.of(userId))
                .putLong(userId)
                .array();
    }

    private static byte[] bucketRow(byte[] owner, Instant bucket) {
        return ByteBuffer.allocate(owner.length + Long.BYTES)
                .put(owner)
                .putLong(Long.MAX_VALUE - bucket.getEpochSecond())
                .array();
    }

    private static byte[] entryRow(byte[] owner, Instant bucket, long id) {
        return ByteBuffer.allocate(owner.length + 2 * Long.BYTES)
                .put(owner)
                .putLong(Long.MAX_VALUE - bucket.getEpochSecond())
                .putLong(Long.MAX_VALUE - id)
                .array();
    }

    private static byte[] countRow(Duration size, Instant bucket, String topic) {
        byte[] name = topic.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(Integer.BYTES + Long.BYTES + name.length)
                .putInt((int) size.toSeconds())
                .putLong(bucket.getEpochSecond())
                .put(name)
                .array();
    }
}
