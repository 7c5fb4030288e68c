package dev.widefeed.store.hbase;

import dev.widefeed.audience.AudienceStore;
import dev.widefeed.audience.Group;
import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.rows.CellTimestamps;
import dev.widefeed.store.hbase.rows.MarkKeys;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Marks and groups on HBase ({@code hbase-tables/V008}): each owner's lists in
 * {@code marks_by_owner}, every mark one owner put on one user in one row of
 * {@code marks_by_owner_and_member}, groups in {@code groups_by_id} and their members in
 * {@code members_by_group}, one row per mark or membership. Every write is a Put or Delete at a
 * {@link CellTimestamps} timestamp, so repeating one changes nothing.
 * <p>
 * The two mark tables are written one after the other, not atomically. A mark goes into the
 * member row first and onto the list second; an unmark leaves the list first and the member row
 * last. So whatever fails in between, the member row (what visibility checks read) still holds the
 * mark: a block or hide stays enforced rather than silently lapsing, and the owner sees the list
 * without it, a state repeating the mark or the unmark repairs.
 */
final class HBaseAudienceStore implements AudienceStore {
    private static final byte[] MARKS = Bytes.toBytes("m");
    private static final byte[] SINCE = Bytes.toBytes("since");
    private static final byte[] GROUP = Bytes.toBytes("g");
    private static final byte[] NAME = Bytes.toBytes("name");
    private static final byte[] OWNER_ID = Bytes.toBytes("owner_id");
    private static final byte[] CREATED_AT = Bytes.toBytes("created_at");
    private static final byte[] MEMBERS = Bytes.toBytes("m");
    private static final int MAX_CACHING = 10_000;

    private final AsyncTable<AdvancedScanResultConsumer> lists;
    private final AsyncTable<AdvancedScanResultConsumer> marksOfMember;
    private final AsyncTable<AdvancedScanResultConsumer> groups;
    private final AsyncTable<AdvancedScanResultConsumer> members;
    private final MarkKeys keys;
    private final Salt groupSalt;
    private final Salt memberSalt;
    private final CellTimestamps timestamps;
    private final AsyncTable<AdvancedScanResultConsumer> ownedGroups;
    private final Salt ownedGroupSalt;

    HBaseAudienceStore(AsyncConnection connection, String namespace, HBaseTables declared, Clock clock) {
        this.timestamps = new CellTimestamps(clock);
        TableName listsTable = TableName.valueOf(namespace, "marks_by_owner");
        TableName marksOfMemberTable = TableName.valueOf(namespace, "marks_by_owner_and_member");
        TableName groupsTable = TableName.valueOf(namespace, "groups_by_id");
        TableName membersTable = TableName.valueOf(namespace, "members_by_group");
        this.lists = connection.getTable(listsTable);
        this.marksOfMember = connection.getTable(marksOfMemberTable);
        this.groups = connection.getTable(groupsTable);
        this.members = connection.getTable(membersTable);
        this.keys = new MarkKeys(salt(declared, listsTable), salt(declared, marksOfMemberTable));
        this.groupSalt = salt(declared, groupsTable);
        this.memberSalt = salt(declared, membersTable);
        TableName ownedTable = TableName.valueOf(namespace, "groups_by_owner");
        this.ownedGroups = connection.getTable(ownedTable);
        this.ownedGroupSalt = salt(declared, ownedTable);
    }

    @Override
    public void mark(long ownerId, Mark mark, long memberId, Instant at) {
        long ts = timestamps.next();
        byte[] since = Bytes.toBytes(at.toEpochMilli());
        marksOfMember
                .put(new Put(keys.memberRow(ownerId, memberId), ts).addColumn(MARKS, MarkKeys.qualifier(mark), since))
                .join();
        lists.put(new Put(keys.listRow(ownerId, mark, memberId), ts).addColumn(MARKS, SINCE, since))
                .join();
    }

    @Override
    public void unmark(long ownerId, Mark mark, long memberId) {
        long ts = timestamps.next();
        lists.delete(new Delete(keys.listRow(ownerId, mark, memberId), ts)).join();
        marksOfMember
                .delete(new Delete(keys.memberRow(ownerId, memberId)).addColumns(MARKS, MarkKeys.qualifier(mark), ts))
                .join();
    }

