package dev.widefeed.store.hbase;

import dev.widefeed.export.ColumnType;
import dev.widefeed.export.TableShape;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How an HBase row becomes an exported row: the row key as bytes, then one map per family from
 * qualifier (printable, non-printing bytes as {@code \xNN}) to the cell's value bytes.
 */
final class HBaseRowShape {
    private final TableShape shape;
    private final List<String> families;

    private HBaseRowShape(TableShape shape, List<String> families) {
        this.shape = shape;
        this.families = families;
    }

    /** {@code declared}: the table as {@code hbase-tables/} declares it (null: not declared there). */
    static HBaseRowShape of(String table, TableDefinition declared, ColumnFamilyDescriptor[] families) {
        List<TableShape.Column> columns = new ArrayList<>();
        List<String> names = new ArrayList<>();
        columns.add(new TableShape.Column("row_key", new ColumnType.Scalar(ColumnType.Kind.BYTES)));
        for (ColumnFamilyDescriptor family : families) {
            names.add(family.getNameAsString());
            columns.add(new TableShape.Column(family.getNameAsString(),
                    new ColumnType.MapOf(ColumnType.Kind.STRING, ColumnType.Kind.BYTES)));
        }
        return new HBaseRowShape(new TableShape(table, columns, List.of("row_key")), names);
    }

    TableShape shape() {
        return shape;
    }

    Object[] values(Result result) {
        Object[] values = new Object[shape.columns().size()];
        values[0] = result.getRow();
        for (Cell cell : result.rawCells()) {
            int family = families.indexOf(Bytes.toString(CellUtil.cloneFamily(cell)));
            @SuppressWarnings("unchecked")
            Map<Object, Object> cells = (Map<Object, Object>) values[family + 1];
            if (cells == null) {
                cells = new LinkedHashMap<>();
                values[family + 1] = cells;
            }
            cells.put(Bytes.toStringBinary(CellUtil.cloneQualifier(cell)), CellUtil.cloneValue(cell));
        }
        return values;
    }
}
