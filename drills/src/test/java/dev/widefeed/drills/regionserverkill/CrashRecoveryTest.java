package dev.widefeed.drills.regionserverkill;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lines as HBase 2.6 writes them (taken from a local cluster's logs). */
class CrashRecoveryTest {
    private static final String MASTER_LOG = """
            2026-11-29 05:00:19,528 INFO  [PEWorker-12] ProcedureExecutor: Finished pid=3, ppid=2, state=SUCCESS; OpenRegionProcedure 1588230740, server=127.0.0.1,22621,1795928408624 in 708 msec
            2026-11-29 05:01:02,626 INFO  [RegionServerTracker-0] RegionServerTracker: RegionServer ephemeral node deleted, processing expiration [127.0.0.1,22621,1795928408624]
            2026-11-29 05:01:02,627 INFO  [RegionServerTracker-0] ServerManager: Processing expiration of 127.0.0.1,22621,1795928408624 on 127.0.0.1,22600,1795928408800
            2026-11-29 05:01:04,022 INFO  [PEWorker-8] ServerCrashProcedure: 127.0.0.1,22621,1795928408624 had 2 regions
            2026-11-29 05:01:05,098 INFO  [PEWorker-12] ProcedureExecutor: Finished pid=9, state=SUCCESS; ServerCrashProcedure 127.0.0.1,22621,1795928408624, splitWal=true, meta=true in 2.4680 sec
            """;

    @Test
    void theRecoveryOfTheServerOnThePortFromItsExpiryToItsCrashProceduresEnd(@TempDir Path dir) throws Exception {
        Path master = dir.resolve("master.log");
        Files.writeString(master, MASTER_LOG);
        long killed = at(2026, 11, 29, 5, 0, 52, 500);

        assertThat(CrashRecovery.of(master, "127.0.0.1", 22621, killed))
                .hasValue(new CrashRecovery.Crash(10.127, 12.598, 2, "127.0.0.1,22621,1795928408624"));
        assertThat(CrashRecovery.of(master, "127.0.0.1", 22622, killed)).isEmpty();
        // A kill after the lines: they are of an earlier death.
        assertThat(CrashRecovery.of(master, "127.0.0.1", 22621, at(2026, 11, 29, 5, 2, 0, 0)))
                .isEmpty();
    }

    @Test
    void noRecoveryUntilTheCrashProcedureHasFinished(@TempDir Path dir) throws Exception {
        Path master = dir.resolve("master.log");
        Files.writeString(master, MASTER_LOG.substring(0, MASTER_LOG.indexOf("2026-11-29 05:01:05")));

        assertThat(CrashRecovery.of(master, "127.0.0.1", 22621, at(2026, 11, 29, 5, 0, 52, 500)))
                .isEmpty();
        assertThat(CrashRecovery.of(dir.resolve("absent.log"), "127.0.0.1", 22621, 0))
                .isEmpty();
    }

    @Test
    void hbaseMetaIsOnTheServerThatOpenedItLast(@TempDir Path dir) throws Exception {
        Path first = dir.resolve("regionserver1.log");
        Path second = dir.resolve("regionserver2.log");
        Files.writeString(first, """
                2026-11-29 05:00:19,513 INFO  [RS_OPEN_META-regionserver/localhost:22621-0] AssignRegionHandler: Opened hbase:meta,,1.1588230740
                """);
        Files.writeString(second, """
                2026-11-29 05:00:18,692 INFO  [regionserver/localhost:22622] AbstractFSWAL: New WAL
                2026-11-29 05:01:03,996 INFO  [RS_OPEN_META-regionserver/localhost:22622-0] AssignRegionHandler: Opened hbase:meta,,1.1588230740
                """);

        assertThat(CrashRecovery.carryingMeta(Map.of("regionserver1", first, "regionserver2", second)))
                .hasValue("regionserver2");
        assertThat(CrashRecovery.carryingMeta(Map.of("regionserver1", first))).hasValue("regionserver1");
        assertThat(CrashRecovery.carryingMeta(Map.of("regionserver3", dir.resolve("absent.log"))))
                .isEmpty();
    }

    private static long at(int year, int month, int day, int hour, int minute, int second, int millis) {
        return LocalDateTime.of(year, month, day, hour, minute, second, millis * 1_000_000)
                .atZone(ZoneId.systemDefault())
                .toInstant()
                .toEpochMilli();
    }
}
