package dev.widefeed.drills.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * When the other nodes' failure detector marked a killed node down, read from their logs ("InetAddress
 * /127.0.0.1:7000 is now DOWN"). Until then Cassandra still counts the node alive: it picks it for a logged batch's
 * batchlog, so such writes time out. The logs' times are the machine's local time, as Cassandra writes them.
 */
final class FailureDetection {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");
    private static final Pattern LINE = Pattern.compile(
            "(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3}) .*" + "InetAddress /(\\S+) is now DOWN");

    private FailureDetection() {}

    /**
     * Seconds from {@code killedMillis} (epoch) to the first line in {@code logs} after it saying {@code address}
     * ("127.0.0.1:7000") is down; empty when none says so.
     */
    static Optional<Double> markedDownAfter(List<Path> logs, String address, long killedMillis) throws IOException {
        Optional<Double> first = Optional.empty();
        for (Path log : logs) {
            if (!Files.isRegularFile(log)) {
                continue;
            }
            try (Stream<String> lines = Files.lines(log)) {
                Optional<Double> seen = lines.map(LINE::matcher)
                        .filter(Matcher::find)
                        .filter(m -> m.group(2).equals(address))
                        .map(m -> LocalDateTime.parse(m.group(1), TIME)
                                .atZone(ZoneId.systemDefault())
                                .toInstant()
                                .toEpochMilli())
                        .filter(millis -> millis >= killedMillis)
                        .findFirst()
                        .map(millis -> (millis - killedMillis) / 1000.0);
                if (seen.isPresent() && (first.isEmpty() || seen.get() < first.get())) {
                    first = seen;
                }
            }
        }
        return first;
    }
}
