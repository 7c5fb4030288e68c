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

    /**
     * Claims {@code handle} for {@code userId} by a conditional write: the first claim wins, and its owner's own
     * claim again succeeds, so a claim whose outcome was unknown can simply be made again. Answers the handle's
     * owner after the call: {@code userId} when it is theirs.
     */
    long claimHandle(Handle handle, long userId);

    /** Whose handle it is, if anyone's claimed it. */
    Optional<Long> handleOwner(Handle handle);

    /**
     * Moves the claim on {@code handle} from {@code from} to {@code to} if it is still {@code from}'s (a conditional
     * write): for a claim whose user was never written. Whether it moved.
     */
    boolean reclaimHandle(Handle handle, long from, long to);

    /** Writes a new name and bio onto an existing user's profile. */
    void updateProfile(long userId, String name, String bio);

    /**
     * Deletes the user: their handle's claim (only if they still hold it), then their counters, then their profile,
     * which is how the user is found (an account's deletion, once nothing else of theirs is left). Idempotent.
     */
    void delete(User user);

    /** Writes the handle onto an existing user's profile; its claim is made first, by the caller. */
    void setHandle(long userId, Handle handle);

    /** Zero counts for a user that has none yet. */
    UserCounts counts(long userId);

    /** {@link #counts} of each user, in one concurrent round. */
    Map<Long, UserCounts> countsOf(Collection<Long> userIds);

    /**
     * Adds {@code delta} to the user's counts. Not idempotent, so never retried: a timeout surfaces
     * as {@link UnknownOutcomeException} and the counts are settled by recounting.
     */
    void addCounts(long userId, UserCounts delta);

    /** Every user's id, in no particular order, paged through the whole table (reconciliation). */
    void scanIds(LongConsumer consumer);
}
