package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PagingState;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import dev.widefeed.export.ColumnType;
import dev.widefeed.export.ScanPage;
import dev.widefeed.export.Split;
import dev.widefeed.export.TableScanStore;
import dev.widefeed.export.TableShape;
import dev.widefeed.store.cassandra.setup.CqlErrors;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Whole-table scans on Cassandra, by token range: the ring's ranges (cut further to give enough
 * splits), each read with {@code token(partition key) > start AND <= end} a page at a time, at
 * the configured scan consistency; the driver's paging state (checked against the statement when
 * given back) is the position between pages, so no request ever reads a partition whole and a
 * resumed scan carries on exactly where it was.
 */
final class CqlTableScanStore implements TableScanStore {
    private final CqlSession session;
    private final ConsistencyLevel consistency;
    /** Per table: the statement for a range with an end, and the one for the range that runs to the ring's end. */
    private final Map<String, PreparedStatement[]> statements = new ConcurrentHashMap<>();

    CqlTableScanStore(CqlSession session, ConsistencyLevel consistency) {
        this.session = session;
        this.consistency = consistency;
    }

    @Override
    public List<String> tables() {
        try {
            return keyspace().getTables().keySet().stream()
                    .map(CqlIdentifier::asInternal)
                    .sorted()
                    .toList();
        } catch (RuntimeException e) {
            throw CqlErrors.translate(e);
        }
    }

    @Override
    public TableShape shape(String table) {
        TableMetadata metadata = table(table);
        List<TableShape.Column> columns = new ArrayList<>();
        List<String> key = new ArrayList<>();
        for (ColumnMetadata column : keyThenTheRest(metadata)) {
            columns.add(new TableShape.Column(column.getName().asInternal(), type(table, column)));
        }
        metadata.getPrimaryKey().forEach(c -> key.add(c.getName().asInternal()));
        return new TableShape(table, columns, key);
    }

    @Override
    public List<Split> splits(String table, int atLeast) {
        table(table);
        TokenMap tokens = tokenMap();
        List<TokenRange> pieces = new ArrayList<>();
        for (TokenRange range : tokens.getTokenRanges()) {
            pieces.addAll(range.unwrap());
        }
        int cuts = Math.max(1, (atLeast + pieces.size() - 1) / pieces.size());
        List<Split> splits = new ArrayList<>();
        for (TokenRange piece : pieces) {
            for (TokenRange part : cuts == 1 ? List.of(piece) : piece.splitEvenly(cuts)) {
                splits.add(new Split(
                        String.format("t%05d", splits.size()),
                        tokens.format(part.getStart()) + ":" + tokens.format(part.getEnd())));
            }
        }
        return splits;
    }

    @Override
    public ScanPage page(TableShape shape, Split split, Optional<String> from, int rows) {
        try {
            TokenMap tokens = tokenMap();
            String[] range = split.range().split(":", 2);
            Token start = tokens.parse(range[0]);
            Token end = tokens.parse(range[1]);
            // A range ending at or before its start runs to the ring's end: the minimum token ends it, and no key has
            // that.
            boolean toTheEnd = end.compareTo(start) <= 0;
            PreparedStatement[] prepared = statements.computeIfAbsent(shape.table(), t -> prepare(shape));
            BoundStatement statement = toTheEnd
                    ? prepared[1].bind().setToken(0, start)
                    : prepared[0].bind().setToken(0, start).setToken(1, end);
            statement =
                    statement.setPageSize(rows).setConsistencyLevel(consistency).setIdempotent(true);
            if (from.isPresent()) {
                statement = statement.setPagingState(PagingState.fromString(from.get()));
            }
            ResultSet result = session.execute(statement);
            int available = result.getAvailableWithoutFetching();
            List<Object[]> page = new ArrayList<>(available);
            Long lastToken = null;
            for (int i = 0; i < available; i++) {
                Row row = result.one();
                lastToken = row.getLong(0);
                Object[] values = new Object[shape.columns().size()];
                for (int c = 0; c < values.length; c++) {
                    values[c] = value(row.getObject(c + 1));
                }
                page.add(values);
            }
            PagingState next = result.getExecutionInfo().getSafePagingState();
            double covered = next == null ? 1 : covered(range, lastToken, toTheEnd);
            return new ScanPage(page, Optional.ofNullable(next).map(PagingState::toString), covered);
        } catch (RuntimeException e) {
            throw CqlErrors.translate(e);
        }
    }

    @Override
    public String readSettings() {
        return "Cassandra, consistency " + consistency + ", by token range (partitioner "
                + tokenMap().getPartitionerName() + "), a page at a time (paging state between pages)";
    }

