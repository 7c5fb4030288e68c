package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.widefeed.notification.GroupKey;
import dev.widefeed.notification.GroupPart;
import dev.widefeed.notification.NotificationCursor;
import dev.widefeed.notification.NotificationKind;
import dev.widefeed.notification.NotificationSource;
import dev.widefeed.notification.NotificationStore;
import dev.widefeed.notification.NotifiedActor;
import dev.widefeed.notification.SourceMark;
import dev.widefeed.notification.StoredGroup;
import dev.widefeed.notification.TallyKey;
import dev.widefeed.notification.TallyWrite;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.cassandra.rows.CqlReads;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Notifications on Cassandra: groups in {@code notifications_by_user} (a partition per recipient and day, a row per
 * group, a map cell per event log shard's share), marks in {@code notification_marks_by_source} (spread over 64
 * partitions per subject) and read markers in {@code notification_state_by_user}. A share changes by a lightweight
 * transaction on its own map cell, never retried; everything else is a keyed overwrite the driver may retry.
 */
final class CqlNotificationStore implements NotificationStore {
    static final int MARK_SHARDS = 64;

    private final CqlSession session;
    private final BoundedAsync async;
    private final PreparedStatement selectMark;
    private final PreparedStatement upsertMark;
    private final PreparedStatement selectParts;
    private final PreparedStatement insertPart;
    private final PreparedStatement replacePart;
    private final PreparedStatement insertDay;
    private final PreparedStatement addTallies;
    private final PreparedStatement putNamed;
    private final PreparedStatement deleteNamed;
    /** The recipients' days this process has put into their directories: a day is written once, not per group. */
    private final Cache<DayKey, Boolean> daysWritten = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterWrite(Duration.ofHours(25))
            .build();

    private record DayKey(long userId, int day) {}

    private final PreparedStatement selectDays;
    private final PreparedStatement selectDay;
    private final PreparedStatement selectDayAfter;
    private final PreparedStatement selectReadUpTo;
    private final PreparedStatement upsertClearedUpTo;
    private final PreparedStatement deleteGroup;
    private final PreparedStatement upsertReadUpTo;

    CqlNotificationStore(CqlSession session, BoundedAsync async) {
        this.session = session;
        this.async = async;
        selectMark = session.prepare("SELECT mark FROM notification_marks_by_source "
                + "WHERE family = ? AND subject_id = ? AND shard = ? AND actor_id = ?");
        upsertMark = session.prepare("INSERT INTO notification_marks_by_source (family, subject_id, shard, actor_id, "
                + "mark) VALUES (?, ?, ?, ?, ?)");
        String group = " WHERE user_id = ? AND day = ? AND window_start = ? AND kind = ? AND target_id = ?";
        selectParts = session.prepare("SELECT parts FROM notifications_by_user" + group);
        insertPart = session.prepare("UPDATE notifications_by_user SET parts[?] = ?" + group + " IF parts[?] = null");
        replacePart = session.prepare("UPDATE notifications_by_user SET parts[?] = ?" + group + " IF parts[?] = ?");
        addTallies = session.prepare("UPDATE notifications_by_user SET tallies = tallies + ?" + group);
        putNamed = session.prepare("UPDATE notifications_by_user USING TIMESTAMP ? SET named[?] = ?" + group);
        deleteNamed = session.prepare("DELETE named[?] FROM notifications_by_user USING TIMESTAMP ?" + group);
        String columns = "SELECT window_start, kind, target_id, parts, tallies, named FROM notifications_by_user "
                + "WHERE user_id = ? AND day = ?";
        insertDay = session.prepare("INSERT INTO notification_days_by_user (user_id, day) VALUES (?, ?)");
        selectDays = session.prepare(
                "SELECT day FROM notification_days_by_user WHERE user_id = ? AND day <= ? " + "AND day >= ?");
        selectDay = session.prepare(columns + " LIMIT ?");
        selectDayAfter = session.prepare(columns + " AND (window_start, kind, target_id) < (?, ?, ?) LIMIT ?");
        selectReadUpTo =
                session.prepare("SELECT read_up_to, cleared_up_to FROM notification_state_by_user WHERE user_id = ?");
        upsertClearedUpTo = session.prepare(
                "INSERT INTO notification_state_by_user (user_id, cleared_up_to) VALUES (?, ?) USING TIMESTAMP ?");
        // A lightweight transaction, as every write of a group's shares: a plain delete's timestamp could lose to them.
        deleteGroup = session.prepare("DELETE FROM notifications_by_user" + group + " IF EXISTS");
        upsertReadUpTo = session.prepare(
                "INSERT INTO notification_state_by_user (user_id, read_up_to) VALUES (?, ?) " + "USING TIMESTAMP ?");
    }

