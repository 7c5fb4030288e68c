package dev.widefeed.store.hbase;

import dev.widefeed.export.ScanPage;
import dev.widefeed.export.Split;
import dev.widefeed.export.TableScanStore;
import dev.widefeed.export.TableShape;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.rows.HBaseRowShape;
import dev.widefeed.store.hbase.setup.HBaseErrors;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;

/**
 * Whole-table scans on HBase, by region: each region of the table (cut further at keys spread
 * between its first and last rows, when more splits are asked for than it has regions) read a page
 * at a time with a {@link Scan} limited to the page, from just after the last row read; the block
 * cache is bypassed so an export does not push live traffic's blocks out. Reads go to each region's
 * primary, so they see every acknowledged write. How a row becomes typed columns is {@link HBaseRowShape}'s.
 */
final class HBaseTableScanStore implements TableScanStore {
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder UNB64 = Base64.getUrlDecoder();

    private final AsyncConnection connection;
    private final String namespace;
    private final HBaseTables declared;
    private final Map<String, HBaseRowShape> shapes = new ConcurrentHashMap<>();

    HBaseTableScanStore(AsyncConnection connection, String namespace, HBaseTables declared) {
        this.connection = connection;
        this.namespace = namespace;
        this.declared = declared;
    }

    @Override
    public List<String> tables() {
        try {
            return connection.getAdmin().listTableNamesByNamespace(namespace).join().stream()
                    .map(TableName::getQualifierAsString)
                    .sorted()
                    .toList();
        } catch (RuntimeException e) {
            throw HBaseErrors.translate(e);
        }
    }

    @Override
    public TableShape shape(String table) {
        return rowShape(table).shape();
    }

    @Override
    public List<Split> splits(String table, int atLeast) {
        try {
            List<HRegionLocation> regions = connection
                    .getRegionLocator(name(table))
                    .getAllRegionLocations()
                    .join();
            int cuts = Math.max(1, (atLeast + regions.size() - 1) / regions.size());
            List<Split> splits = new ArrayList<>();
            for (HRegionLocation region : regions) {
                byte[] start = region.getRegion().getStartKey();
                byte[] end = region.getRegion().getEndKey();
                byte[] first = edgeRow(table, start, end, false);
                byte[] last = edgeRow(table, start, end, true);
                List<byte[]> bounds = new ArrayList<>();
                bounds.add(start);
                if (first != null && cuts > 1 && !Arrays.equals(first, last)) {
                    for (int i = 1; i < cuts; i++) {
                        bounds.add(between(first, last, i, cuts));
                    }
                }
                bounds.add(end);
                for (int i = 0; i + 1 < bounds.size(); i++) {
                    // Where this split's rows lie, for its progress: between the region's first and last rows.
                    byte[] low = first == null ? new byte[0] : i == 0 ? first : bounds.get(i);
                    byte[] high = last == null ? new byte[0] : i + 2 == bounds.size() ? last : bounds.get(i + 1);
                    splits.add(new Split(
                            String.format("r%05d", splits.size()),
                            String.join(
                                    ":",
                                    B64.encodeToString(bounds.get(i)),
                                    B64.encodeToString(bounds.get(i + 1)),
                                    B64.encodeToString(low),
                                    B64.encodeToString(high))));
                }
            }
            return splits;
        } catch (RuntimeException e) {
            throw HBaseErrors.translate(e);
        }
    }

    @Override
    public ScanPage page(TableShape shape, Split split, Optional<String> from, int rows) {
        String[] range = split.range().split(":", -1);
        byte[] start = UNB64.decode(range[0]);
        byte[] end = UNB64.decode(range[1]);
        Scan scan = new Scan()
                .withStartRow(from.map(UNB64::decode).orElse(start), from.isEmpty())
                .withStopRow(end, false)
                .setLimit(rows)
                .setCaching(rows)
                .setCacheBlocks(false)
                .readVersions(1);
        try {
            List<Result> results = table(shape.table()).scanAll(scan).join();
            HBaseRowShape rowShape = rowShape(shape.table());
            List<Object[]> page = new ArrayList<>(results.size());
            for (Result result : results) {
                page.add(rowShape.values(result));
            }
            if (results.size() < rows) {
                return new ScanPage(page, Optional.empty(), 1);
            }
            byte[] lastRow = results.get(results.size() - 1).getRow();
            return new ScanPage(
                    page,
                    Optional.of(B64.encodeToString(lastRow)),
                    covered(UNB64.decode(range[2]), UNB64.decode(range[3]), lastRow));
        } catch (RuntimeException e) {
            throw HBaseErrors.translate(e);
        }
    }

    @Override
    public String readSettings() {
        return "HBase, each region's primary (strong), by region, a page at a time (Scan limit), block cache bypassed";
    }

    private HBaseRowShape rowShape(String table) {
        return shapes.computeIfAbsent(
                table, t -> HBaseRowShape.of(t, declared.tables().get(t)));
    }

    /** The first (or last) row of a key range, or null when it has none: where a region's rows lie. */
    private byte[] edgeRow(String table, byte[] start, byte[] end, boolean last) {
        Scan scan = last
                ? new Scan()
                        .withStartRow(end.length == 0 ? HConstants.EMPTY_END_ROW : end, false)
                        .withStopRow(start, true)
                        .setReversed(true)
                : new Scan().withStartRow(start, true).withStopRow(end, false);
        List<Result> rows = table(table)
                .scanAll(scan.setLimit(1).setOneRowLimit().setCacheBlocks(false))
                .join();
        return rows.isEmpty() ? null : rows.get(0).getRow();
    }

    /** The key {@code i / n} of the way from {@code low} to {@code high}, as unsigned numbers of equal length. */
    static byte[] between(byte[] low, byte[] high, int i, int n) {
        int length = Math.max(low.length, high.length);
        BigInteger a = unsigned(low, length);
        BigInteger at = a.add(unsigned(high, length)
                .subtract(a)
                .multiply(BigInteger.valueOf(i))
                .divide(BigInteger.valueOf(n)));
        byte[] raw = at.toByteArray();
        byte[] key = new byte[length];
        int copy = Math.min(raw.length, length);
        System.arraycopy(raw, raw.length - copy, key, length - copy, copy);
        return key;
    }

    /** How far {@code row} lies from {@code first} to {@code last}, 0..1, as unsigned numbers of equal length. */
    static double covered(byte[] first, byte[] last, byte[] row) {
        if (first.length == 0 || last.length == 0) {
            return 0;
        }
        int length = Math.max(Math.max(first.length, last.length), row.length);
        double a = unsigned(first, length).doubleValue();
        double b = unsigned(last, length).doubleValue();
        double x = unsigned(row, length).doubleValue();
        return b > a ? Math.max(0, Math.min(1, (x - a) / (b - a))) : 0;
    }

    /** A key as an unsigned number, zero-padded on the right to {@code length}, so keys compare as numbers. */
    private static BigInteger unsigned(byte[] key, int length) {
        return new BigInteger(1, Arrays.copyOf(key, length));
    }

    private TableName name(String table) {
        return TableName.valueOf(namespace, table);
    }

    private AsyncTable<AdvancedScanResultConsumer> table(String table) {
        return connection.getTable(name(table));
    }
}
