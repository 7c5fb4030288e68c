package dev.widefeed.store.cassandra.rows;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.widefeed.store.BucketWalk;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One newest-first list of (at, id) entries per owner, in a table keyed {@code ((owner, bucket), at,
 * id)} ordered {@code (at DESC, id DESC)} and split into buckets by its {@link ListBuckets}
 * directory. Writes carry an explicit timestamp (the entry's version), so an add and a remove of
 * one entry written out of order settle on the later.
 */
public final class BucketedList {
    /** One entry; also the position a page ends at. */
    public record Entry(Instant at, long id) {}

    private final CqlSession session;
    private final ListBuckets buckets;
    private final PreparedStatement insert;
    private final PreparedStatement delete;
    private final PreparedStatement select;
    private final PreparedStatement selectAfter;

    /** {@code owner}, {@code at} and {@code id} name the key columns of {@code table} besides bucket. */
    public BucketedList(CqlSession session, ListBuckets buckets, String table, String owner, String at, String id) {
        this.session = session;
        this.buckets = buckets;
        insert = session.prepare("INSERT INTO " + table + " (" + owner + ", bucket, " + at + ", " + id
                + ") VALUES (?, ?, ?, ?) USING TIMESTAMP ?");
        delete = session.prepare("DELETE FROM " + table + " USING TIMESTAMP ? WHERE " + owner
                + " = ? AND bucket = ? AND " + at + " = ? AND " + id + " = ?");
        select = session.prepare(
                "SELECT " + at + ", " + id + " FROM " + table + " WHERE " + owner + " = ? AND bucket = ? LIMIT ?");
        selectAfter = session.prepare("SELECT " + at + ", " + id + " FROM " + table + " WHERE " + owner
                + " = ? AND bucket = ? AND (" + at + ", " + id + ") < (?, ?) LIMIT ?");
    }

    public BoundStatement add(long ownerId, Instant at, long id, long timestamp) {
        return insert.bind(ownerId, buckets.bucketFor(ownerId, at), at, id, timestamp);
    }

    public BoundStatement remove(long ownerId, Instant at, long id, long timestamp) {
        return delete.bind(timestamp, ownerId, buckets.bucketFor(ownerId, at), at, id);
    }

    /** Call before adding a new entry timed {@code at} ({@link ListBuckets#beforeAdd}). */
    public void beforeAdd(long ownerId, Instant at) {
        buckets.beforeAdd(ownerId, at);
    }

    /** At most {@code limit} entries strictly after {@code after}, walking the buckets newest first. */
    public List<Entry> page(long ownerId, Optional<Entry> after, int limit) {
        return BucketWalk.page(buckets.pageFrom(ownerId, after.map(Entry::at)), limit, (bucket, first, want) -> {
            BoundStatement query = first && after.isPresent()
                    ? selectAfter.bind(
                            ownerId, bucket, after.get().at(), after.get().id(), want)
                    : select.bind(ownerId, bucket, want);
            return session.execute(query.setIdempotent(true).setPageSize(Math.min(want, 5000)))
                    .map(row -> new Entry(row.getInstant(0), row.getLong(1)));
        });
    }
}
