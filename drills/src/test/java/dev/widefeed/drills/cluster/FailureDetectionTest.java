package dev.widefeed.drills.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FailureDetectionTest {
    @Test
    void theFirstDownLineAfterTheKillInAnyLogCounts(@TempDir Path dir) throws Exception {
        Path node2 = dir.resolve("node2.log");
        Path node3 = dir.resolve("node3.log");
        Files.writeString(node2, """
                INFO  [GossipStage:1] 2026-11-25 13:10:00,000 Gossiper:1508 - InetAddress /127.0.0.1:18144 is now DOWN
                INFO  [GossipStage:1] 2026-11-25 13:18:09,893 Gossiper:1508 - InetAddress /127.0.0.1:18144 is now DOWN
                INFO  [GossipStage:1] 2026-11-25 13:18:22,977 Gossiper:1492 - InetAddress /127.0.0.1:18144 is now UP
                """);
        Files.writeString(node3, """
                INFO  [GossipStage:1] 2026-11-25 13:18:05,000 Gossiper:1508 - InetAddress /127.0.0.3:18144 is now DOWN
                INFO  [GossipStage:1] 2026-11-25 13:18:09,776 Gossiper:1508 - InetAddress /127.0.0.1:18144 is now DOWN
                """);
        long killed = LocalDateTime.of(2026, 11, 25, 13, 17, 51, 500_000_000)
                .atZone(ZoneId.systemDefault())
                .toInstant()
                .toEpochMilli();

        assertThat(FailureDetection.markedDownAfter(
                        List.of(node2, node3, dir.resolve("absent.log")), "127.0.0.1:18144", killed))
                .hasValueSatisfying(s -> assertThat(s).isEqualTo(18.276));
        assertThat(FailureDetection.markedDownAfter(List.of(node2), "127.0.0.2:18144", killed))
                .isEmpty();
    }
}
