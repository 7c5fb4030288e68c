package dev.widefeed.drills.servicekill;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The service-kill drill's reading of exported tables: both backends' shapes, and the plan against the inboxes. */
class HomeDeliveryTest {
    @TempDir
    Path dir;

    @Test
    void followersAreReadFromEitherBackendsExport() throws Exception {
        Instant post = Instant.parse("2026-11-25T12:00:00Z");
        Files.createDirectories(dir.resolve("cassandra/followers_by_user"));
        Files.writeString(dir.resolve("cassandra/followers_by_user/part-0.jsonl"), """
                {"user_id":7,"bucket":0,"since":"2023-01-01T00:00:00Z","follower_id":11,"last_read":"2026-11-25T06:00:00Z"}
                {"user_id":7,"bucket":0,"since":"2023-01-01T00:00:00Z","follower_id":12}
                {"user_id":7,"bucket":0,"since":"2023-01-01T00:00:00Z","follower_id":13,"last_read":"2026-10-01T00:00:00Z"}
                {"user_id":8,"bucket":0,"since":"2023-01-01T00:00:00Z","follower_id":14,"last_read":"2026-11-25T06:00:00Z"}
                """);
        Files.createDirectories(dir.resolve("hbase/followers_by_user"));
        Files.writeString(dir.resolve("hbase/followers_by_user/part-0.jsonl"), """
                {"row_key":"AA==","salt":1,"user_id":7,"since":1,"follower_id":11,"present":true,"last_read":%d}
                {"row_key":"AA==","salt":1,"user_id":7,"since":1,"follower_id":12,"present":true}
                {"row_key":"AA==","salt":1,"user_id":7,"since":1,"follower_id":15,"last_read":%d}
                """.formatted(
                        post.minusSeconds(3600).toEpochMilli(), post.toEpochMilli()));

        HomeDelivery cassandra = HomeDelivery.followersOf(TableExport.at(dir.resolve("cassandra")), "cassandra", 7);
        assertThat(cassandra.all()).containsExactlyInAnyOrder(11L, 12L, 13L);
        assertThat(cassandra.active(post, Duration.ofDays(14))).containsExactly(11L);

        HomeDelivery hbase = HomeDelivery.followersOf(TableExport.at(dir.resolve("hbase")), "hbase", 7);
        assertThat(hbase.all()).as("a row without its presence cell is no edge").containsExactlyInAnyOrder(11L, 12L);
        assertThat(hbase.active(post, Duration.ofDays(14))).containsExactly(11L);
    }

    @Test
    void theOutcomeCountsMissingTwiceAndOutside() {
        HomeDelivery.Outcome outcome =
                HomeDelivery.Outcome.of(Set.of(1L, 2L, 3L), Map.of(1L, 1, 3L, 2, 4L, 1, 9L, 1), 9L);
        assertThat(outcome.planned()).isEqualTo(3);
        assertThat(outcome.missing()).isEqualTo(1);
        assertThat(outcome.twice()).isEqualTo(1);
        assertThat(outcome.outside()).as("the author's own entry is no stray").isEqualTo(1);
    }
}
