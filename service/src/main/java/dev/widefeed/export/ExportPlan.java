package dev.widefeed.export;

import java.time.Instant;
import java.util.List;

/**
 * What an export takes out, fixed when it starts and kept beside its output: the tables with
 * their columns and splits, the format and how the store is read. A resumed export follows the
 * plan, not the store's layout of the day, so each split's checkpoint keeps meaning what it meant.
 */
public record ExportPlan(
        String backend,
        String format,
        String readSettings,
        int pageRows,
        Instant createdAt,
        List<PlannedTable> tables) {

    public record PlannedTable(TableShape shape, List<Split> splits) {
        public PlannedTable {
            splits = List.copyOf(splits);
        }

        public String name() {
            return shape.table();
        }
    }

    public ExportPlan {
        tables = List.copyOf(tables);
    }

    public int splitCount() {
        return tables.stream().mapToInt(t -> t.splits().size()).sum();
    }
}
