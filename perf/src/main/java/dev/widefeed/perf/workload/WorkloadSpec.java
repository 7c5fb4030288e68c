package dev.widefeed.perf.workload;

import java.util.List;
import java.util.Locale;

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
 * @param preset         the event mix
 * @param events         number of events
 * @param eventsPerSecond mean arrival rate of the (Poisson) event stream
 * @param dormantShare   share of (non-celebrity) users who have accounts and are followed but never read or post,
 *                       as most accounts of a real network: fan-out skips them, push-all writes to them anyway
 */
public record WorkloadSpec(int users, double zipfExponent, double meanFollowers, List<Integer> celebrities,
                           long seed, Preset preset, long events, double eventsPerSecond, double dormantShare) {

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
    }

    /** The event mix: relative weight of each {@link EventKind}, in declaration order of the kinds. */
    public enum Preset {
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
        public double share(EventKind kind) {
            double total = 0;
            for (double w : weights) {
                total += w;
            }
            return weights[kind.ordinal()] / total;
        }

        /** Command-line and manifest name: {@code read-heavy}, {@code write-heavy}. */
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
