package dev.widefeed.perf.report;

import java.math.BigDecimal;
import java.util.Locale;

/** Numbers as the report shows them: locale-independent, so a report reads the same wherever it was rendered. */
final class Fmt {
    private Fmt() {}

    /** Grouped thousands and {@code decimals} places; a dash for a value that is not a number. */
    static String num(double value, int decimals) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%,." + decimals + "f", value) : "–";
    }

    /** The shortest exact decimal, for names and machine-readable text: {@code 1000}, {@code 12.5}. */
    static String plain(double value) {
        return Double.isFinite(value)
                ? BigDecimal.valueOf(value).stripTrailingZeros().toPlainString()
                : String.valueOf(value);
    }

    static String gib(long bytes) {
        return num(bytes / (double) (1L << 30), 1) + " GiB";
    }
}
