package dev.widefeed.store.hbase;

import dev.widefeed.directory.DirectoryEntry;
import dev.widefeed.directory.DirectoryStore;
import dev.widefeed.directory.NameTerms;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The directory in {@code users_by_name_prefix} (a row per entry, keyed salt | prefix | word | user, so a listing's
 * words beginning alike are one range), {@code listing_sizes_by_prefix} (an Increment per change) and
 * {@code name_listings_by_user} (a row per user, a qualifier per listing).
 */
final class HBaseDirectoryStore implements DirectoryStore {
    private static final byte[] LISTING = Bytes.toBytes("l");
    private static final byte[] MARKER = Bytes.toBytes("m");
    private static final byte[] SIZES = Bytes.toBytes("c");
    private static final byte[] ENTRIES = Bytes.toBytes("entries");
    private static final byte[] EMPTY = new byte[0];

    private final AsyncTable<AdvancedScanResultConsumer> entries;
    private final Salt entrySalt;
    private final AsyncTable<AdvancedScanResultConsumer> sizes;
    private final Salt sizeSalt;
    private final AsyncTable<AdvancedScanResultConsumer> byUser;
    private final Salt userSalt;
    private final BoundedAsync async;

    HBaseDirectoryStore(AsyncConnection connection, String namespace, HBaseTables declared, BoundedAsync async) {
        this.async = async;
        TableName entriesTable = TableName.valueOf(namespace, "users_by_name_prefix");
        TableName sizesTable = TableName.valueOf(namespace, "listing_sizes_by_prefix");
        TableName byUserTable = TableName.valueOf(namespace, "name_listings_by_user");
        this.entries = connection.getTable(entriesTable);
        this.entrySalt = Salt.of(declared.table(entriesTable.getQualifierAsString()));
        this.sizes = connection.getTable(sizesTable);
        this.sizeSalt = Salt.of(declared.table(sizesTable.getQualifierAsString()));
        this.byUser = connection.getTable(byUserTable);
        this.userSalt = Salt.of(declared.table(byUserTable.getQualifierAsString()));
    }

    @Override
    public List<DirectoryEntry> listed(String prefix, String wordPrefix, Optional<DirectoryEntry> after, int limit) {
        byte[] listing = listing(prefix);
        Scan scan = new Scan()
                .setStartStopRowForPrefixScan(Bytes.add(listing, utf8(wordPrefix)))
                .addColumn(LISTING, MARKER)
                .setLimit(limit)
                .setCaching(limit);
        after.ifPresent(a -> scan.withStartRow(row(a), false));
        List<DirectoryEntry> found = new ArrayList<>();
        for (Result result : entries.scanAll(scan).join()) {
            byte[] row = result.getRow();
            int end = row.length - Long.BYTES - 1; // the word's terminator
            String word = new String(row, listing.length, end - listing.length, StandardCharsets.UTF_8);
            found.add(new DirectoryEntry(prefix, word, Bytes.toLong(row, end + 1)));
        }
        return found;
    }

    @Override
    public Set<DirectoryEntry> listedAmong(Collection<DirectoryEntry> entries) {
        List<DirectoryEntry> asked = List.copyOf(entries);
        List<Boolean> there = entries.isEmpty()
                ? List.of()
                : this.entries
                        .existsAll(asked.stream()
                                .map(e -> new Get(row(e)).addColumn(LISTING, MARKER))
                                .toList())
                        .join();
        Set<DirectoryEntry> found = new HashSet<>();
        for (int i = 0; i < asked.size(); i++) {
            if (there.get(i)) {
                found.add(asked.get(i));
            }
        }
        return found;
    }

    @Override
    public void list(Collection<DirectoryEntry> listed) {
        if (!listed.isEmpty()) {
            entries.putAll(listed.stream()
                            .map(e -> new Put(row(e)).addColumn(LISTING, MARKER, EMPTY))
                            .toList())
                    .join();
        }
    }

    @Override
    public void unlist(DirectoryEntry entry) {
        entries.delete(new Delete(row(entry))).join();
    }

    @Override
    public Map<String, Long> listingSizes(Collection<String> prefixes) {
        List<String> asked = List.copyOf(prefixes);
        List<Result> rows = asked.isEmpty()
                ? List.of()
                : sizes.getAll(asked.stream()
                                .map(p -> new Get(sizeRow(p)).addColumn(SIZES, ENTRIES))
                                .toList())
                        .join();
        Map<String, Long> found = new HashMap<>();
        for (int i = 0; i < asked.size(); i++) {
            byte[] size = rows.get(i).getValue(SIZES, ENTRIES);
            found.put(asked.get(i), size == null ? 0 : Bytes.toLong(size));
        }
        return found;
    }

    @Override
    public void addToListingSizes(Map<String, Long> deltas) {
        async.runAll(
                List.copyOf(deltas.entrySet()),
                d -> sizes.increment(new Increment(sizeRow(d.getKey())).addColumn(SIZES, ENTRIES, d.getValue())));
    }

    @Override
    public Set<NameTerms.Listed> listingsOf(long userId) {
        Result row = byUser.get(new Get(userRow(userId)).addFamily(LISTING)).join();
        Set<NameTerms.Listed> listed = new HashSet<>();
        if (row.isEmpty()) {
            return listed;
        }
        for (Cell cell : row.rawCells()) {
            byte[] qualifier = CellUtil.cloneQualifier(cell);
            int zero = Bytes.indexOf(qualifier, (byte) 0);
            listed.add(new NameTerms.Listed(
                    new String(qualifier, 0, zero, StandardCharsets.UTF_8),
                    new String(qualifier, zero + 1, qualifier.length - zero - 1, StandardCharsets.UTF_8)));
        }
        return listed;
    }

    @Override
    public void recordListings(long userId, Collection<NameTerms.Listed> listed) {
        Put put = new Put(userRow(userId));
        listed.forEach(l -> put.addColumn(LISTING, qualifier(l), EMPTY));
        byUser.put(put).join();
    }

    @Override
    public void forgetListings(long userId, Collection<NameTerms.Listed> listed) {
        Delete delete = new Delete(userRow(userId));
        listed.forEach(l -> delete.addColumns(LISTING, qualifier(l)));
        byUser.delete(delete).join();
    }

    private byte[] listing(String prefix) {
        byte[] text = utf8(prefix);
        return ByteBuffer.allocate(1 + Short.BYTES + text.length)
                .put(entrySalt.of(prefix.hashCode()))
                .putShort((short) text.length)
                .put(text)
                .array();
    }

    private byte[] row(DirectoryEntry entry) {
        byte[] listing = listing(entry.prefix());
        byte[] word = utf8(entry.word());
        return ByteBuffer.allocate(listing.length + word.length + 1 + Long.BYTES)
                .put(listing)
                .put(word)
                .put((byte) 0)
                .putLong(entry.userId())
                .array();
    }

    private byte[] sizeRow(String prefix) {
        return Bytes.add(new byte[] {sizeSalt.of(prefix.hashCode())}, utf8(prefix));
    }

    private byte[] userRow(long userId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(userSalt.of(userId))
                .putLong(userId)
                .array();
    }

    private static byte[] qualifier(NameTerms.Listed listed) {
        return Bytes.add(utf8(listed.prefix()), new byte[] {0}, utf8(listed.word()));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
