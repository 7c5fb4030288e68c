package dev.widefeed.notification;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Notifications: each recipient's groups newest window first (a group holds one share per event log shard,
 * {@link GroupPart}), each source's mark of what it put into them ({@link SourceMark}), and each recipient's read
 * marker. Groups and marks expire by themselves after the retention; nothing here grows with the number of actors
 * of one group (docs/design.md, "Notifications").
 */
public interface NotificationStore {
    /** Each source's mark; {@link SourceMark#NONE} for a source that never put anything anywhere. */
    Map<NotificationSource, SourceMark> marks(Collection<NotificationSource> sources);

    /** Writes the marks (each overwrites its source's); idempotent. */
    void saveMarks(Map<NotificationSource, SourceMark> marks);

    /** The share of {@code shard} in each group, if it has one. */
    Map<GroupKey, Optional<GroupPart>> parts(Collection<GroupKey> groups, int shard);

    /**
     * Sets the share of {@code shard} in the group to {@code next} if it still is {@code expected} (absent: none yet).
     * Not retried: a timeout is {@link dev.widefeed.kernel.UnknownOutcomeException}.
     *
     * @return whether it was applied
     */
    boolean compareAndSetPart(GroupKey group, int shard, Optional<GroupPart> expected, GroupPart next);

    /**
     * Writes each group's tallies and named actors ({@link TallyWrite}), a request per group, and puts the groups'
     * days into their recipients' directories; idempotent, the driver may retry it.
     */
    void writeTallies(Collection<TallyWrite> writes);

    /**
     * The recipient's groups strictly after {@code after} in list order (newest window first, then kind code and
     * target id, highest first), down to the window starting at {@code oldestWindow}; at most {@code limit}.
     */
    List<StoredGroup> groups(long recipientId, NotificationCursor after, Instant oldestWindow, int limit);

    /** Up to when the user has read their notifications, if they ever said. */
    default Optional<Instant> readUpTo(long userId) {
        return markers(userId).readUpTo();
    }

    /** The user's read and clear markers, in one read. */
    Markers markers(long userId);

    /**
     * Where a user stands with their notifications: read up to a time, and cleared up to a time (a group with nothing
     * newer is not shown).
     */
    record Markers(Optional<Instant> readUpTo, Optional<Instant> clearedUpTo) {}

    /** Moves the user's clear marker to {@code upTo}, unless it is further already. */
    void clear(long userId, Instant upTo);

    /**
     * Deletes the group, every shard's share of it: dismissed. A later change of its target in its window writes it
     * again, as a new notification would be. Idempotent.
     */
    void dismiss(GroupKey group);

    /** Moves the user's read marker to {@code upTo}, unless it is further already: the latest time ever given wins. */
    void markRead(long userId, Instant upTo);
}
