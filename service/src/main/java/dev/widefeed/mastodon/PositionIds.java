package dev.widefeed.mastodon;

import java.time.Instant;
import java.util.Optional;

/**
 * Ids for entries the service keys by a pair (a like by its time and post, a notification group by its window, kind
 * and target): the pair written as one decimal number, the first part then the second in 19 digits, so that ids
 * compare as the entries are ordered, as numbers and as strings of one length alike (clients do either). Mastodon
 * ids are opaque strings; these are what {@code max_id} and the {@code Link} header carry back.
 */
record PositionIds(long first, long second) implements Comparable<PositionIds> {
    private static final int SECOND_DIGITS = 19;

    PositionIds {
        if (first <= 0 || second < 0) {
            throw new IllegalArgumentException("a position id's parts are positive");
        }
    }

    /** The position of an entry kept by a time (to the millisecond), then an id. */
    static PositionIds of(Instant at, long id) {
        return new PositionIds(at.toEpochMilli(), id);
    }

    /** The time of a position made by {@link #of(Instant, long)}. */
    Instant at() {
        return Instant.ofEpochMilli(first);
    }

    String text() {
        return first + String.format("%0" + SECOND_DIGITS + "d", second);
    }

    /** The position an id names, if it is one. */
    static Optional<PositionIds> parse(String text) {
        if (text == null
                || text.length() <= SECOND_DIGITS
                || text.length() > SECOND_DIGITS * 2
                || !text.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        try {
            long first = Long.parseLong(text.substring(0, text.length() - SECOND_DIGITS));
            long second = Long.parseLong(text.substring(text.length() - SECOND_DIGITS));
            return first > 0 ? Optional.of(new PositionIds(first, second)) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    @Override
    public int compareTo(PositionIds other) {
        int byFirst = Long.compare(first, other.first);
        return byFirst != 0 ? byFirst : Long.compare(second, other.second);
    }
}
