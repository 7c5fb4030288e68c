package dev.widefeed.feed.timeline;

import java.time.Duration;
import java.time.Instant;

/**
 * How often something has happened lately (an author's posts, a reader's home reads), kept as one
 * decayed count: every event adds one, and the count halves every {@code halfLife}. Two numbers,
 * rewritten with the event itself and no history: a steady rate of r events a day holds the count at
 * r * halfLife / ln 2, which is how {@link #perDay} turns it back into a rate.
 *
 * @param count the decayed count at {@code at}
 * @param at    when the count was last brought up to date
 */
public record DecayedRate(double count, Instant at) {
    /** Nothing has happened yet. */
    public static final DecayedRate NONE = new DecayedRate(0, Instant.EPOCH);

    private static final double LN_2 = Math.log(2);
    private static final double DAY_MILLIS = Duration.ofDays(1).toMillis();

    public DecayedRate {
        if (at == null || !Double.isFinite(count) || count < 0) {
            throw new IllegalArgumentException("a decayed count is finite and not negative");
        }
    }

    /** The count with one more event at {@code now}; one stamped before {@code at} (skew) counts at {@code at}. */
    public DecayedRate plusOne(Instant now, Duration halfLife) {
        return plus(1, now, halfLife);
    }

    /**
     * The count with {@code events} more at {@code now}: events counted apart and added together (a little
     * higher than adding each at its own time, since the earlier ones have not decayed).
     */
    public DecayedRate plus(int events, Instant now, Duration halfLife) {
        if (events < 0) {
            throw new IllegalArgumentException("events are not negative");
        }
        Instant when = now.isAfter(at) ? now : at;
        return new DecayedRate(countAt(when, halfLife) + events, when);
    }

    /** The count as it has decayed by {@code now}; never grows when {@code now} is before {@code at}. */
    public double countAt(Instant now, Duration halfLife) {
        if (halfLife.isNegative() || halfLife.isZero()) {
            throw new IllegalArgumentException("the half-life must be positive");
        }
        if (count == 0 || !now.isAfter(at)) {
            return count;
        }
        double halvings = (double) Duration.between(at, now).toMillis() / halfLife.toMillis();
        return count * Math.pow(0.5, halvings);
    }

    /** The count a steady {@code perDay} events a day holds, as of {@code at}: {@link #perDay} turned around. */
    public static DecayedRate ofRate(double perDay, Instant at, Duration halfLife) {
        return new DecayedRate(perDay * halfLife.toMillis() / (LN_2 * DAY_MILLIS), at);
    }

    /** Events a day, estimated from the decayed count. */
    public double perDay(Instant now, Duration halfLife) {
        return countAt(now, halfLife) * LN_2 * DAY_MILLIS / halfLife.toMillis();
    }
}
