package dev.widefeed.perf.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadDeterminismTest {
    private static final List<String> FILES =
            List.of(WorkloadWriter.USERS, WorkloadWriter.FOLLOWS, WorkloadWriter.EVENTS, WorkloadWriter.MANIFEST);

    private static WorkloadSpec spec(long seed) {
        return new WorkloadSpec(
                5_000,
                2.1,
                50,
                List.of(1_000, 4_000, 1_000_000),
                seed,
                WorkloadSpec.Preset.READ_HEAVY,
                50_000,
                1000,
                0.0);
    }

    @Test
    void sameSeedSameBytesDifferentSeedDifferentBytes(@TempDir Path dir) throws Exception {
        WorkloadWriter.write(spec(42), dir.resolve("a"), null);
        WorkloadWriter.write(spec(42), dir.resolve("b"), null);
        WorkloadWriter.write(spec(43), dir.resolve("c"), null);
        for (String name : FILES) {
            byte[] a = Files.readAllBytes(dir.resolve("a").resolve(name));
            assertThat(a).as(name).isNotEmpty();
            assertThat(Files.readAllBytes(dir.resolve("b").resolve(name)))
                    .as(name)
                    .isEqualTo(a);
            assertThat(Files.readAllBytes(dir.resolve("c").resolve(name)))
                    .as(name)
                    .isNotEqualTo(a);
        }
    }

    @Test
    void gzipHeaderCarriesNoTimestampAndManifestDescribesTheFiles(@TempDir Path dir) throws Exception {
        WorkloadWriter.Summary summary = WorkloadWriter.write(spec(7), dir, null);
        String manifest = Files.readString(dir.resolve(WorkloadWriter.MANIFEST));
        for (String name : FILES.subList(0, 3)) {
            byte[] bytes = Files.readAllBytes(dir.resolve(name));
            assertThat(bytes[0] & 0xff).isEqualTo(0x1f);
            assertThat(bytes[1] & 0xff).isEqualTo(0x8b);
            assertThat(new byte[] {bytes[4], bytes[5], bytes[6], bytes[7]})
                    .as("MTIME")
                    .containsOnly(0);
            assertThat(manifest)
                    .contains("\"name\": \"" + name + "\"")
                    .contains("\"sha256\": \"" + sha256(bytes) + "\"")
                    .contains("\"contentSha256\": \"" + sha256(gunzip(dir.resolve(name))) + "\"");
        }
        assertThat(summary.celebrities()).containsExactly(1_000, 4_000);
        assertThat(summary.skippedCelebrities()).containsExactly(1_000_000);
        assertThat(manifest)
                .contains("\"skippedCelebrities\": [1000000]")
                .contains("{\"user\": 0, \"followers\": 1000}, {\"user\": 1, \"followers\": 4000}")
                .contains("\"seed\": 7")
                .contains("\"generatorVersion\": " + WorkloadWriter.GENERATOR_VERSION);
        String users = new String(gunzip(dir.resolve(WorkloadWriter.USERS)), StandardCharsets.UTF_8);
        assertThat(users.lines().findFirst()).hasValue("user\tfollowers\treads_per_day\tposts_per_day");
        assertThat(users.lines().count()).isEqualTo(5_001);
        assertThat(summary.events()).isEqualTo(50_000);
    }

    private static byte[] gunzip(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return in.readAllBytes();
        }
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
