package dev.widefeed.export;

import java.util.List;

/**
 * The columns a scan of one table yields, in the order of each row's values; {@code key} names the
 * columns that make up a row's key, in key order.
 */
public record TableShape(String table, List<Column> columns, List<String> key) {

    public record Column(String name, ColumnType type) {}

    public TableShape {
        columns = List.copyOf(columns);
        key = List.copyOf(key);
    }
}
