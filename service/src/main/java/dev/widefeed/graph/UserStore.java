package dev.widefeed.graph;


import dev.widefeed.kernel.UnknownOutcomeException;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;

/** Users and their derived counts. */
public interface UserStore {
    /** Writes a new user; writing the same user again changes nothing. */
    void create(User user);

    Optional<User> find(long userId);

    /** The users among {@code userIds} that exist, by id; one round trip per store node, not per id. */
    Map<Long, User> findAll(Collection<Long> userIds);

    /** Zero counts for a user that has none yet. */
    UserCounts counts(long userId);

    /**
     * Adds {@code delta} to the user's counts. Not idempotent, so never retried: a timeout surfaces
     * as {@link UnknownOutcomeException} and the counts are settled by recounting.
     */
    void addCounts(long userId, UserCounts delta);

    /** Every user's id, in no particular order, paged through the whole table (reconciliation). */
    void scanIds(LongConsumer consumer);
}
