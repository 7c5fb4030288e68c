package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.EventLogStore;
import dev.widefeed.eventlog.EventLogStore.SlotMark;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.store.cassandra.rows.CqlTtl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The event log on Cassandra: entries in {@code event_log_by_slot}, the slots holding them in
 * {@code event_log_activity_by_hour} (one partition an hour), watermarks in
 * {@code event_log_watermark_by_shard} and leases in {@code event_log_leases_by_log} (one partition: every lease an
 * instance holds is renewed in one conditional batch). Everything but the lease is a plain keyed overwrite, so the
 * driver may retry it. The lease statements are lightweight transactions and are not retried: a timeout is an
 * {@link dev.widefeed.kernel.UnknownOutcomeException}, and the worker simply asks again at its next
 * renewal (a take that applied unseen then reads as its own lease, and renews).
 */
final class CqlEventLogStore implements EventLogStore {
    /** The leases' partition: the one log. */
    private static final int LOG = 0;
    /**
     * Renewals in one batch at most: a log of many shards held by one instance is renewed in a few batches, each
     * well under Cassandra's batch size limits.
     */
    private static final int RENEWALS_PER_BATCH = 64;

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
    private final PreparedStatement selectLeases;

    CqlEventLogStore(CqlSession session) {
        this.session = session;
        insertEntry = session.prepare(
                "INSERT INTO event_log_by_slot (shard, slot, kind, subject_id, actor_id) " + "VALUES (?, ?, ?, ?, ?)");
        selectEntries = session.prepare(
                "SELECT kind, subject_id, actor_id FROM event_log_by_slot " + "WHERE shard = ? AND slot = ?");
        insertActive = session.prepare(
                "INSERT INTO event_log_activity_by_hour (hour, slot, shard, writer) VALUES (?, ?, ?, ?)");
        selectActive = session.prepare("SELECT slot, shard, writer FROM event_log_activity_by_hour "
                + "WHERE hour = ? AND slot >= ? AND slot <= ?");
        selectWatermark = session.prepare("SELECT slot FROM event_log_watermark_by_shard WHERE shard = ?");
        upsertWatermark = session.prepare("INSERT INTO event_log_watermark_by_shard (shard, slot) VALUES (?, ?)");
        takeLease = session.prepare("INSERT INTO event_log_leases_by_log (log, shard, owner) VALUES (" + LOG
                + ", ?, ?) IF NOT EXISTS USING TTL ?");
        renewLease = session.prepare("UPDATE event_log_leases_by_log USING TTL ? SET owner = ? WHERE log = " + LOG
                + " AND shard = ? IF owner = ?");
        releaseLease = session.prepare(
                "DELETE FROM event_log_leases_by_log WHERE log = " + LOG + " AND shard = ? IF owner = ?");
        selectLeases = session.prepare("SELECT shard, owner FROM event_log_leases_by_log WHERE log = " + LOG);
    }

    @Override
    public void append(LogEntry entry) {
        session.execute(insert(entry));
    }

    /**
     * The entries of each shard and slot in one unlogged batch: one partition, so one request that Cassandra applies
     * as one mutation. Partitions are written one after another (an event's entries share one).
     */
    @Override
    public void appendAll(List<LogEntry> entries) {
        Map<List<Long>, List<LogEntry>> byPartition = new LinkedHashMap<>();
        for (LogEntry entry : entries) {
            byPartition
                    .computeIfAbsent(List.of((long) entry.shard(), entry.slot()), k -> new ArrayList<>())
                    .add(entry);
        }
        for (List<LogEntry> partition : byPartition.values()) {
            if (partition.size() == 1) {
                session.execute(insert(partition.get(0)));
            } else {
                BatchStatementBuilder batch = BatchStatement.builder(BatchType.UNLOGGED);
                partition.forEach(entry -> batch.addStatement(insert(entry)));
                session.execute(batch.setIdempotence(true).build());
            }
        }
    }

    private BoundStatement insert(LogEntry entry) {
        return insertEntry
                .bind(entry.shard(), entry.slot(), entry.kind(), entry.subjectId(), entry.actorId())
                .setIdempotent(true);
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
    public void markActive(int shard, long slot, String writer) {
        session.execute(
                insertActive.bind(EventLog.hourOf(slot), slot, shard, writer).setIdempotent(true));
    }

    /** One read per hour the slots span; an hour's partition holds at most 60 rows per shard and instance. */
    @Override
    public List<SlotMark> activeSlots(long fromSlot, long toSlot) {
        List<SlotMark> active = new ArrayList<>();
        for (long hour = EventLog.hourOf(fromSlot); hour <= EventLog.hourOf(toSlot); hour++) {
            for (Row row :
                    session.execute(selectActive.bind(hour, fromSlot, toSlot).setIdempotent(true))) {
                active.add(new SlotMark(row.getInt(1), row.getLong(0), row.getString(2)));
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

    /**
     * One conditional batch per {@value #RENEWALS_PER_BATCH} shards: applied as a whole or not at all, so when one of
     * them is no longer {@code owner}'s, the refused batch names each row's holder, and those still {@code owner}'s
     * are renewed again.
     */
    @Override
    public Set<Integer> renewAll(Collection<Integer> shards, String owner, Duration ttl) {
        List<Integer> all = List.copyOf(new TreeSet<>(shards));
        Set<Integer> held = new HashSet<>();
        for (int from = 0; from < all.size(); from += RENEWALS_PER_BATCH) {
            held.addAll(renewBatch(all.subList(from, Math.min(all.size(), from + RENEWALS_PER_BATCH)), owner, ttl));
        }
        return held;
    }

    private Set<Integer> renewBatch(List<Integer> shards, String owner, Duration ttl) {
        if (shards.size() == 1) {
            return renew(shards.get(0), owner, ttl) ? Set.of(shards.get(0)) : Set.of();
        }
        int seconds = CqlTtl.seconds(ttl);
        BatchStatementBuilder batch = BatchStatement.builder(BatchType.UNLOGGED);
        for (int shard : shards) {
            batch.addStatement(renewLease.bind(seconds, owner, shard, owner));
        }
        ResultSet renewed = session.execute(batch.build().setIdempotent(false));
        if (renewed.wasApplied()) {
            return Set.copyOf(shards);
        }
        // Rare: a lease changed hands (or expired: its row is gone, and not named). Those the refusal named owner's
        // are renewed one by one.
        Set<Integer> held = new HashSet<>();
        for (Row row : renewed) {
            int shard = row.getInt("shard");
            if (owner.equals(row.getString("owner")) && shards.contains(shard) && renew(shard, owner, ttl)) {
                held.add(shard);
            }
        }
        return held;
    }

    @Override
    public Map<Integer, String> holders() {
        Map<Integer, String> holders = new HashMap<>();
        for (Row row : session.execute(selectLeases.bind().setIdempotent(true))) {
            if (!row.isNull(1)) {
                holders.put(row.getInt(0), row.getString(1));
            }
        }
        return holders;
    }

    @Override
    public void release(int shard, String owner) {
        session.execute(releaseLease.bind(shard, owner).setIdempotent(false));
    }
}
