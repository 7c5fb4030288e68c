package dev.widefeed.textindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.audience.Audience;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.feed.timeline.FanoutRules;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.HomeRules;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.post.PostDetails;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Topic timelines, trending topics and the mentions timeline end to end over one real backend, with the event log's
 * job indexing what posts and comments name. It runs on every {@link TestBackend}.
 */
@BackendContract
public class TextIndexContract {
    private static final FeedRules FEED = new FeedRules(
            new FanoutRules(50, List.of(new FanoutRules.Tier("hot", Duration.ofDays(14), Duration.ofMinutes(1)))),
            new HomeRules(
                    20,
                    Duration.ofDays(1),
                    Duration.ofDays(14),
                    20,
                    5,
                    Duration.ofMinutes(1),
                    Duration.ZERO,
                    Duration.ofHours(6)),
            7);
    private static final int SHARDS = 4;

    private Features services;
    private EventLogJob job;
    /** Unique to this run: topics are shared by every test that writes to the store. */
    private final String run = "r" + Long.toString(TestStorages.ids().next() % 1_000_000_007L, 36);

    private final TestBackend backend;

    TextIndexContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    @BeforeEach
    void start() {
        services = new Features(
                storage(),
                InstanceSettings.of(TestStorages.ids(), Clock.systemUTC())
                        .withFeed(FEED)
                        .withLogShards(SHARDS));
        job = new EventLogJob(
                storage().eventLog(),
                services.log.handlers(),
                new EventLogJob.Settings(
                        SHARDS,
                        2,
                        5,
                        Duration.ofMillis(50),
                        Duration.ofMillis(250),
                        Duration.ofSeconds(5),
                        Duration.ofMinutes(10),
                        "test-" + UUID.randomUUID()),
                Clock.systemUTC(),
                new MetricRegistry(),
                services.context.threads().scheduled("eventlog-poll"),
                services.context.threads().fixed("eventlog-worker", 2),
                services.context.threads().cached("eventlog-release"));
        job.serve(services.log.log());
        job.start();
    }

    @AfterEach
    void stop() throws InterruptedException {
        job.stop();
    }

    private long user() {
        return services.graph.users().create("n" + run, Optional.empty()).id();
    }

    private String handle(long user) {
        return services.graph.users().get(user).handle().orElseThrow().value();
    }

    private List<Long> topicPosts(long viewer, String topic) {
        return services.textIndex.topics().topicPosts(viewer, topic, Optional.empty(), 100).items().stream()
                .map(p -> p.post().id())
                .toList();
    }

    /** Indexing is the event log's work, which in the whole suite has taken over a minute (see the bound's reason). */
    private static void await(BooleanSupplier condition, String what) {
        Awaitility.await(what)
                .atMost(ApiClient.BACKGROUND_WORK)
                .pollInterval(Duration.ofMillis(50))
                .until(condition::getAsBoolean);
    }

    @Test
    void aTopicListsItsPostsNewestFirstAndLeavesOutTheDeletedAndTheInvisible() {
        long ada = user();
        long bob = user();
        String topic = "java" + run;
        long first = services.posts
                .posts()
                .create(ada, "#Java" + run + " is old", null)
                .post()
                .id();
        long second = services.posts
                .posts()
                .create(bob, "still #JAVA" + run + "! and #" + topic, null)
                .post()
                .id();
        long privateOne = services.posts
                .posts()
                .create(
                        ada,
                        "#java" + run + " for me",
                        new Audience(Audience.Type.PRIVATE, List.of(), List.of(), List.of()))
                .post()
                .id();
        long repost = services.posts
                .posts()
                .repost(bob, first, "#java" + run + " again", null)
                .post()
                .id();
        services.posts.posts().create(ada, "no topic here: java" + run, null);

        await(() -> topicPosts(ada, topic).size() == 4, "the four posts naming the topic indexed");
        assertThat(topicPosts(ada, topic)).containsExactly(repost, privateOne, second, first);
        assertThat(topicPosts(bob, topic))
                .as("ada's private post is not bob's to see")
                .containsExactly(repost, second, first);

        services.posts.posts().delete(bob, second);
        assertThat(topicPosts(ada, topic)).containsExactly(repost, privateOne, first);
        List<PostDetails> page = services.textIndex
                .topics()
                .topicPosts(ada, topic, Optional.empty(), 2)
                .items();
        assertThat(page).hasSize(2);
        Optional<Long> next = services.textIndex
                .topics()
                .topicPosts(ada, topic, Optional.empty(), 2)
                .next();
        assertThat(services.textIndex.topics().topicPosts(ada, topic, next, 2).items().stream()
                        .map(p -> p.post().id()))
                .containsExactly(first);
    }

