package dev.widefeed.drills.harness;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** A drill's figures: what was measured, against the limit it must meet; printed as a table. */
public final class Figures {
    /** One figure; {@code limit} is a sentence ("= 0", "<= 30 s"), {@code met} whether the value meets it. */
    public record Figure(String name, String value, String limit, boolean met) {}

    private final String drill;
    private final List<Figure> figures = new ArrayList<>();

    public Figures(String drill) {
        this.drill = drill;
    }

    public Figures atMost(String name, double value, double limit, String unit) {
        figures.add(new Figure(name, format(value) + unit, "<= " + format(limit) + unit, value <= limit));
        return this;
    }

    public Figures atLeast(String name, double value, double limit, String unit) {
        figures.add(new Figure(name, format(value) + unit, ">= " + format(limit) + unit, value >= limit));
        return this;
    }

    /**
     * What every outage drill demands of the answers up to second {@code end}: none 500, none 503 without
     * {@code Retry-After} (a client must know to come back), none left unanswered.
     */
    public Figures noFailedAnswers(Timeline timeline, int end) {
        return atMost("answers 500", timeline.count(Timeline.Kind.SERVER_ERROR, 0, end), 0, "")
                .atMost(
                        "answers 503 without Retry-After",
                        timeline.count(Timeline.Kind.UNAVAILABLE_NO_RETRY_AFTER, 0, end),
                        0,
                        "")
                .atMost("requests unanswered in 15 s", timeline.count(Timeline.Kind.NO_ANSWER, 0, end), 0, "");
    }

    /** A figure stated for the record, with no limit. */
    public Figures noted(String name, String value) {
        figures.add(new Figure(name, value, "", true));
        return this;
    }

    public boolean met() {
        return figures.stream().allMatch(Figure::met);
    }

    public List<Figure> all() {
        return List.copyOf(figures);
    }

    public void print(PrintStream out) {
        int width = figures.stream().mapToInt(f -> f.name().length()).max().orElse(10);
        out.printf("%n== %s: %s ==%n", drill, met() ? "PASSED" : "FAILED");
        for (Figure f : figures) {
            out.printf(
                    "  %-" + width + "s  %14s  %-14s %s%n",
                    f.name(),
                    f.value(),
                    f.limit(),
                    f.limit().isEmpty() ? "" : f.met() ? "ok" : "MISSED");
        }
    }

    private static String format(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? String.valueOf((long) value)
                : String.format("%.2f", value);
    }
}
