package dev.widefeed.perf.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.perf.results.RunManifest;
import java.util.Optional;

/**
 * The parts of the workload manifest (as {@code perf generate} writes it, carried in the run manifest) that the
 * report uses; each null when the manifest does not say.
 */
record WorkloadInfo(Long users, Double eventsPerSecond, Long seed, String preset) {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Optional<WorkloadInfo> of(RunManifest manifest) {
        if (manifest.workload() == null) {
            return Optional.empty();
        }
        JsonNode spec = JSON.valueToTree(manifest.workload()).path("spec");
        return Optional.of(new WorkloadInfo(
                spec.path("users").isNumber() ? spec.path("users").asLong() : null,
                spec.path("eventsPerSecond").isNumber()
                        ? spec.path("eventsPerSecond").asDouble()
                        : null,
                spec.path("seed").isNumber() ? spec.path("seed").asLong() : null,
                spec.path("preset").isTextual() ? spec.path("preset").asText() : null));
    }

    /** The whole workload manifest, indented, for the page's manifest section. */
    static String pretty(RunManifest manifest) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(manifest.workload());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a manifest read from JSON writes back as JSON", e);
        }
    }
}