    @Override
    public Map<Link, Set<Mark>> marksOf(Collection<Link> links) {
        List<Link> asked = List.copyOf(links);
        List<Get> gets = asked.stream()
                .map(link -> new Get(keys.memberRow(link.ownerId(), link.memberId())).addFamily(MARKS))
                .toList();
        // One multi-get: the client groups it into one call per region server.
        List<Result> rows =
                asked.isEmpty() ? List.of() : marksOfMember.getAll(gets).join();
        Map<Link, Set<Mark>> marks = new HashMap<>();
        for (int i = 0; i < asked.size(); i++) {
            Set<Mark> found = new HashSet<>();
            for (Cell cell : rows.get(i).rawCells()) {
                found.add(MarkKeys.markOf(CellUtil.cloneQualifier(cell)));
            }
            marks.put(asked.get(i), Set.copyOf(found));
        }
        return marks;
    }

    @Override
    public List<Long> marked(long ownerId, Mark mark, Optional<Long> after, int limit) {
        return page(
                lists,
                keys.listPrefix(ownerId, mark),
                after.map(id -> keys.listRow(ownerId, mark, id)),
                limit,
                MarkKeys::memberOf);
    }

    @Override
    public int countMarked(long ownerId, Mark mark) {
        return count(lists, keys.listPrefix(ownerId, mark));
    }

    /**
     * A skip scan: each step reads the first row of the next tag (one row, keys only) and the next
     * step starts past that tag's rows, so an owner's tags cost one small read each, however many
     * members they hold.
     */
    @Override
    public List<String> tagNames(long ownerId) {
        List<String> names = new ArrayList<>();
        byte[] start = keys.tagsPrefix(ownerId);
        while (true) {
            Scan scan = new Scan()
                    .setStartStopRowForPrefixScan(keys.tagsPrefix(ownerId))
                    .withStartRow(start)
                    .addFamily(MARKS)
                    .setFilter(keysOnly())
                    .setLimit(1)
                    .setCaching(1);
            List<Result> first = lists.scanAll(scan).join();
            if (first.isEmpty()) {
                return names;
            }
            byte[] row = first.get(0).getRow();
            names.add(MarkKeys.nameOf(row));
            start = MarkKeys.pastListOf(row);
            if (Bytes.compareTo(start, row) <= 0) { // only a row not written by MarkKeys: never loop on it
                throw new IllegalStateException("malformed marks_by_owner row " + Bytes.toStringBinary(row));
            }
        }
    }

    @Override
    public void createGroup(Group group) {
        ownedGroups
                .put(new Put(ownedGroupRow(group.ownerId(), group.id()))
                        .addColumn(GROUP, OWNER_ID, Bytes.toBytes(group.ownerId())))
                .join();
        groups.put(new Put(groupRow(group.id()))
                        .addColumn(GROUP, NAME, Bytes.toBytes(group.name()))
                        .addColumn(GROUP, OWNER_ID, Bytes.toBytes(group.ownerId()))
                        .addColumn(
                                GROUP,
                                CREATED_AT,
                                Bytes.toBytes(group.createdAt().toEpochMilli())))
                .join();
    }

    @Override
    public Optional<Group> group(long groupId) {
        Result row = groups.get(new Get(groupRow(groupId)).addFamily(GROUP)).join();
        if (row.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Group(
                groupId,
                Bytes.toString(row.getValue(GROUP, NAME)),
                Bytes.toLong(row.getValue(GROUP, OWNER_ID)),
                Instant.ofEpochMilli(Bytes.toLong(row.getValue(GROUP, CREATED_AT)))));
    }

    @Override
    public void addMember(long groupId, long memberId, Instant at) {
        members.put(new Put(memberRow(groupId, memberId), timestamps.next())
                        .addColumn(MEMBERS, SINCE, Bytes.toBytes(at.toEpochMilli())))
                .join();
    }

    @Override
    public void removeMember(long groupId, long memberId) {
        members.delete(new Delete(memberRow(groupId, memberId), timestamps.next()))
                .join();
    }

