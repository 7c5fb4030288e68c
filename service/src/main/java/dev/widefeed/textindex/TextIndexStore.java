package dev.widefeed.textindex;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What texts name, indexed (docs/design.md, "Mentions and topics"): each topic's posts and each user's mentions, newest
 * first in hourly buckets with a directory of the buckets that hold any (so a reader never walks empty hours), the
 * topics' post counters per time bucket, and the trending topics the job computes from them.
 */
public interface TextIndexStore {
    /** Adds the post to each topic's list in {@code bucket} (and the bucket to each topic's directory). Idempotent. */
    void addTopicPost(Collection<String> topics, Instant bucket, long postId, long authorId);

    /** Whether the post is in the topic's list in {@code bucket}. */
    boolean hasTopicPost(String topic, Instant bucket, long postId);

    /** The topic's post ids below {@code beforeId}, newest first, from the buckets at or before {@code fromBucket}. */
    List<Long> topicPosts(String topic, Instant fromBucket, long beforeId, int limit);

    /** Adds the entry to each user's mentions in {@code bucket} (and the bucket to their directory). Idempotent. */
    void addMention(Collection<Long> userIds, Instant bucket, MentionEntry entry);

    /** The user's mentions below {@code beforeId}, newest first, from the buckets at or before {@code fromBucket}. */
    List<MentionEntry> mentions(long userId, Instant fromBucket, long beforeId, int limit);

    /**
     * Adds {@code delta} to each topic's post counter in the bucket of each size starting at the given instant. Not
     * retried: a timeout is {@link dev.widefeed.kernel.UnknownOutcomeException}.
     */
    void addTopicCounts(Map<Duration, Instant> buckets, Collection<String> topics, long delta);

    /** Every topic's count in the bucket of {@code size} starting at {@code bucket}. */
    Map<String, Long> topicCounts(Duration size, Instant bucket);

    void saveTrending(Trending trending);

    Optional<Trending> trending(TrendingWindow window);
}
