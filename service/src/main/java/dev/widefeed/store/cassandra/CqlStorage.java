package dev.widefeed.store.cassandra;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import dev.widefeed.eventlog.SlotMarking;
import dev.widefeed.export.TableScanStore;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.Stores;
import dev.widefeed.store.TimedStorage;
import dev.widefeed.store.cassandra.rows.CqlFloors;
import dev.widefeed.store.cassandra.rows.ListBuckets;
import dev.widefeed.store.cassandra.setup.CqlErrors;
import java.time.Clock;

/** The Cassandra backend: every store over one {@link CqlSession} bound to the service's keyspace. */
public final class CqlStorage extends TimedStorage {
    private final CqlSession session;
    private final CqlTableScanStore tableScans;

    /** {@code scanConsistency}: what whole-table scans read at (see {@link CqlTableScanStore}). */
    public CqlStorage(
            CqlSession session,
            MetricRegistry metrics,
            int bucketSize,
            int maxInFlight,
            ConsistencyLevel scanConsistency,
            Clock clock) {
        super("cassandra", adapters(session, bucketSize, maxInFlight, clock), metrics, CqlErrors::translate);
        this.session = session;
        this.tableScans = new CqlTableScanStore(session, scanConsistency);
    }

    private static Stores adapters(CqlSession session, int bucketSize, int maxInFlight, Clock clock) {
        CqlUserStore users = new CqlUserStore(session);
        ListBuckets followerBuckets = new ListBuckets(session, "followers", bucketSize, clock);
        BoundedAsync async = new BoundedAsync(maxInFlight);
        CqlFloors commentFloors = new CqlFloors(session, CqlFloors.FLOORS_PER_BUCKET);
        return new Stores(
                users,
                new CqlRelationStore(session, users, followerBuckets, async),
                new CqlPostStore(session, bucketSize, async, clock),
                new CqlLikeStore(session, bucketSize, clock),
                new CqlCommentStore(session, commentFloors),
                new CqlCommentVoteStore(session),
                new CqlHotCommentStore(session, commentFloors),
                new CqlTimelineStore(session, async),
                new CqlFanoutStore(session, async),
                new CqlAudienceStore(session),
                new SlotMarking(new CqlEventLogStore(session)),
                new CqlNotificationStore(session, async),
                new CqlTextIndexStore(session),
                new CqlDirectoryStore(session, async),
                new CqlAccountStore(session),
                new CqlIdempotencyStore(session),
                new CqlUserRowsStore(session, clock),
                new CqlInvalidationStore(session));
    }

    @Override
    public TableScanStore tableScans() {
        return tableScans;
    }

    @Override
    public void ping() {
        try {
            session.execute("SELECT release_version FROM system.local");
        } catch (RuntimeException e) {
            throw CqlErrors.translate(e);
        }
    }

    @Override
    public void close() {
        session.close();
    }
}
