package dev.widefeed.perf.results;

import java.util.Map;

/**
 * What a run was: where, on what, with what. Written beside the results so a report can always say what produced it.
 *
 * @param workload the workload's own manifest (spec, seed, counts, SHA-256s), or null for scenarios without one
 */
public record RunManifest(
        String startedAt,
        String command,
        String backend,
        String target,
        String host,
        int cores,
        long memoryBytes,
        String os,
        String jvm,
        String widefeedVersion,
        Map<String, String> settings,
        Object workload) {

    public static RunManifest here(
            String command, String backend, String target, Map<String, String> settings, Object workload) {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "unknown";
        }
        long memory = ((com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
        return new RunManifest(
                java.time.Instant.now().toString(),
                command,
                backend,
                target,
                host,
                Runtime.getRuntime().availableProcessors(),
                memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                RunManifest.class.getPackage().getImplementationVersion() == null
                        ? "dev"
                        : RunManifest.class.getPackage().getImplementationVersion(),
                settings,
                workload);
    }
}
