package dev.widefeed.analytics;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * A store's counters and the rows they count, as Spark reads them, and how a correction is applied
 * there. The counters' readers must read afresh each time they are evaluated (the audit reads them
 * before and after it counts).
 */
public interface CounterTables extends AutoCloseable {

    /** Every audited counter, with readers over the live tables. */
    List<AuditedCounter> counters(SparkSession spark);

    /**
     * Adds {@code delta} to one counter, as reconcile does: an increment, never a write of the
     * value, so a change that lands meanwhile is kept. Not retried: an increment whose outcome is
     * unknown is reported, and the next audit sees what it did.
     */
    void add(AuditedCounter counter, long id, long delta);

    /** How the store is read (consistency, splits), for the report. */
    Map<String, String> readSettings();

    @Override
    void close();
}
