package dev.widefeed.perf.load;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a load did.
 *
 * @param users           workload users (all written, a reload included)
 * @param edges           follow edges in the workload
 * @param edgesImported   edges this load imported: all of them on a first load, none on a reload of a complete one
 * @param activeUsers     users who read within the last day, given a home state and their activity on their edges
 * @param countsCorrected users whose follower or following count had to be corrected (after an interrupted load)
 * @param seconds         the whole load
 * @param phases          each phase in order, with its item count and time
 */
public record LoadSummary(
        int users,
        long edges,
        long edgesImported,
        int activeUsers,
        int countsCorrected,
        double seconds,
        List<Phase> phases) {
    public LoadSummary {
        phases = List.copyOf(phases);
    }

    /** One line: the counts, the whole time, and each phase's count, time and rate. */
    public String line() {
        return String.format(
                Locale.ROOT,
                "loaded %,d users, %,d follows (%,d imported now), %,d recently active, "
                        + "%,d counts corrected, in %.1f s: %s",
                users,
                edges,
                edgesImported,
                activeUsers,
                countsCorrected,
                seconds,
                phases.stream().map(Phase::line).collect(Collectors.joining("; ")));
    }

    /** One phase: {@code items} done in {@code seconds}. */
    public record Phase(String name, long items, double seconds) {
        public double perSecond() {
            return seconds > 0 ? items / seconds : 0;
        }

        String line() {
            return String.format(Locale.ROOT, "%s %,d in %.1f s (%,.0f/s)", name, items, seconds, perSecond());
        }
    }
}
