package dev.widefeed.analytics;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * One kind of counter the audit recounts: where it is kept ({@code counters}: columns {@code id},
 * {@code counter}) and what it counts ({@code truth}: columns {@code id}, {@code counted} (rows that
 * count) and {@code rows} (rows read)). A store's {@link CounterTables} builds both from its tables.
 *
 * @param name    as reconcile names it: {@code post.likes}, {@code user.followers}, ...
 * @param table   the counter's table, column and key column, for corrections
 */
public record AuditedCounter(
        String name, String table, String column, String idColumn, Dataset<Row> counters, Dataset<Row> truth) {}