    @Override
    public Map<NotificationSource, SourceMark> marks(Collection<NotificationSource> sources) {
        Map<NotificationSource, SourceMark> marks = new HashMap<>();
        CqlReads.readAll(
                        session,
                        sources,
                        s -> selectMark.bind(s.family(), s.subjectId(), markShard(s.actorId()), s.actorId()))
                .forEach((source, row) ->
                        marks.put(source, row == null ? SourceMark.NONE : SourceMark.decode(row.getString(0))));
        return marks;
    }

    @Override
    public void saveMarks(Map<NotificationSource, SourceMark> marks) {
        async.runAll(
                List.copyOf(marks.entrySet()),
                e -> session.executeAsync(upsertMark
                        .bind(
                                e.getKey().family(),
                                e.getKey().subjectId(),
                                markShard(e.getKey().actorId()),
                                e.getKey().actorId(),
                                e.getValue().encode())
                        .setIdempotent(true)));
    }

    @Override
    public Map<GroupKey, Optional<GroupPart>> parts(Collection<GroupKey> groups, int shard) {
        Map<GroupKey, Optional<GroupPart>> parts = new HashMap<>();
        CqlReads.readAll(
                        session,
                        groups,
                        g -> selectParts.bind(
                                g.recipientId(),
                                day(g.window()),
                                g.window(),
                                g.kind().code(),
                                g.targetId()))
                .forEach((group, row) -> parts.put(
                        group,
                        Optional.ofNullable(
                                        row == null
                                                ? null
                                                : row.getMap(0, Integer.class, String.class)
                                                        .get(shard))
                                .map(GroupPart::decode)));
        return parts;
    }

    @Override
    public boolean compareAndSetPart(GroupKey g, int shard, Optional<GroupPart> expected, GroupPart next) {
        Object[] key = {g.recipientId(), day(g.window()), g.window(), g.kind().code(), g.targetId()};
        if (expected.isEmpty()) {
            // The day goes into the recipient's directory before its first group share: a page finds every day
            // that holds a group (a directory row whose share write failed only costs a page an empty read). Once
            // per recipient and day in this process: the row outlives the day by its TTL.
            indexDay(g);
            return session.execute(insertPart
                            .bind(shard, next.encode(), key[0], key[1], key[2], key[3], key[4], shard)
                            .setIdempotent(false))
                    .wasApplied();
        }
        return session.execute(replacePart
                        .bind(
                                shard,
                                next.encode(),
                                key[0],
                                key[1],
                                key[2],
                                key[3],
                                key[4],
                                shard,
                                expected.get().encode())
                        .setIdempotent(false))
                .wasApplied();
    }

    /**
     * The day goes into the recipient's directory before its first group share: a page finds every day that holds a
     * group (a directory row whose group write failed only costs a page an empty read). Once per recipient and day in
     * this process: the row outlives the day by its TTL.
     */
    private void indexDay(GroupKey g) {
        DayKey dayKey = new DayKey(g.recipientId(), day(g.window()));
        if (daysWritten.getIfPresent(dayKey) == null) {
            session.execute(insertDay.bind(dayKey.userId(), dayKey.day()).setIdempotent(true));
            daysWritten.put(dayKey, Boolean.TRUE);
        }
    }

    /**
     * One unlogged batch per group, all of it in the group's partition: the tallies at the write's own timestamp, each
     * named actor at its source's time, each actor no longer named deleted at the time of its source.
     */
    @Override
    public void writeTallies(Collection<TallyWrite> writes) {
        List<TallyWrite> all = writes.stream().filter(w -> !w.isEmpty()).toList();
        all.forEach(w -> indexDay(w.group()));
        async.runAll(all, w -> session.executeAsync(tallyBatch(w)));
    }

