package dev.widefeed.drills.regionserverkill;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What HBase's own logs say of a region server's death: when the master took it for dead ("Processing expiration
 * of" the server, on its ZooKeeper session's expiry or its successor's report for duty), when the server crash
 * procedure that split its write-ahead log and gave its regions to the others finished, and how many regions it had;
 * and which region server carries hbase:meta. The logs' times are the machine's local time, as HBase writes them.
 */
final class CrashRecovery {
    /**
     * Seconds from the kill to the master's processing the death and to its server crash procedure's end, the
     * regions the server had, and the server's name as HBase writes it (host,port,start code).
     */
    record Crash(double detectedAfter, double recoveredAfter, int regions, String server) {}

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");
    private static final String STAMP = "(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3}) ";
    private static final String SERVER = "(\\S+,\\d+,\\d+)";
    private static final Pattern EXPIRED = Pattern.compile(STAMP + ".*Processing expiration of " + SERVER);
    private static final Pattern HAD =
            Pattern.compile(STAMP + ".*ServerCrashProcedure: " + SERVER + " had (\\d+) regions");
    private static final Pattern FINISHED =
            Pattern.compile(STAMP + ".*Finished pid=\\d+, state=SUCCESS; ServerCrashProcedure " + SERVER + ",");
    private static final Pattern META_OPENED = Pattern.compile(STAMP + ".*Opened hbase:meta,");

    private CrashRecovery() {}

    /**
     * The recovery of the server on {@code host:port} that died at {@code killedMillis} (epoch), as far as the
     * master's log shows it: empty until the crash procedure has finished.
     */
    static Optional<Crash> of(Path masterLog, String host, int port, long killedMillis) throws IOException {
        List<String> lines = lines(masterLog);
        String prefix = host + "," + port + ",";
        Optional<Line> expired = first(lines, EXPIRED, prefix, killedMillis);
        if (expired.isEmpty()) {
            return Optional.empty();
        }
        String server = expired.get().server();
        Optional<Line> finished = first(lines, FINISHED, server, killedMillis);
        if (finished.isEmpty()) {
            return Optional.empty();
        }
        int regions = lines.stream()
                .map(HAD::matcher)
                .filter(Matcher::find)
                .filter(m -> m.group(2).equals(server))
                .mapToInt(m -> Integer.parseInt(m.group(3)))
                .findFirst()
                .orElse(0);
        return Optional.of(new Crash(
                (expired.get().millis() - killedMillis) / 1000.0,
                (finished.get().millis() - killedMillis) / 1000.0,
                regions,
                server));
    }

    /** The region server (by the name its log is under) that opened hbase:meta last: the one that carries it. */
    static Optional<String> carryingMeta(Map<String, Path> regionServerLogs) throws IOException {
        String carrier = null;
        long latest = Long.MIN_VALUE;
        for (Map.Entry<String, Path> log : regionServerLogs.entrySet()) {
            for (String line : lines(log.getValue())) {
                Matcher m = META_OPENED.matcher(line);
                if (m.find() && millis(m.group(1)) >= latest) {
                    latest = millis(m.group(1));
                    carrier = log.getKey();
                }
            }
        }
        return Optional.ofNullable(carrier);
    }

    private record Line(long millis, String server) {}

    /** The first line matching {@code pattern} at or after {@code fromMillis} whose server starts with {@code server}. */
    private static Optional<Line> first(List<String> lines, Pattern pattern, String server, long fromMillis) {
        return lines.stream()
                .map(pattern::matcher)
                .filter(Matcher::find)
                .map(m -> new Line(millis(m.group(1)), m.group(2)))
                .filter(line -> line.server().startsWith(server) && line.millis() >= fromMillis)
                .findFirst();
    }

    private static long millis(String stamp) {
        return LocalDateTime.parse(stamp, TIME)
                .atZone(ZoneId.systemDefault())
                .toInstant()
                .toEpochMilli();
    }

    private static List<String> lines(Path log) throws IOException {
        if (!Files.isRegularFile(log)) {
            return List.of();
        }
        return Files.readAllLines(log, StandardCharsets.ISO_8859_1); // never refused for a byte that is not UTF-8
    }
}
