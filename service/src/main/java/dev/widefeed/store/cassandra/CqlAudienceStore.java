package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.audience.AudienceStore;
import dev.widefeed.audience.Group;
import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.store.cassandra.rows.CqlReads;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Marks and groups on Cassandra: each owner's lists in {@code marks_by_owner}, the marks one owner
 * put on one user in {@code marks_by_owner_and_member} (both written in one logged batch), groups in
 * {@code groups_by_id} and their members in {@code members_by_group}. Every write is an idempotent
 * upsert or delete at the driver's client timestamp, so retrying one is safe, and the later of two
 * racing writes wins in both mark tables alike.
 */
final class CqlAudienceStore implements AudienceStore {
    /** Rows per page of the reads bounded only by the owner's caps (tag names). */
    private static final int PAGE_SIZE = 5_000;

    private final CqlSession session;
    private final PreparedStatement insertMark;
    private final PreparedStatement insertMarkOfMember;
    private final PreparedStatement deleteMark;
    private final PreparedStatement deleteMarkOfMember;
    private final PreparedStatement selectMarksOfMember;
    private final PreparedStatement selectMarked;
    private final PreparedStatement countMarked;
    private final PreparedStatement selectTagNames;
    private final PreparedStatement insertGroup;
    private final PreparedStatement insertOwnedGroup;
    private final PreparedStatement deleteOwnedGroup;
    private final PreparedStatement deleteGroup;
    private final PreparedStatement selectOwnedGroups;
    private final PreparedStatement selectOwnedGroupsAfter;
    private final PreparedStatement selectGroup;
    private final PreparedStatement insertMember;
    private final PreparedStatement deleteMember;
    private final PreparedStatement selectMember;
    private final PreparedStatement selectMembers;
    private final PreparedStatement countMembers;

    CqlAudienceStore(CqlSession session) {
        this.session = session;
        insertMark = session.prepare(
                "INSERT INTO marks_by_owner (owner_id, kind, name, member_id, since) " + "VALUES (?, ?, ?, ?, ?)");
        insertMarkOfMember = session.prepare("INSERT INTO marks_by_owner_and_member (owner_id, member_id, kind, name, "
                + "since) VALUES (?, ?, ?, ?, ?)");
        deleteMark = session.prepare(
                "DELETE FROM marks_by_owner " + "WHERE owner_id = ? AND kind = ? AND name = ? AND member_id = ?");
        deleteMarkOfMember = session.prepare("DELETE FROM marks_by_owner_and_member "
                + "WHERE owner_id = ? AND member_id = ? AND kind = ? AND name = ?");
        selectMarksOfMember = session.prepare(
                "SELECT kind, name FROM marks_by_owner_and_member " + "WHERE owner_id = ? AND member_id = ?");
        // One statement for the first page too: no id is below Long.MIN_VALUE + 1.
        selectMarked = session.prepare("SELECT member_id FROM marks_by_owner "
                + "WHERE owner_id = ? AND kind = ? AND name = ? AND member_id > ? LIMIT ?");
        countMarked = session.prepare(
                "SELECT COUNT(*) FROM marks_by_owner " + "WHERE owner_id = ? AND kind = ? AND name = ?");
        // One row per name of the owner's tag partition leaves the replica, not one per tagged member.
        selectTagNames = session.prepare("SELECT name FROM marks_by_owner " + "WHERE owner_id = ? AND kind = '"
                + kind(Mark.Kind.TAG) + "' GROUP BY owner_id, kind, name");
        deleteOwnedGroup = session.prepare("DELETE FROM groups_by_owner WHERE owner_id = ? AND group_id = ?");
        deleteGroup = session.prepare("DELETE FROM groups_by_id WHERE group_id = ?");
        insertOwnedGroup = session.prepare("INSERT INTO groups_by_owner (owner_id, group_id) VALUES (?, ?)");
        selectOwnedGroups = session.prepare("SELECT group_id FROM groups_by_owner WHERE owner_id = ? LIMIT ?");
        selectOwnedGroupsAfter = session.prepare(
                "SELECT group_id FROM groups_by_owner WHERE owner_id = ? " + "AND group_id > ? LIMIT ?");
        insertGroup = session.prepare(
                "INSERT INTO groups_by_id (group_id, name, owner_id, created_at) " + "VALUES (?, ?, ?, ?)");
        selectGroup = session.prepare("SELECT name, owner_id, created_at FROM groups_by_id WHERE group_id = ?");
        insertMember = session.prepare("INSERT INTO members_by_group (group_id, member_id, since) VALUES (?, ?, ?)");
        deleteMember = session.prepare("DELETE FROM members_by_group WHERE group_id = ? AND member_id = ?");
        selectMember = session.prepare("SELECT member_id FROM members_by_group WHERE group_id = ? AND member_id = ?");
        selectMembers = session.prepare(
                "SELECT member_id FROM members_by_group " + "WHERE group_id = ? AND member_id > ? LIMIT ?");
        countMembers = session.prepare("SELECT COUNT(*) FROM members_by_group WHERE group_id = ?");
    }

    @Override
    public void mark(long ownerId, Mark mark, long memberId, Instant at) {
        String kind = kind(mark.kind());
        bothMarkTables(
                insertMark.bind(ownerId, kind, mark.tag(), memberId, at),
                insertMarkOfMember.bind(ownerId, memberId, kind, mark.tag(), at));
    }

