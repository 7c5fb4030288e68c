package dev.widefeed.store.hbase.rows;

import dev.widefeed.export.ColumnType;
import dev.widefeed.export.TableShape;
import dev.widefeed.store.hbase.layout.Column;
import dev.widefeed.store.hbase.layout.KeyPart;
import dev.widefeed.store.hbase.layout.RowLayout;
import dev.widefeed.store.hbase.layout.TableDefinition;
import dev.widefeed.store.hbase.layout.ValueType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * How an HBase row becomes an exported row, by its table's declared layout ({@link RowLayout}):
 * {@code row_key} (the bytes, so nothing is lost), each key part typed, each declared cell as a
 * typed column (a marker cell as {@code true}), each family of dynamic cells as a map from decoded
 * qualifier to value, and {@code other_cells} for any cell the layout does not declare (qualifier
 * printable, non-printing bytes as {@code \xNN}), so a column written before its declaration is
 * still exported. A row key that does not fit the layout keeps only {@code row_key}.
 */
public final class HBaseRowShape {
    private static final String OTHER = "other_cells";

    private final TableShape shape;
    private final RowLayout layout;
    private final Map<Column, Integer> columnIndex;

    private HBaseRowShape(TableShape shape, RowLayout layout, Map<Column, Integer> columnIndex) {
        this.shape = shape;
        this.layout = layout;
        this.columnIndex = columnIndex;
    }

    public static HBaseRowShape of(String table, TableDefinition declared) {
        // A table of the namespace that hbase-tables/ does not declare (schema_migrations) comes out as cells.
        RowLayout layout = declared == null ? null : RowLayout.of(declared);
        List<TableShape.Column> columns = new ArrayList<>();
        List<String> key = new ArrayList<>();
        Set<String> names = new HashSet<>();
        columns.add(new TableShape.Column("row_key", new ColumnType.Scalar(ColumnType.Kind.BYTES)));
        names.add("row_key");
        for (KeyPart part : layout == null ? List.<KeyPart>of() : layout.keyParts()) {
            columns.add(new TableShape.Column(
                    part.name(), new ColumnType.Scalar(kind(part.type().javaType()))));
            names.add(part.name());
            key.add(part.name());
        }
        Map<Column, Integer> index = new HashMap<>();
        for (Column column : layout == null ? List.<Column>of() : layout.columns()) {
            // A cell named as a key part (or as another family's cell) takes its family as a prefix.
            String name = names.contains(column.name()) ? column.family() + "_" + column.name() : column.name();
            names.add(name);
            index.put(column, columns.size());
            Class<?> valueType = column.type() == ValueType.EMPTY
                    ? Boolean.class
                    : column.type().javaType();
            columns.add(new TableShape.Column(
                    name,
                    column.dynamic()
                            ? new ColumnType.MapOf(kind(column.qualifierType().javaType()), kind(valueType))
                            : new ColumnType.Scalar(kind(valueType))));
        }
        columns.add(new TableShape.Column(OTHER, new ColumnType.MapOf(ColumnType.Kind.STRING, ColumnType.Kind.BYTES)));
        return new HBaseRowShape(
                new TableShape(table, columns, key.isEmpty() ? List.of("row_key") : key), layout, index);
    }

    public TableShape shape() {
        return shape;
    }

    public Object[] values(Result result) {
        Object[] values = new Object[shape.columns().size()];
        values[0] = result.getRow();
        if (layout == null) {
            for (Cell cell : result.rawCells()) {
                mapAt(values, values.length - 1)
                        .put(
                                otherName(CellUtil.cloneFamily(cell), CellUtil.cloneQualifier(cell)),
                                CellUtil.cloneValue(cell));
            }
            return values;
        }
        try {
            int i = 1;
            for (Object part : layout.decodeKey(result.getRow()).values()) {
                values[i++] = part;
            }
        } catch (IllegalArgumentException e) {
            // not the declared layout: row_key alone says what the row is
        }
        for (Cell cell : result.rawCells()) {
            byte[] family = CellUtil.cloneFamily(cell);
            byte[] qualifier = CellUtil.cloneQualifier(cell);
            byte[] value = CellUtil.cloneValue(cell);
            Optional<Column> declared = layout.column(family, qualifier);
            Object decoded = null;
            if (declared.isPresent()) {
                try {
                    decoded = declared.get().type() == ValueType.EMPTY
                            ? Boolean.TRUE
                            : layout.decodeValue(declared.get(), value);
                } catch (IllegalArgumentException e) {
                    declared = Optional.empty();
                }
            }
            if (declared.isEmpty()) {
                mapAt(values, values.length - 1).put(otherName(family, qualifier), value);
            } else if (declared.get().dynamic()) {
                Object key = layout.decodeQualifier(declared.get(), qualifier);
                mapAt(values, columnIndex.get(declared.get()))
                        .put(key instanceof Map ? String.valueOf(key) : key, decoded);
            } else {
                values[columnIndex.get(declared.get())] = decoded;
            }
        }
        return values;
    }

    private static String otherName(byte[] family, byte[] qualifier) {
        return Bytes.toString(family) + ":" + Bytes.toStringBinary(qualifier);
    }

    @SuppressWarnings("unchecked")
    private static Map<Object, Object> mapAt(Object[] values, int index) {
        if (values[index] == null) {
            values[index] = new LinkedHashMap<>();
        }
        return (Map<Object, Object>) values[index];
    }

    private static ColumnType.Kind kind(Class<?> javaType) {
        if (javaType == Long.class) {
            return ColumnType.Kind.LONG;
        }
        if (javaType == Integer.class) {
            return ColumnType.Kind.INT;
        }
        if (javaType == Boolean.class) {
            return ColumnType.Kind.BOOLEAN;
        }
        if (javaType == Double.class) {
            return ColumnType.Kind.DOUBLE;
        }
        if (javaType == byte[].class) {
            return ColumnType.Kind.BYTES;
        }
        // Text, and a composite qualifier's parts, written out as text.
        return ColumnType.Kind.STRING;
    }
}
