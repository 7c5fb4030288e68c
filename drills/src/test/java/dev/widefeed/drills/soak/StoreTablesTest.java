package dev.widefeed.drills.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreTablesTest {
    /** What {@code nodetool tablestats -F json} printed for one table of a running drill (fields trimmed). */
    private static String output(long sstables, long reads, String readMs, double tombstones) {
        return """
                WARN  SomeLogger - a line the tool's JVM logged first {not json}
                {
                  "total_number_of_tables" : 1,
                  "widefeed" : {
                    "tables" : {
                      "likes_by_post" : {
                        "local_read_latency_ms" : "%s",
                        "sstable_count" : %d,
                        "average_tombstones_per_slice_last_five_minutes" : %s,
                        "local_write_latency_ms" : "NaN",
                        "local_read_count" : %d,
                        "local_write_count" : 245,
                        "space_used_live" : "10099"
                      }
                    },
                    "read_count" : 17188
                  }
                }
                """.formatted(readMs, sstables, tombstones, reads);
    }

    @Test
    void readsTheTablesOfEachKeyspaceAfterWhatTheToolLogged() throws Exception {
        StoreTables tables = StoreTables.parse(output(3, 4067, "0.118", 1.0));
        StoreTables.Table likes = tables.tables().get("widefeed.likes_by_post");
        assertThat(likes.sstables()).isEqualTo(3);
        assertThat(likes.reads()).isEqualTo(4067);
        assertThat(likes.readMs()).isEqualTo(0.118);
        assertThat(StoreTables.parse(output(3, 0, "NaN", 1.0))
                        .tables()
                        .get("widefeed.likes_by_post")
                        .readMs())
                .as("a latency of a table not read lately")
                .isNaN();
        assertThat(likes.liveBytes()).isEqualTo(10099);
        assertThat(StoreTables.parse("nodetool: connection refused").tables()).isEmpty();
    }

    @Test
    void theTablesWhoseRecentReadsGotSlowestAreNamedWithTheirSSTablesAndTombstones() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StoreTables first = StoreTables.parse(output(3, 1000, "0.100", 1.0));
        StoreTables last = StoreTables.parse(output(6, 10000, "0.190", 3.0));
        last.printMoved(new PrintStream(bytes, true, StandardCharsets.UTF_8), "soak: store", first, 10);
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .contains("soak: store: widefeed.likes_by_post: reads "
                        + "0.100 -> 0.190 ms, SSTables 3 -> 6, tombstones/slice 1.0 -> 3.0, live 0.0 -> 0.0 MB");

        bytes.reset();
        last.printMoved(
                new PrintStream(bytes, true, StandardCharsets.UTF_8), "soak: store", new StoreTables(Map.of()), 10);
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("no table statistics");
    }
}