    private PreparedStatement[] prepare(TableShape shape) {
        TableMetadata metadata = table(shape.table());
        String partitionKey = metadata.getPartitionKey().stream()
                .map(c -> c.getName().asCql(true))
                .collect(Collectors.joining(", "));
        String columns = shape.columns().stream()
                .map(c -> CqlIdentifier.fromInternal(c.name()).asCql(true))
                .collect(Collectors.joining(", "));
        String select = "SELECT token(" + partitionKey + "), " + columns + " FROM "
                + metadata.getKeyspace().asCql(true) + "." + metadata.getName().asCql(true)
                + " WHERE token(" + partitionKey + ") > ?";
        return new PreparedStatement[] {
            session.prepare(select + " AND token(" + partitionKey + ") <= ?"), session.prepare(select)
        };
    }

    /** How much of a Murmur3 range the scan has passed, from the last row's token; other partitioners: 0 until done. */
    private double covered(String[] range, Long lastToken, boolean toTheEnd) {
        if (lastToken == null) {
            return 0;
        }
        try {
            double start = Long.parseLong(range[0]);
            double end = toTheEnd ? Long.MAX_VALUE : Long.parseLong(range[1]);
            return end > start ? Math.max(0, Math.min(1, (lastToken - start) / (end - start))) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private KeyspaceMetadata keyspace() {
        CqlIdentifier name =
                session.getKeyspace().orElseThrow(() -> new IllegalStateException("the session has no keyspace"));
        return session.getMetadata()
                .getKeyspace(name)
                .orElseThrow(() -> new IllegalStateException("keyspace " + name + " is not in the driver's metadata"));
    }

    private TableMetadata table(String table) {
        return keyspace()
                .getTable(CqlIdentifier.fromInternal(table))
                .orElseThrow(() -> new IllegalArgumentException("no such table: " + table));
    }

    private TokenMap tokenMap() {
        return session.getMetadata()
                .getTokenMap()
                .orElseThrow(() -> new IllegalStateException("the driver has no token map (token metadata is off)"));
    }

    private static List<ColumnMetadata> keyThenTheRest(TableMetadata table) {
        List<ColumnMetadata> columns = new ArrayList<>(table.getPrimaryKey());
        table.getColumns().values().stream().filter(c -> !columns.contains(c)).forEach(columns::add);
        return columns;
    }

    private static ColumnType type(String table, ColumnMetadata column) {
        DataType type = column.getType();
        if (type instanceof MapType map) {
            return new ColumnType.MapOf(kind(table, column, map.getKeyType()), kind(table, column, map.getValueType()));
        }
        if (type instanceof SetType set) {
            return new ColumnType.ListOf(kind(table, column, set.getElementType()));
        }
        if (type instanceof ListType list) {
            return new ColumnType.ListOf(kind(table, column, list.getElementType()));
        }
        return new ColumnType.Scalar(kind(table, column, type));
    }

    private static ColumnType.Kind kind(String table, ColumnMetadata column, DataType type) {
        if (type.equals(DataTypes.BIGINT) || type.equals(DataTypes.COUNTER)) {
            return ColumnType.Kind.LONG;
        }
        if (type.equals(DataTypes.INT) || type.equals(DataTypes.SMALLINT) || type.equals(DataTypes.TINYINT)) {
            return ColumnType.Kind.INT;
        }
        if (type.equals(DataTypes.TEXT)
                || type.equals(DataTypes.ASCII)
                || type.equals(DataTypes.UUID)
                || type.equals(DataTypes.TIMEUUID)) {
            return ColumnType.Kind.STRING;
        }
        if (type.equals(DataTypes.BOOLEAN)) {
            return ColumnType.Kind.BOOLEAN;
        }
        if (type.equals(DataTypes.DOUBLE) || type.equals(DataTypes.FLOAT)) {
            return ColumnType.Kind.DOUBLE;
        }
        if (type.equals(DataTypes.TIMESTAMP)) {
            return ColumnType.Kind.TIMESTAMP;
        }
        if (type.equals(DataTypes.BLOB)) {
            return ColumnType.Kind.BYTES;
        }
        throw new IllegalStateException(table + "." + column.getName().asInternal() + ": no export type for " + type);
    }

    /** The driver's value as the export carries it (see {@link ColumnType}). */
    private static Object value(Object value) {
        if (value instanceof Byte || value instanceof Short) {
            return ((Number) value).intValue();
        }
        if (value instanceof Float f) {
            return f.doubleValue();
        }
        if (value instanceof ByteBuffer buffer) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.duplicate().get(bytes);
            return bytes;
        }
        if (value instanceof UUID uuid) {
            return uuid.toString();
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(value(k), value(v)));
            return copy;
        }
        if (value instanceof Collection<?> collection) {
            return collection.stream().map(CqlTableScanStore::value).toList();
        }
        return value;
    }
}
