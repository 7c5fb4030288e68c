package dev.widefeed.perf.report;

import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.SteadyResult;
import java.util.Comparator;
import java.util.Optional;

/** The steady-state points the report singles out. */
final class SteadyPoints {
    private SteadyPoints() {}

    /** The point measured at the knee's offered rate; empty when there is no knee. */
    static Optional<ReplayResult> atKnee(SteadyResult steady) {
        if (steady.kneeRate() == null) {
            return Optional.empty();
        }
        double knee = steady.kneeRate();
        return steady.points().stream().min(Comparator.comparingDouble(p -> Math.abs(p.offeredRate() - knee)));
    }

    /** The knee's point, or without a knee the last point of the sweep. */
    static Optional<ReplayResult> atKneeOrLast(SteadyResult steady) {
        return atKnee(steady)
                .or(() -> steady.points().isEmpty()
                        ? Optional.empty()
                        : Optional.of(steady.points().get(steady.points().size() - 1)));
    }

    /** Where to compare two kinds at one rate: the knee if it measured both, else the highest rate that did. */
    static Optional<ReplayResult> measuring(SteadyResult steady, String kind, String other) {
        return atKnee(steady)
                .filter(p -> has(p, kind) && has(p, other))
                .or(() -> steady.points().stream()
                        .filter(p -> has(p, kind) && has(p, other))
                        .max(Comparator.comparingDouble(ReplayResult::offeredRate)));
    }

    static boolean has(ReplayResult point, String kind) {
        ReplayResult.KindResult result = point.byKind().get(kind);
        return result != null && result.count() > 0;
    }
}
