package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.textindex.MentionEntry;
import dev.widefeed.textindex.TextIndexRules;
import dev.widefeed.textindex.TextIndexStore;
import dev.widefeed.textindex.TopicCount;
import dev.widefeed.textindex.Trending;
import dev.widefeed.textindex.TrendingWindow;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What every backend's {@link TextIndexStore} must do, run on every {@link TestBackend}. */
@BackendContract
public class TextIndexStoreContract {
    private final IdGenerator ids = TestStorages.ids();
    private final Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS);

    private final TestBackend backend;

    TextIndexStoreContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private TextIndexStore index() {
        return storage().textIndex();
    }

    @Test
    void aTopicsPostsListNewestFirstAcrossItsHoursAndPageBelowACursor() {
        String topic = "t" + ids.next();
        String other = "o" + ids.next();
        Instant twoHoursAgo = hour.minus(Duration.ofHours(2));
        Instant lastWeek = hour.minus(Duration.ofDays(7));
        long old = ids.next();
        long a = ids.next();
        long b = ids.next();
        long c = ids.next();
        index().addTopicPost(List.of(topic), lastWeek, old, 1);
        index().addTopicPost(List.of(topic, other), twoHoursAgo, a, 1);
        index().addTopicPost(List.of(topic), hour, b, 2);
        index().addTopicPost(List.of(topic), hour, c, 3);
        index().addTopicPost(List.of(topic), hour, c, 3); // again: one entry

        assertThat(index().topicPosts(topic, hour, Long.MAX_VALUE, 100)).containsExactly(c, b, a, old);
        assertThat(index().topicPosts(topic, hour, Long.MAX_VALUE, 2)).containsExactly(c, b);
        assertThat(index().topicPosts(topic, hour, b, 2)).containsExactly(a, old);
        assertThat(index().topicPosts(topic, twoHoursAgo, Long.MAX_VALUE, 100)).containsExactly(a, old);
        assertThat(index().topicPosts(other, hour, Long.MAX_VALUE, 100)).containsExactly(a);
        assertThat(index().topicPosts("n" + ids.next(), hour, Long.MAX_VALUE, 100))
                .isEmpty();
        assertThat(index().hasTopicPost(topic, hour, b)).isTrue();
        assertThat(index().hasTopicPost(other, hour, b)).isFalse();
    }

    @Test
    void aUsersMentionsListNewestFirstWithWhereTheyAre() {
        long ada = ids.next();
        long bob = ids.next();
        MentionEntry inPost = new MentionEntry(ids.next(), MentionEntry.Kind.POST, 0, 7);
        inPost = new MentionEntry(inPost.itemId(), MentionEntry.Kind.POST, inPost.itemId(), 7);
        MentionEntry inComment = new MentionEntry(ids.next(), MentionEntry.Kind.COMMENT, inPost.itemId(), 8);
        index().addMention(List.of(ada, bob), hour.minus(Duration.ofHours(30)), inPost);
        index().addMention(List.of(ada), hour, inComment);

        assertThat(index().mentions(ada, hour, Long.MAX_VALUE, 10)).containsExactly(inComment, inPost);
        assertThat(index().mentions(ada, hour, inComment.itemId(), 10)).containsExactly(inPost);
        assertThat(index().mentions(bob, hour, Long.MAX_VALUE, 10)).containsExactly(inPost);
    }

    @Test
    void topicCountersAddUpPerBucketAndTrendingReadsBackAsSaved() {
        String x = "x" + ids.next();
        String y = "y" + ids.next();
        Instant slot = Instant.parse("2025-03-01T10:20:00Z").plusSeconds(ids.next() % 1_000 * 600);
        Map<Duration, Instant> buckets = Map.of(
                TextIndexRules.SLOT, slot, TextIndexRules.HOUR, TextIndexRules.bucketOf(slot, TextIndexRules.HOUR));
        index().addTopicCounts(buckets, List.of(x, y), 1);
        index().addTopicCounts(buckets, List.of(x), 1);
        index().addTopicCounts(buckets, List.of(y), -1);

        assertThat(index().topicCounts(TextIndexRules.SLOT, slot))
                .containsEntry(x, 2L)
                .containsEntry(y, 0L);
        assertThat(index().topicCounts(TextIndexRules.HOUR, TextIndexRules.bucketOf(slot, TextIndexRules.HOUR)))
                .containsEntry(x, 2L);
        assertThat(index().topicCounts(TextIndexRules.SLOT, slot.plusSeconds(600)))
                .doesNotContainKey(x);

        Trending trending = new Trending(
                TrendingWindow.DAY,
                Instant.ofEpochMilli(ids.next() >>> 22),
                List.of(new TopicCount(x, 2), new TopicCount("日本語", 1)));
        index().saveTrending(trending);
        assertThat(index().trending(TrendingWindow.DAY)).contains(trending);
    }
}
