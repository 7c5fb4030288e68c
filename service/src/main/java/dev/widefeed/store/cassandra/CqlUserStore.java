package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.graph.UserStore;
import dev.widefeed.store.cassandra.rows.CqlReads;
import dev.widefeed.store.cassandra.setup.CqlCounterWrites;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;

/** Users in {@code users_by_id}, their counts in the counter table {@code user_counts_by_id}. */
final class CqlUserStore implements UserStore {
    private final CqlSession session;
    private final PreparedStatement releaseHandle;
    private final PreparedStatement deleteCounts;
    private final PreparedStatement deleteProfile;
    private final PreparedStatement insert;
    private final PreparedStatement select;
    private final PreparedStatement selectCounts;
    private final PreparedStatement addCounts;
    private final PreparedStatement claimHandle;
    private final PreparedStatement selectHandle;
    private final PreparedStatement reclaimHandle;
    private final PreparedStatement setHandle;
    private final PreparedStatement updateProfile;

    CqlUserStore(CqlSession session) {
        this.session = session;
        this.insert =
                session.prepare("INSERT INTO users_by_id (user_id, handle, name, created_at) " + "VALUES (?, ?, ?, ?)");
        this.select =
                session.prepare("SELECT user_id, handle, name, bio, created_at FROM users_by_id WHERE user_id = ?");
        this.selectCounts =
                session.prepare("SELECT posts, followers, following FROM user_counts_by_id WHERE user_id = ?");
        this.addCounts = CqlCounterWrites.prepare(
                session,
                "UPDATE user_counts_by_id SET posts = posts + ?, "
                        + "followers = followers + ?, following = following + ? WHERE user_id = ?");
        this.claimHandle = session.prepare("INSERT INTO users_by_handle (handle, user_id) VALUES (?, ?) IF NOT EXISTS");
        this.selectHandle = session.prepare("SELECT user_id FROM users_by_handle WHERE handle = ?");
        this.reclaimHandle = session.prepare("UPDATE users_by_handle SET user_id = ? WHERE handle = ? IF user_id = ?");
        this.setHandle = session.prepare("UPDATE users_by_id SET handle = ? WHERE user_id = ?");
        this.releaseHandle = session.prepare("DELETE FROM users_by_handle WHERE handle = ? IF user_id = ?");
        this.deleteCounts = session.prepare("DELETE FROM user_counts_by_id WHERE user_id = ?");
        this.deleteProfile = session.prepare("DELETE FROM users_by_id WHERE user_id = ?");
        this.updateProfile = session.prepare("UPDATE users_by_id SET name = ?, bio = ? WHERE user_id = ?");
    }

    @Override
    public void create(User user) {
        session.execute(
                insert.bind(user.id(), user.handle().map(Handle::value).orElse(null), user.name(), user.createdAt())
                        .setIdempotent(true));
    }

    /**
     * A lightweight transaction; idempotent on purpose: a claim made again by its owner finds its own row, so the
     * driver may retry one whose first outcome it did not learn.
     */
    @Override
    public long claimHandle(Handle handle, long userId) {
        Row row = session.execute(claimHandle.bind(handle.value(), userId).setIdempotent(true))
                .one();
        return row.getBoolean("[applied]") ? userId : row.getLong("user_id");
    }

    @Override
    public Optional<Long> handleOwner(Handle handle) {
        return Optional.ofNullable(
                        session.execute(selectHandle.bind(handle.value()).setIdempotent(true))
                                .one())
                .map(row -> row.getLong(0));
    }

    @Override
    public boolean reclaimHandle(Handle handle, long from, long to) {
        Row row = session.execute(reclaimHandle.bind(to, handle.value(), from).setIdempotent(true))
                .one();
        return row.getBoolean("[applied]") || (!row.isNull("user_id") && row.getLong("user_id") == to);
    }

    /** Only for a user the caller has read: an update of a missing row would write a partial one. */
    @Override
    public void updateProfile(long userId, String name, String bio) {
        session.execute(updateProfile.bind(name, bio, userId).setIdempotent(true));
    }

    @Override
    public void setHandle(long userId, Handle handle) {
        session.execute(setHandle.bind(handle.value(), userId).setIdempotent(true));
    }

    @Override
    public Optional<User> find(long userId) {
        return Optional.ofNullable(
                        session.execute(select.bind(userId).setIdempotent(true)).one())
                .map(CqlUserStore::user);
    }

    @Override
    public Map<Long, User> findAll(Collection<Long> userIds) {
        Map<Long, User> found = new HashMap<>();
        CqlReads.readAll(session, userIds, id -> select.bind(id)).forEach((id, row) -> {
            if (row != null) {
                found.put(id, user(row));
            }
        });
        return found;
    }

    @Override
    public void delete(User user) {
        // The claim is a lightweight transaction's row, so is its release; the other rows are written plainly.
        user.handle()
                .ifPresent(h ->
                        session.execute(releaseHandle.bind(h.value(), user.id()).setIdempotent(false)));
        session.execute(deleteCounts.bind(user.id()).setIdempotent(true));
        session.execute(deleteProfile.bind(user.id()).setIdempotent(true));
    }

    @Override
    public UserCounts counts(long userId) {
        Row row = session.execute(selectCounts.bind(userId).setIdempotent(true)).one();
        return row == null ? UserCounts.ZERO : new UserCounts(row.getLong(0), row.getLong(1), row.getLong(2));
    }

    @Override
    public Map<Long, UserCounts> countsOf(Collection<Long> userIds) {
        Map<Long, UserCounts> counts = new HashMap<>();
        CqlReads.readAll(session, userIds, id -> selectCounts.bind(id))
                .forEach((id, row) -> counts.put(
                        id,
                        row == null
                                ? UserCounts.ZERO
                                : new UserCounts(row.getLong(0), row.getLong(1), row.getLong(2))));
        return counts;
    }

    @Override
    public void addCounts(long userId, UserCounts delta) {
        if (!delta.isZero()) {
            session.execute(addCountsStatement(userId, delta));
        }
    }

    /** The counter update, for bulk work that runs many of them asynchronously. Never retried. */
    BoundStatement addCountsStatement(long userId, UserCounts delta) {
        return addCounts
                .bind(delta.posts(), delta.followers(), delta.following(), userId)
                .setIdempotent(false);
    }

    private static User user(Row row) {
        String handle = row.getString("handle");
        return new User(
                row.getLong("user_id"),
                Optional.ofNullable(handle).map(Handle::new),
                row.getString("name"),
                row.getString("bio"),
                row.getInstant("created_at"));
    }

    @Override
    public void scanIds(LongConsumer consumer) {
        // A full-table read: the driver pages through it, one page in memory at a time.
        for (Row row : session.execute(SimpleStatement.newInstance("SELECT user_id FROM users_by_id")
                .setPageSize(5000)
                .setIdempotent(true))) {
            consumer.accept(row.getLong(0));
        }
    }
}
