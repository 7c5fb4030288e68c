package dev.widefeed.notification;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A kind of source whose groups are counted by minute ({@link TalliedGroups}): a source is one actor's edge to a
 * subject (a like of a post, a follow of a user), the group's target is the subject, and the subject's list, newest
 * first, holds every edge that stands with its time.
 */
interface TalliedSource {
    /** The family of the event log entries that tell of it (docs/design.md, "Notifications"). */
    String family();

    NotificationKind kind();

    /** The source as its event says, when the event began it (this instance made the change). */
    Optional<TalliedGroups.Known> carried(Object event);

    /** The source as its truth row says now. */
    TalliedGroups.Known truth(long subjectId, long actorId);

    /** Who is told of the subject's sources, while it stands: a post's author, the followed user. */
    Optional<Long> recipient(long subjectId);

    /** Every actor of a standing source of the subject whose time falls in {@code [from, to)}, with that time. */
    Map<Long, Instant> listed(long subjectId, Instant from, Instant to);
}