    @Override
    public Set<Link> memberships(Collection<Link> links) {
        List<Link> asked = List.copyOf(links);
        if (asked.isEmpty()) {
            return Set.of();
        }
        List<Get> gets = asked.stream()
                .map(link -> new Get(memberRow(link.ownerId(), link.memberId())))
                .toList();
        List<Boolean> exist = members.existsAll(gets).join();
        Set<Link> found = new HashSet<>();
        for (int i = 0; i < asked.size(); i++) {
            if (exist.get(i)) {
                found.add(asked.get(i));
            }
        }
        return found;
    }

    @Override
    public List<Long> members(long groupId, Optional<Long> after, int limit) {
        return page(
                members,
                groupPrefix(groupId),
                after.map(id -> memberRow(groupId, id)),
                limit,
                HBaseAudienceStore::memberOf);
    }

    @Override
    public void deleteGroup(Group group) {
        groups.delete(new Delete(groupRow(group.id()))).join();
        ownedGroups
                .delete(new Delete(ownedGroupRow(group.ownerId(), group.id())))
                .join();
    }

    @Override
    public List<Long> groupIdsByOwner(long ownerId, Optional<Long> after, int limit) {
        byte[] prefix = ByteBuffer.allocate(1 + Long.BYTES)
                .put(ownedGroupSalt.of(ownerId))
                .putLong(ownerId)
                .array();
        return page(
                ownedGroups,
                prefix,
                after.map(id -> ownedGroupRow(ownerId, id)),
                limit,
                row -> ByteBuffer.wrap(row, 1 + Long.BYTES, Long.BYTES).getLong());
    }

    private byte[] ownedGroupRow(long ownerId, long groupId) {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES)
                .put(ownedGroupSalt.of(ownerId))
                .putLong(ownerId)
                .putLong(groupId)
                .array();
    }

    @Override
    public int countMembers(long groupId) {
        return count(members, groupPrefix(groupId));
    }

    /** At most {@code limit} rows of a prefix, strictly after the row {@code after}; one bounded scan. */
    private static List<Long> page(
            AsyncTable<AdvancedScanResultConsumer> table,
            byte[] prefix,
            Optional<byte[]> after,
            int limit,
            Function<byte[], Long> idOf) {
        if (limit < 1) {
            return List.of(); // a scan limit of 0 means no limit
        }
        Scan scan = new Scan().setStartStopRowForPrefixScan(prefix);
        after.ifPresent(row -> scan.withStartRow(row, false));
        scan.setFilter(keysOnly()).setLimit(limit).setCaching(Math.min(limit, MAX_CACHING));
        List<Long> ids = new ArrayList<>();
        for (Result row : table.scanAll(scan).join()) {
            ids.add(idOf.apply(row.getRow()));
        }
        return ids;
    }

    /** The rows of a prefix, counted as they stream by (keys only): bounded by the caps on the lists. */
    private static int count(AsyncTable<AdvancedScanResultConsumer> table, byte[] prefix) {
        Scan scan = new Scan()
                .setStartStopRowForPrefixScan(prefix)
                .setFilter(keysOnly())
                .setCaching(MAX_CACHING);
        int rows = 0;
        try (ResultScanner scanner = table.getScanner(scan)) {
            for (Result ignored : scanner) {
                rows++;
            }
        }
        return rows;
    }

    /** One cell per row, without its value: what a scan that needs only row keys should bring back. */
    private static FilterList keysOnly() {
        return new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter());
    }

    private byte[] groupRow(long groupId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(groupSalt.of(groupId))
                .putLong(groupId)
                .array();
    }

    private byte[] memberRow(long groupId, long memberId) {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES)
                .put(memberSalt.of(groupId))
                .putLong(groupId)
                .putLong(memberId)
                .array();
    }

    private byte[] groupPrefix(long groupId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(memberSalt.of(groupId))
                .putLong(groupId)
                .array();
    }

    private static long memberOf(byte[] memberRow) {
        return Bytes.toLong(memberRow, 1 + Long.BYTES);
    }

    private static Salt salt(HBaseTables declared, TableName table) {
        return Salt.of(declared.table(table.getQualifierAsString()));
    }
}
