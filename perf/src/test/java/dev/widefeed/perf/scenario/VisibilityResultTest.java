package dev.widefeed.perf.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.Results;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VisibilityResultTest {
    @Test
    void theResultIsWrittenAsJsonWithEveryVariant(@TempDir Path run) throws Exception {
        VisibilityScenario.Result result = new VisibilityScenario.Result(
                new VisibilityScenario.Settings(400, 200, 100, 10, 4, 5, 15),
                4000,
                20000,
                List.of(
                        new VisibilityScenario.Variant(
                                "without", 1000, 600.5, new LatencySummary(1000, 6, 6, 8, 11, 17, 20)),
                        new VisibilityScenario.Variant(
                                "cached", 900, 550.0, new LatencySummary(900, 7, 7, 9, 13, 18, 21))));
        Results.write(run, VisibilityScenario.RESULT, result);
        JsonNode read = new ObjectMapper()
                .readTree(run.resolve(VisibilityScenario.RESULT).toFile());
        assertThat(read.get("settings").get("measureSeconds").asInt()).isEqualTo(15);
        assertThat(read.get("variants")).hasSize(2);
        assertThat(read.get("variants").get(1).get("name").asText()).isEqualTo("cached");
        assertThat(read.get("variants").get(1).get("latency").get("p99Ms").asDouble())
                .isEqualTo(13);
    }
}
