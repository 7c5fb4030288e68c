package dev.widefeed.comment;

import dev.widefeed.kernel.DomainException;

/**
 * Which floors fixed page {@code page} (from 1) of a thread holds: pages of {@code size} floors, so
 * floor f is always on page (f - 1) / size + 1, and a deleted comment leaves its page one short
 * instead of moving later floors to earlier pages (docs/design.md, Comments).
 */
record FloorPage(int page, int size, long first, long last) {

    static FloorPage of(int page, int size) {
        if (page < 1) {
            throw DomainException.invalid("page must be 1 or more");
        }
        long first = (long) (page - 1) * size + 1;
        return new FloorPage(page, size, first, first + size - 1);
    }

    /** How many pages floors 1 to {@code highestFloor} fill. */
    long pagesUpTo(long highestFloor) {
        return (highestFloor + size - 1) / size;
    }

    /** Whether the page starts past {@code highestFloor}, so no read can find anything on it. */
    boolean pastEnd(long highestFloor) {
        return first > highestFloor;
    }
}
