package dev.widefeed.perf.replay;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

/**
 * Why operations failed, counted per kind and reason. A reason is the exception's class and the start of its
 * message with ids blanked out, so "no post 123" and "no post 456" are one reason, not a million.
 */
final class ErrorReasons {
    private static final Pattern IDS = Pattern.compile("\\d{5,}");
    private static final int MESSAGE_CHARS = 80;
    /** Reasons past this many distinct ones are pooled, so a message the blanking misses cannot grow the map. */
    private static final int MAX_REASONS = 500;

    private static final String OTHER = "(other reasons)";

    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    void count(String kind, Throwable error) {
        count(kind, reason(error), 1);
    }

    void count(String kind, String reason, long n) {
        String key = kind + ": " + reason;
        LongAdder counter = counts.get(key);
        if (counter == null) {
            counter = counts.computeIfAbsent(
                    counts.size() < MAX_REASONS ? key : kind + ": " + OTHER, k -> new LongAdder());
        }
        counter.add(n);
    }

    /** The {@code n} most frequent {@code kind: reason} keys with their counts, most frequent first. */
    List<Map.Entry<String, Long>> top(int n) {
        return counts.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue().sum()))
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(n)
                .toList();
    }

    static String reason(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() == null
                ? ""
                : IDS.matcher(cause.getMessage()).replaceAll("#");
        if (message.length() > MESSAGE_CHARS) {
            message = message.substring(0, MESSAGE_CHARS) + "...";
        }
        return message.isEmpty()
                ? cause.getClass().getSimpleName()
                : cause.getClass().getSimpleName() + ": " + message;
    }
}
