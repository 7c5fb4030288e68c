package dev.widefeed.perf.report;

/**
 * One of the project's goals: a measured ratio against its threshold.
 *
 * @param key    stable machine name, as in {@code summary.json} and {@code summary.csv}
 * @param value  null when not measured
 * @param source where the value came from, or why it is missing
 */
record Ratio(String key, String name, Goal goal, Double value, String source) {

    boolean met() {
        return value != null && goal.test(value);
    }

    /** "yes", "no" or "not measured", as the goals table and the summary say it. */
    String verdict() {
        return value == null ? "not measured" : met() ? "yes" : "no";
    }

    record Goal(Comparison comparison, double threshold) {
        boolean test(double value) {
            return switch (comparison) {
                case AT_LEAST -> value >= threshold;
                case BELOW -> value < threshold;
                case AT_MOST -> value <= threshold;
            };
        }

        @Override
        public String toString() {
            return comparison.symbol + " " + Fmt.plain(threshold);
        }
    }

    enum Comparison {
        AT_LEAST(">="),
        BELOW("<"),
        AT_MOST("<=");

        private final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }
    }
}
