package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.store.BucketWalk;
import dev.widefeed.store.TrendingJson;
import dev.widefeed.store.cassandra.setup.CqlCounterWrites;
import dev.widefeed.textindex.MentionEntry;
import dev.widefeed.textindex.TextIndexStore;
import dev.widefeed.textindex.Trending;
import dev.widefeed.textindex.TrendingWindow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The text indexes on Cassandra: {@code posts_by_topic} and {@code mentions_by_user} (a partition per owner and hour)
 * with their directories {@code topic_buckets_by_topic} and {@code mention_buckets_by_user}, the counters of
 * {@code topic_counts_by_bucket} and the rows of {@code trending_topics_by_window}. List writes are keyed overwrites
 * (the driver may retry them); counter updates are not retried.
 */
final class CqlTextIndexStore implements TextIndexStore {
    private final CqlSession session;
    private final PreparedStatement insertTopicPost;
    private final PreparedStatement insertTopicBucket;
    private final PreparedStatement selectTopicPost;
    private final PreparedStatement selectTopicBuckets;
    private final PreparedStatement selectTopicPosts;
    private final PreparedStatement insertMention;
    private final PreparedStatement insertMentionBucket;
    private final PreparedStatement selectMentionBuckets;
    private final PreparedStatement selectMentions;
    private final PreparedStatement addCount;
    private final PreparedStatement selectCounts;
    private final PreparedStatement upsertTrending;
    private final PreparedStatement selectTrending;

    CqlTextIndexStore(CqlSession session) {
        this.session = session;
        insertTopicPost = session.prepare(
                "INSERT INTO posts_by_topic (topic, bucket, post_id, author_id) " + "VALUES (?, ?, ?, ?)");
        insertTopicBucket = session.prepare("INSERT INTO topic_buckets_by_topic (topic, bucket) VALUES (?, ?)");
        selectTopicPost = session.prepare(
                "SELECT post_id FROM posts_by_topic WHERE topic = ? AND bucket = ? " + "AND post_id = ?");
        selectTopicBuckets =
                session.prepare("SELECT bucket FROM topic_buckets_by_topic WHERE topic = ? " + "AND bucket <= ?");
        selectTopicPosts = session.prepare(
                "SELECT post_id FROM posts_by_topic WHERE topic = ? AND bucket = ? " + "AND post_id < ? LIMIT ?");
        insertMention = session.prepare("INSERT INTO mentions_by_user (user_id, bucket, item_id, kind, post_id, "
                + "author_id) VALUES (?, ?, ?, ?, ?, ?)");
        insertMentionBucket = session.prepare("INSERT INTO mention_buckets_by_user (user_id, bucket) VALUES (?, ?)");
        selectMentionBuckets =
                session.prepare("SELECT bucket FROM mention_buckets_by_user WHERE user_id = ? " + "AND bucket <= ?");
        selectMentions = session.prepare("SELECT item_id, kind, post_id, author_id FROM mentions_by_user "
                + "WHERE user_id = ? AND bucket = ? AND item_id < ? LIMIT ?");
        addCount = CqlCounterWrites.prepare(
                session,
                "UPDATE topic_counts_by_bucket SET posts = posts + ? WHERE size_s = ? "
                        + "AND bucket = ? AND topic = ?");
        selectCounts =
                session.prepare("SELECT topic, posts FROM topic_counts_by_bucket WHERE size_s = ? " + "AND bucket = ?");
        upsertTrending = session.prepare(
                "INSERT INTO trending_topics_by_window (window_name, computed_at, topics) " + "VALUES (?, ?, ?)");
        selectTrending =
                session.prepare("SELECT computed_at, topics FROM trending_topics_by_window " + "WHERE window_name = ?");
    }

    /** Each list row and its directory row in one unlogged batch per owner: both are idempotent. */
    @Override
    public void addTopicPost(Collection<String> topics, Instant bucket, long postId, long authorId) {
        for (String topic : topics) {
            List<BatchableStatement<?>> both = List.of(
                    insertTopicPost.bind(topic, bucket, postId, authorId), insertTopicBucket.bind(topic, bucket));
            session.execute(BatchStatement.newInstance(BatchType.UNLOGGED, both).setIdempotent(true));
        }
    }

    @Override
    public boolean hasTopicPost(String topic, Instant bucket, long postId) {
        return session.execute(selectTopicPost.bind(topic, bucket, postId).setIdempotent(true))
                        .one()
                != null;
    }

    @Override
    public List<Long> topicPosts(String topic, Instant fromBucket, long beforeId, int limit) {
        return BucketWalk.page(
                directory(selectTopicBuckets.bind(topic, fromBucket)),
                limit,
                (bucket, first, want) -> session.execute(selectTopicPosts
                                .bind(topic, bucket, beforeId, want)
                                .setIdempotent(true))
                        .map(row -> row.getLong(0)));
    }

    @Override
    public void addMention(Collection<Long> userIds, Instant bucket, MentionEntry entry) {
        String kind = entry.kind().name().toLowerCase(Locale.ROOT);
        for (long user : userIds) {
            List<BatchableStatement<?>> both = List.of(
                    insertMention.bind(user, bucket, entry.itemId(), kind, entry.postId(), entry.authorId()),
                    insertMentionBucket.bind(user, bucket));
            session.execute(BatchStatement.newInstance(BatchType.UNLOGGED, both).setIdempotent(true));
        }
    }

    @Override
    public List<MentionEntry> mentions(long userId, Instant fromBucket, long beforeId, int limit) {
        return BucketWalk.page(
                directory(selectMentionBuckets.bind(userId, fromBucket)),
                limit,
                (bucket, first, want) -> session.execute(selectMentions
                                .bind(userId, bucket, beforeId, want)
                                .setIdempotent(true))
                        .map(row -> new MentionEntry(
                                row.getLong(0),
                                MentionEntry.Kind.valueOf(row.getString(1).toUpperCase(Locale.ROOT)),
                                row.getLong(2),
                                row.getLong(3))));
    }

    /** The directory's buckets newest first, paged through by the driver as the walk goes. */
    private Iterable<Instant> directory(BoundStatement select) {
        return session.execute(select.setIdempotent(true)).map(row -> row.getInstant(0));
    }

    @Override
    public void addTopicCounts(Map<Duration, Instant> buckets, Collection<String> topics, long delta) {
        List<BatchableStatement<?>> updates = new ArrayList<>();
        buckets.forEach((size, bucket) ->
                topics.forEach(topic -> updates.add(addCount.bind(delta, (int) size.toSeconds(), bucket, topic))));
        session.execute(BatchStatement.newInstance(BatchType.COUNTER, updates).setIdempotent(false));
    }

    @Override
    public Map<String, Long> topicCounts(Duration size, Instant bucket) {
        Map<String, Long> counts = new HashMap<>();
        for (Row row : session.execute(
                selectCounts.bind((int) size.toSeconds(), bucket).setIdempotent(true))) {
            counts.put(row.getString(0), row.getLong(1));
        }
        return counts;
    }

    @Override
    public void saveTrending(Trending trending) {
        session.execute(upsertTrending
                .bind(trending.window().wireName(), trending.computedAt(), TrendingJson.write(trending.topics()))
                .setIdempotent(true));
    }

    @Override
    public Optional<Trending> trending(TrendingWindow window) {
        Row row = session.execute(selectTrending.bind(window.wireName()).setIdempotent(true))
                .one();
        return row == null
                ? Optional.empty()
                : Optional.of(new Trending(window, row.getInstant(0), TrendingJson.read(row.getString(1))));
    }
}
