package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.EventLogStore;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.eventlog.ShardSlot;
import dev.widefeed.store.cassandra.rows.CqlTtl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The event log on Cassandra: entries in {@code event_log_by_slot}, the slots holding them in
 * {@code event_log_activity_by_hour} (one partition an hour), watermarks in
 * {@code event_log_watermark_by_shard} and leases in {@code event_log_lease_by_shard}. Everything but
 * the lease is a plain keyed overwrite, so the driver may retry it. The lease statements are
 * lightweight transactions and are not retried: a timeout is an
 * {@link dev.widefeed.kernel.UnknownOutcomeException}, and the worker simply asks again at its next
 * renewal (a take that applied unseen then reads as its own lease, and renews).
 */
final class CqlEventLogStore implements EventLogStore {
    private final CqlSession session;
    private final PreparedStatement insertEntry;
    private final PreparedStatement selectEntries;
    private final PreparedStatement insertActive;
    private final PreparedStatement selectActive;
    private final PreparedStatement selectWatermark;
    private final PreparedStatement upsertWatermark;
    private final PreparedStatement takeLease;
    private final PreparedStatement renewLease;
    private final PreparedStatement releaseLease;

    CqlEventLogStore(CqlSession session) {
        this.session = session;
        insertEntry = session.prepare(
                "INSERT INTO event_log_by_slot (shard, slot, kind, subject_id, actor_id) " + "VALUES (?, ?, ?, ?, ?)");
        selectEntries = session.prepare(
                "SELECT kind, subject_id, actor_id FROM event_log_by_slot " + "WHERE shard = ? AND slot = ?");
        insertActive = session.prepare("INSERT INTO event_log_activity_by_hour (hour, slot, shard) VALUES (?, ?, ?)");
        selectActive = session.prepare(
                "SELECT slot, shard FROM event_log_activity_by_hour " + "WHERE hour = ? AND slot >= ? AND slot <= ?");
        selectWatermark = session.prepare("SELECT slot FROM event_log_watermark_by_shard WHERE shard = ?");
        upsertWatermark = session.prepare("INSERT INTO event_log_watermark_by_shard (shard, slot) VALUES (?, ?)");
        takeLease = session.prepare(
                "INSERT INTO event_log_lease_by_shard (shard, owner) VALUES (?, ?) " + "IF NOT EXISTS USING TTL ?");
        renewLease = session.prepare(
                "UPDATE event_log_lease_by_shard USING TTL ? SET owner = ? " + "WHERE shard = ? IF owner = ?");
        releaseLease = session.prepare("DELETE FROM event_log_lease_by_shard WHERE shard = ? IF owner = ?");
    }

    @Override
    public void append(LogEntry entry) {
        session.execute(insertEntry
                .bind(entry.shard(), entry.slot(), entry.kind(), entry.subjectId(), entry.actorId())
                .setIdempotent(true));
    }

    /** One partition, bounded by what one minute of one shard can hold; the driver pages through it. */
    @Override
    public List<LogEntry> entries(int shard, long slot) {
        List<LogEntry> entries = new ArrayList<>();
        for (Row row : session.execute(selectEntries.bind(shard, slot).setIdempotent(true))) {
            entries.add(new LogEntry(shard, slot, row.getString(0), row.getLong(1), row.getLong(2)));
        }
        return entries;
    }

    @Override
    public void markActive(int shard, long slot) {
        session.execute(insertActive.bind(EventLog.hourOf(slot), slot, shard).setIdempotent(true));
    }

    /** One read per hour the slots span; an hour's partition holds at most 60 rows per shard. */
    @Override
    public List<ShardSlot> activeSlots(long fromSlot, long toSlot) {
        List<ShardSlot> active = new ArrayList<>();
        for (long hour = EventLog.hourOf(fromSlot); hour <= EventLog.hourOf(toSlot); hour++) {
            for (Row row :
                    session.execute(selectActive.bind(hour, fromSlot, toSlot).setIdempotent(true))) {
                active.add(new ShardSlot(row.getInt(1), row.getLong(0)));
            }
        }
        return active;
    }

    @Override
    public Optional<Long> watermark(int shard) {
        Row row =
                session.execute(selectWatermark.bind(shard).setIdempotent(true)).one();
        return row == null || row.isNull(0) ? Optional.empty() : Optional.of(row.getLong(0));
    }

    @Override
    public void saveWatermark(int shard, long slot) {
        session.execute(upsertWatermark.bind(shard, slot).setIdempotent(true));
    }

    /**
     * Tries to take the lease; when it is taken already, the refused insert names the holder, and
     * only if that is {@code owner} does a second round renew it. So a worker polling a shard someone
     * else holds costs one Paxos round. The renewal refreshes the owner cell's TTL only (the row
     * marker keeps the first insert's), which is enough: a row lives while any of its cells does.
     */
    @Override
    public boolean lease(int shard, String owner, Duration ttl) {
        int seconds = CqlTtl.seconds(ttl);
        ResultSet taken = session.execute(takeLease.bind(shard, owner, seconds).setIdempotent(false));
        if (taken.wasApplied()) {
            return true;
        }
        Row holder = taken.one();
        if (holder == null || !owner.equals(holder.getString("owner"))) {
            return false;
        }
        return session.execute(renewLease.bind(seconds, owner, shard, owner).setIdempotent(false))
                .wasApplied();
    }

    /** The second round of {@link #lease} alone: an expired lease has no row left, so it is not renewed. */
    @Override
    public boolean renew(int shard, String owner, Duration ttl) {
        return session.execute(renewLease
                        .bind(CqlTtl.seconds(ttl), owner, shard, owner)
                        .setIdempotent(false))
                .wasApplied();
    }

    @Override
    public void release(int shard, String owner) {
        session.execute(releaseLease.bind(shard, owner).setIdempotent(false));
    }
}