    @Override
    public void unmark(long ownerId, Mark mark, long memberId) {
        String kind = kind(mark.kind());
        bothMarkTables(
                deleteMark.bind(ownerId, kind, mark.tag(), memberId),
                deleteMarkOfMember.bind(ownerId, memberId, kind, mark.tag()));
    }

    /** Logged: the list and the point-lookup copy land together or not at all, at one timestamp. */
    private void bothMarkTables(BoundStatement list, BoundStatement ofMember) {
        session.execute(
                BatchStatement.newInstance(BatchType.LOGGED, list, ofMember).setIdempotent(true));
    }

    @Override
    public Map<Link, Set<Mark>> marksOf(Collection<Link> links) {
        Map<Link, List<Mark>> rows = CqlReads.readAllRows(
                session,
                links,
                link -> selectMarksOfMember.bind(link.ownerId(), link.memberId()),
                row -> new Mark(kindOf(row.getString(0)), row.getString(1)));
        Map<Link, Set<Mark>> marks = new HashMap<>();
        rows.forEach((link, found) -> marks.put(link, Set.copyOf(found)));
        return marks;
    }

    @Override
    public List<Long> marked(long ownerId, Mark mark, Optional<Long> after, int limit) {
        if (limit < 1) {
            return List.of(); // CQL rejects LIMIT 0
        }
        return ids(
                selectMarked.bind(ownerId, kind(mark.kind()), mark.tag(), after.orElse(Long.MIN_VALUE), limit), limit);
    }

    @Override
    public int countMarked(long ownerId, Mark mark) {
        return count(countMarked.bind(ownerId, kind(mark.kind()), mark.tag()));
    }

    @Override
    public List<String> tagNames(long ownerId) {
        List<String> names = new ArrayList<>();
        for (Row row :
                session.execute(selectTagNames.bind(ownerId).setIdempotent(true).setPageSize(PAGE_SIZE))) {
            names.add(row.getString(0));
        }
        return names;
    }

    @Override
    public void createGroup(Group group) {
        session.execute(insertOwnedGroup.bind(group.ownerId(), group.id()).setIdempotent(true));
        session.execute(insertGroup
                .bind(group.id(), group.name(), group.ownerId(), group.createdAt())
                .setIdempotent(true));
    }

    @Override
    public void deleteGroup(Group group) {
        session.execute(deleteGroup.bind(group.id()).setIdempotent(true));
        session.execute(deleteOwnedGroup.bind(group.ownerId(), group.id()).setIdempotent(true));
    }

    @Override
    public List<Long> groupIdsByOwner(long ownerId, Optional<Long> after, int limit) {
        BoundStatement query = after.isPresent()
                ? selectOwnedGroupsAfter.bind(ownerId, after.get(), limit)
                : selectOwnedGroups.bind(ownerId, limit);
        List<Long> ids = new ArrayList<>();
        session.execute(query.setIdempotent(true)).forEach(row -> ids.add(row.getLong(0)));
        return ids;
    }

    @Override
    public Optional<Group> group(long groupId) {
        Row row = session.execute(selectGroup.bind(groupId).setIdempotent(true)).one();
        return row == null
                ? Optional.empty()
                : Optional.of(new Group(groupId, row.getString(0), row.getLong(1), row.getInstant(2)));
    }

    @Override
    public void addMember(long groupId, long memberId, Instant at) {
        session.execute(insertMember.bind(groupId, memberId, at).setIdempotent(true));
    }

    @Override
    public void removeMember(long groupId, long memberId) {
        session.execute(deleteMember.bind(groupId, memberId).setIdempotent(true));
    }

    @Override
    public Set<Link> memberships(Collection<Link> links) {
        Set<Link> members = new HashSet<>();
        CqlReads.readAll(session, links, link -> selectMember.bind(link.ownerId(), link.memberId()))
                .forEach((link, row) -> {
                    if (row != null) {
                        members.add(link);
                    }
                });
        return members;
    }

    @Override
    public List<Long> members(long groupId, Optional<Long> after, int limit) {
        if (limit < 1) {
            return List.of();
        }
        return ids(selectMembers.bind(groupId, after.orElse(Long.MIN_VALUE), limit), limit);
    }

    @Override
    public int countMembers(long groupId) {
        return count(countMembers.bind(groupId));
    }

    private List<Long> ids(BoundStatement query, int limit) {
        List<Long> ids = new ArrayList<>(Math.min(limit, 1024));
        for (Row row : session.execute(query.setIdempotent(true).setPageSize(Math.min(limit, PAGE_SIZE)))) {
            ids.add(row.getLong(0));
        }
        return ids;
    }

    private int count(BoundStatement query) {
        return Math.toIntExact(session.execute(query.setIdempotent(true)).one().getLong(0));
    }

    /** The kind column's value: 'blocked' | 'hidden' | 'tag'. */
    private static String kind(Mark.Kind kind) {
        return switch (kind) {
            case BLOCKED -> "blocked";
            case HIDDEN -> "hidden";
            case TAG -> "tag";
        };
    }

    private static Mark.Kind kindOf(String column) {
        return switch (column) {
            case "blocked" -> Mark.Kind.BLOCKED;
            case "hidden" -> Mark.Kind.HIDDEN;
            case "tag" -> Mark.Kind.TAG;
            default -> throw new IllegalStateException("unknown mark kind in marks_by_owner_and_member: " + column);
        };
    }
}
