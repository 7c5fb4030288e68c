package dev.widefeed.perf.workload;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What {@code perf generate} produces; together with the generator version it fixes the output byte for
 * byte.
 *
 * @param users          population size; users are the indices {@code 0..users-1}
 * @param zipfExponent   exponent {@code a} of the follower-count density {@code P(k) ~ k^-a} (the CCDF falls
 *                       with slope {@code -(a-1)} on log-log axes); must be above 1
 * @param meanFollowers  target mean followers per user over the whole population, celebrities included
 * @param celebrities    explicit follower counts of celebrity users (they are users {@code 0, 1, ...});
 *                       a count above {@code users-1} cannot be realised and is skipped (listed in the manifest)
 * @param seed           the only source of randomness
 * @param mix            the event mix: a {@link Preset}, or a {@link CalibratedMix} derived from a workload profile
 * @param events         number of events
 * @param eventsPerSecond mean arrival rate of the (Poisson) event stream
 * @param dormantShare   share of (non-celebrity) users who have accounts and are followed but never read or post,
 *                       as most accounts of a real network: fan-out skips them, push-all writes to them anyway
 * @param ordinaryMaxFollowers 0: non-celebrity counts the power law puts above {@code users-1} are capped there;
 *                       otherwise non-celebrities draw from the power law truncated at
 *                       {@code min(users-1, ordinaryMaxFollowers)}, for a population whose every account above
 *                       that count is listed in {@code celebrities} (as a workload profile lists them)
 */
public record WorkloadSpec(
        int users,
        double zipfExponent,
        double meanFollowers,
        List<Integer> celebrities,
        long seed,
        Mix mix,
        long events,
        double eventsPerSecond,
        double dormantShare,
        int ordinaryMaxFollowers) {

    public static final List<Integer> DEFAULT_CELEBRITIES = List.of(10_000, 100_000, 1_000_000);

    public WorkloadSpec {
        celebrities = List.copyOf(celebrities);
        if (users < 2) {
            throw new IllegalArgumentException("users must be at least 2");
        }
        if (!(zipfExponent > 1.0) || Double.isInfinite(zipfExponent)) {
            throw new IllegalArgumentException("zipf exponent must be a finite number above 1");
        }
        if (!(meanFollowers >= 0) || Double.isInfinite(meanFollowers)) {
            throw new IllegalArgumentException("mean followers must be a finite number >= 0");
        }
        for (int c : celebrities) {
            if (c < 1) {
                throw new IllegalArgumentException("celebrity follower counts must be positive");
            }
        }
        if (events < 0) {
            throw new IllegalArgumentException("events must be >= 0");
        }
        if (!(eventsPerSecond > 0) || Double.isInfinite(eventsPerSecond)) {
            throw new IllegalArgumentException("rate must be a finite number above 0");
        }
        if (!(dormantShare >= 0 && dormantShare < 1)) {
            throw new IllegalArgumentException("dormant share must be at least 0 and below 1");
        }
        if (ordinaryMaxFollowers < 0) {
            throw new IllegalArgumentException("ordinary users' largest follower count must be >= 0 (0: none)");
        }
        Objects.requireNonNull(mix, "mix");
    }

    /** A spec whose non-celebrities follow the untruncated power law (capped at {@code users-1}). */
    public WorkloadSpec(
            int users,
            double zipfExponent,
            double meanFollowers,
            List<Integer> celebrities,
            long seed,
            Mix mix,
            long events,
            double eventsPerSecond,
            double dormantShare) {
        this(users, zipfExponent, meanFollowers, celebrities, seed, mix, events, eventsPerSecond, dormantShare, 0);
    }

    /** The largest follower count a non-celebrity may draw. */
    int ordinaryCap() {
        return ordinaryMaxFollowers == 0 ? users - 1 : Math.min(users - 1, ordinaryMaxFollowers);
    }

    /** An event mix: the share of each {@link EventKind} among all events, and the name manifests give it. */
    public interface Mix {
        double share(EventKind kind);

        String label();
    }

    /**
     * A mix given by relative weights, one per {@link EventKind} in declaration order of the kinds.
     *
     * @param label   the name the manifest and the report give it
     * @param weights relative weights (any positive total)
     */
    public record CalibratedMix(String label, List<Double> weights) implements Mix {
        public CalibratedMix {
            weights = List.copyOf(weights);
            if (weights.size() != EventKind.values().length) {
                throw new IllegalArgumentException("one weight per event kind");
            }
            double total = 0;
            for (double w : weights) {
                if (!(w >= 0) || Double.isInfinite(w)) {
                    throw new IllegalArgumentException("event weights must be finite numbers >= 0");
                }
                total += w;
            }
            if (!(total > 0)) {
                throw new IllegalArgumentException("event weights must not all be 0");
            }
        }

        @Override
        public double share(EventKind kind) {
            double total = 0;
            for (double w : weights) {
                total += w;
            }
            return weights.get(kind.ordinal()) / total;
        }
    }

    /** The fixed event mixes: relative weight of each {@link EventKind}, in declaration order of the kinds. */
    public enum Preset implements Mix {
        /** Reads : writes = 65 : 1 (Twitter's reported ratio); home reads dominate the reads. */
        READ_HEAVY(new double[] {0.2, 0.08, 0.15, 0.5, 52, 13, 0.05, 0.02}),
        /** Reads : writes = 1 : 3. */
        WRITE_HEAVY(new double[] {15, 6, 12, 35, 20, 5, 5, 2});

        private final double[] weights;

        Preset(double[] weights) {
            if (weights.length != EventKind.values().length) {
                throw new AssertionError("one weight per event kind");
            }
            this.weights = weights;
        }

        /** Share of all events that are of {@code kind}. */
        @Override
        public double share(EventKind kind) {
            double total = 0;
            for (double w : weights) {
                total += w;
            }
            return weights[kind.ordinal()] / total;
        }

        /** The relative weight of {@code kind}. */
        public double weight(EventKind kind) {
            return weights[kind.ordinal()];
        }

        /** Command-line and manifest name: {@code read-heavy}, {@code write-heavy}. */
        @Override
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Preset fromLabel(String label) {
            for (Preset p : values()) {
                if (p.label().equals(label)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("unknown preset " + label);
        }
    }
}