    private BatchStatement tallyBatch(TallyWrite w) {
        GroupKey g = w.group();
        Object[] key = {g.recipientId(), day(g.window()), g.window(), g.kind().code(), g.targetId()};
        List<BatchableStatement<?>> statements = new ArrayList<>();
        if (!w.tallies().isEmpty()) {
            Map<String, Long> cells = new HashMap<>();
            w.tallies().forEach((k, count) -> cells.put(k.encode(), count));
            statements.add(addTallies.bind(cells, key[0], key[1], key[2], key[3], key[4]));
        }
        w.named()
                .forEach(actor -> statements.add(putNamed.bind(
                        micros(actor.at()),
                        actor.userId(),
                        actor.at().toEpochMilli(),
                        key[0],
                        key[1],
                        key[2],
                        key[3],
                        key[4])));
        w.unnamedAt()
                .forEach((actor, at) ->
                        statements.add(deleteNamed.bind(actor, micros(at), key[0], key[1], key[2], key[3], key[4])));
        return BatchStatement.newInstance(BatchType.UNLOGGED).addAll(statements).setIdempotent(true);
    }

    private static long micros(Instant at) {
        return ChronoUnit.MICROS.between(Instant.EPOCH, at);
    }

    /**
     * The days of the recipient's directory that hold groups, newest first, then each one's partition from where the
     * last left off: a page reads the directory and the days it needs, never every day of the kept thirty.
     */
    @Override
    public List<StoredGroup> groups(long recipientId, NotificationCursor after, Instant oldestWindow, int limit) {
        List<StoredGroup> found = new ArrayList<>();
        List<Integer> days = new ArrayList<>();
        for (Row row : session.execute(selectDays
                .bind(recipientId, day(after.window()), day(oldestWindow))
                .setIdempotent(true))) {
            days.add(row.getInt(0));
        }
        for (int day : days) {
            if (found.size() >= limit) {
                break;
            }
            int left = limit - found.size();
            Iterable<Row> rows = day == day(after.window())
                    ? session.execute(selectDayAfter
                            .bind(recipientId, day, after.window(), after.kindCode(), after.targetId(), left)
                            .setIdempotent(true))
                    : session.execute(selectDay.bind(recipientId, day, left).setIdempotent(true));
            for (Row row : rows) {
                Instant window = row.getInstant(0);
                Optional<NotificationKind> kind = NotificationKind.ofCode(row.getInt(1));
                if (window.isBefore(oldestWindow) || kind.isEmpty()) {
                    continue; // expiring, or of a kind a newer version writes
                }
                Map<Integer, GroupPart> parts = new HashMap<>();
                row.getMap(3, Integer.class, String.class).forEach((s, text) -> parts.put(s, GroupPart.decode(text)));
                Map<TallyKey, Long> tallies = new HashMap<>();
                row.getMap(4, String.class, Long.class).forEach((k, n) -> tallies.put(TallyKey.decode(k), n));
                List<NotifiedActor> named = new ArrayList<>();
                row.getMap(5, Long.class, Long.class)
                        .forEach((actor, at) -> named.add(new NotifiedActor(actor, Instant.ofEpochMilli(at))));
                found.add(new StoredGroup(
                        new GroupKey(recipientId, window, kind.get(), row.getLong(2)), parts, tallies, named));
            }
        }
        return found;
    }

    @Override
    public Markers markers(long userId) {
        Row row =
                session.execute(selectReadUpTo.bind(userId).setIdempotent(true)).one();
        return row == null
                ? new Markers(Optional.empty(), Optional.empty())
                : new Markers(Optional.ofNullable(row.getInstant(0)), Optional.ofNullable(row.getInstant(1)));
    }

    @Override
    public void clear(long userId, Instant upTo) {
        moveMarker(upsertClearedUpTo, userId, upTo);
    }

    @Override
    public void dismiss(GroupKey g) {
        session.execute(deleteGroup
                .bind(g.recipientId(), day(g.window()), g.window(), g.kind().code(), g.targetId())
                .setIdempotent(true));
    }

    @Override
    public void markRead(long userId, Instant upTo) {
        moveMarker(upsertReadUpTo, userId, upTo);
    }

    /** Writes a marker with its own time as the write's timestamp: the latest time ever given wins. */
    private void moveMarker(PreparedStatement upsert, long userId, Instant upTo) {
        Instant kept = upTo.truncatedTo(ChronoUnit.MILLIS);
        session.execute(upsert.bind(userId, kept, ChronoUnit.MICROS.between(Instant.EPOCH, kept))
                .setIdempotent(true));
    }

    private static int day(Instant window) {
        return (int) Math.floorDiv(window.getEpochSecond(), 86_400);
    }

    static int markShard(long actorId) {
        return Math.floorMod(Long.hashCode(actorId * 0x9E3779B97F4A7C15L), MARK_SHARDS);
    }
}
