package dev.widefeed.account;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Users' credentials and sessions, and the failed sign-ins counted per key (docs/design.md, "Accounts and
 * sessions"). A user's sessions live beside their credentials and expire by themselves {@code ttl} after their
 * last write; failures expire after theirs.
 */
public interface AccountStore {
    /** The user's password hash and last sign-out everywhere; {@link Credentials#none} for a user who has neither. */
    Credentials credentials(long userId);

    /** Replaces the user's password hash. */
    void savePasswordHash(long userId, String hash);

    /** Deletes the user's credentials and sessions (an account's erasure). Idempotent. */
    void forget(long userId);

    /** Records that the user asked for their account's erasure. */
    void recordErasure(long userId, Instant requestedAt);

    /** Records the erasure as done; the record itself goes {@code keep} later. */
    void finishErasure(long userId, Instant requestedAt, Instant finishedAt, Duration keep);

    /** The user's erasure, if one was asked for (and its record has not expired). */
    Optional<ErasureState> erasure(long userId);

    /** Voids every session and token of the user made before {@code at}. */
    void signOutEverywhere(long userId, Instant at);

    /** Writes a new session; writing the same one again changes nothing. */
    void createSession(Session session, Duration ttl);

    Optional<Session> session(long userId, long sessionId);

    /** The session (if it exists) with its user's credentials, in one read where the backend allows. */
    SessionStanding standing(long userId, long sessionId);

    /** The user's sessions not yet expired, revoked ones included, oldest first. */
    List<Session> sessions(long userId);

    /**
     * Replaces {@code current} with {@code next} (the same session) only if the stored session is still
     * {@code current} and not revoked, by a compare-and-set: of two rotations of one generation, one wins. Whether
     * it was replaced.
     */
    boolean replaceSession(Session current, Session next, Duration ttl);

    /** Marks the session revoked, if it still exists; a revoked session stays revoked. */
    void revokeSession(Session session, Duration ttl);

    /** Removes sessions at once (a user's oldest, past the cap). */
    void deleteSessions(long userId, Collection<Long> sessionIds);

    /**
     * The failed sign-ins recorded under {@code key} in the window starting at {@code windowStart}, counted up to
     * {@code atMost} (counting stops there).
     */
    int failures(String key, Instant windowStart, int atMost);

    /** Records one failed sign-in; {@code attemptId} is unique, so a retried write counts once. */
    void recordFailure(String key, Instant windowStart, long attemptId, Duration ttl);
}