    @Test
    void trendingRanksTheTopTenOfAKnownStreamOfPosts() {
        long ada = user();
        List<String> topics = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            String topic = "trend" + run + "x" + (char) ('a' + i);
            topics.add(topic);
            int posts = i < 10 ? 30 - i : 5 - (i - 10); // the top ten: 30, 29, ..., 21; then 5, 4, 3, 2
            for (int p = 0; p < posts; p++) {
                // once per post however named
                texts.add("#" + topic + (p % 3 == 0 ? " #" + topic.toUpperCase(Locale.ROOT) : ""));
            }
        }
        Collections.shuffle(texts, new Random(7));
        for (String text : texts) {
            services.posts.posts().create(ada, text, null);
        }
        // Every post indexed (a post's counters move before its place in the lists is written).
        await(
                () -> {
                    for (int i = 0; i < topics.size(); i++) {
                        if (topicPosts(ada, topics.get(i)).size() != (i < 10 ? 30 - i : 5 - (i - 10))) {
                            return false;
                        }
                    }
                    return true;
                },
                "the stream indexed");
        TrendingJob trending = new TrendingJob(
                storage().textIndex(),
                Duration.ofMinutes(1),
                Clock.systemUTC(),
                services.context.threads().scheduled("trending"));
        trending.refresh();

        for (TrendingWindow window : TrendingWindow.values()) {
            // This run's topics only: the store keeps every earlier run's of the same hour too.
            List<TopicCount> top =
                    mine(services.textIndex.topics().trending(window)).subList(0, 10);
            List<TopicCount> expected = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                expected.add(new TopicCount(topics.get(i), 30 - i));
            }
            assertThat(top).as(window.wireName()).containsExactlyElementsOf(expected);
        }

        // Deleting ten posts of the leader takes it down to 20: last of the ten.
        List<Long> leaders = topicPosts(ada, topics.get(0));
        for (long id : leaders.subList(0, 10)) {
            services.posts.posts().delete(ada, id);
        }
        trending.refresh();
        List<TopicCount> after = mine(services.textIndex.topics().trending(TrendingWindow.HOUR));
        assertThat(after.subList(0, 10).stream().map(TopicCount::topic))
                .containsExactlyElementsOf(concat(topics.subList(1, 10), topics.get(0)));
        assertThat(after.get(9).posts()).isEqualTo(20);
    }

    private List<TopicCount> mine(Trending trending) {
        return trending.topics().stream()
                .filter(t -> t.topic().startsWith("trend" + run))
                .toList();
    }

    private static List<String> concat(List<String> first, String last) {
        List<String> all = new ArrayList<>(first);
        all.add(last);
        return all;
    }

    @Test
    void myMentionsListThePostsAndCommentsThatNameMeNewestFirstToMeAlone() {
        long ada = user();
        long bob = user();
        long cy = user();
        long post = services.posts
                .posts()
                .create(bob, "hi @" + handle(ada), null)
                .post()
                .id();
        long comment = services.comments
                .writer()
                .create(cy, post, "yes @" + handle(ada) + " @" + handle(bob), Optional.empty())
                .comment()
                .id();
        long hidden = services.posts
                .posts()
                .create(
                        cy,
                        "psst @" + handle(ada),
                        new Audience(Audience.Type.PARTLY_VISIBLE, List.of(bob), List.of(), List.of()))
                .post()
                .id();
        long own = services.posts
                .posts()
                .create(ada, "me, @" + handle(ada), null)
                .post()
                .id();
        long later = services.posts
                .posts()
                .create(bob, "again @" + handle(ada), null)
                .post()
                .id();

        await(
                () -> services.textIndex
                                .topics()
                                .mentions(ada, ada, Optional.empty(), 10)
                                .items()
                                .size()
                        == 3,
                "ada's mentions indexed");
        List<TextIndexService.Mentioned> mine = services.textIndex
                .topics()
                .mentions(ada, ada, Optional.empty(), 10)
                .items();
        assertThat(mine.get(0).post().map(p -> p.post().id())).contains(later);
        assertThat(mine.get(1).comment().map(c -> c.comment().id())).contains(comment);
        assertThat(mine.get(2).post().map(p -> p.post().id())).contains(post);
        assertThat(services.textIndex
                        .topics()
                        .mentions(bob, bob, Optional.empty(), 10)
                        .items())
                .hasSize(1);
        assertThat(hidden).isNotEqualTo(own); // neither the invisible nor ada's own naming of herself is listed

        services.comments.writer().delete(cy, comment);
        await(
                () -> services.textIndex
                                .topics()
                                .mentions(ada, ada, Optional.empty(), 10)
                                .items()
                                .size()
                        == 2,
                "a deleted comment left out");
        assertThatThrownBy(() -> services.textIndex.topics().mentions(bob, ada, Optional.empty(), 10))
                .isInstanceOf(DomainException.class);
    }
}
