package dev.widefeed.audience;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What audiences are decided by (docs/design.md, Audiences): each user's marks on other users (blocked, hidden,
 * tags) and groups with their members. Everything is keyed by its owner (a user or a group), so
 * a partition grows only with its owner's own choices, which the domain caps; nothing is indexed
 * by the marked user, whose count of markers would grow with popularity. Checks ask by
 * {@link Link}: "what has this owner put on this user", "is this user in this group".
 * Every write is idempotent.
 */
public interface AudienceStore {
    /** Puts {@code memberId} on one of the owner's lists (blocked, hidden or a tag). */
    void mark(long ownerId, Mark mark, long memberId, Instant at);

    /** Takes {@code memberId} off that list; absent is fine. */
    void unmark(long ownerId, Mark mark, long memberId);

    /**
     * Every mark each link's owner has put on its member, in one concurrent round; every link
     * asked is a key, with an empty set when there is none.
     */
    Map<Link, Set<Mark>> marksOf(Collection<Link> links);

    /** The members of one of the owner's lists, by member id ascending, strictly after {@code after}. */
    List<Long> marked(long ownerId, Mark mark, Optional<Long> after, int limit);

    /** How many members one of the owner's lists holds (bounded by the caps on those lists). */
    int countMarked(long ownerId, Mark mark);

    /** The names of the owner's tags that have at least one member, in name order. */
    List<String> tagNames(long ownerId);

    /**
     * Writes a new group and lists it under its owner (the list first: an entry whose group is missing is skipped);
     * writing the same group again changes nothing. Its owner is not added as a member here.
     */
    void createGroup(Group group);

    /** Deletes a group with no members left: its row, then its entry in its owner's list. Idempotent. */
    void deleteGroup(Group group);

    /** The ids of the groups the user owns, ascending, strictly after {@code after}. */
    List<Long> groupIdsByOwner(long ownerId, Optional<Long> after, int limit);

    Optional<Group> group(long groupId);

    void addMember(long groupId, long memberId, Instant at);

    void removeMember(long groupId, long memberId);

    /** Which of the links (owner = group) are memberships, in one concurrent round. */
    Set<Link> memberships(Collection<Link> links);

    /** The group's members, by member id ascending, strictly after {@code after}. */
    List<Long> members(long groupId, Optional<Long> after, int limit);

    int countMembers(long groupId);
}
