package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.core.User;
import dev.widefeed.core.UserCounts;
import dev.widefeed.store.UserStore;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** Users in {@code users_by_id}, their counts in the counter table {@code user_counts_by_id}. */
final class CqlUserStore implements UserStore {
    private final CqlSession session;
    private final PreparedStatement insert;
    private final PreparedStatement select;
    private final PreparedStatement selectCounts;
    private final PreparedStatement addCounts;

    CqlUserStore(CqlSession session) {
        this.session = session;
        this.insert = session.prepare("INSERT INTO users_by_id (user_id, name, created_at) VALUES (?, ?, ?)");
        this.select = session.prepare("SELECT user_id, name, created_at FROM users_by_id WHERE user_id = ?");
        this.selectCounts = session.prepare(
                "SELECT posts, followers, following FROM user_counts_by_id WHERE user_id = ?");
        this.addCounts = session.prepare("UPDATE user_counts_by_id SET posts = posts + ?, "
                + "followers = followers + ?, following = following + ? WHERE user_id = ?");
    }

    @Override
    public void create(User user) {
        session.execute(insert.bind(user.id(), user.name(), user.createdAt()).setIdempotent(true));
    }

    @Override
    public Optional<User> find(long userId) {
        return Optional.ofNullable(session.execute(select.bind(userId).setIdempotent(true)).one()).map(CqlUserStore::user);
    }

    @Override
    public Map<Long, User> findAll(Collection<Long> userIds) {
        // One single-partition read per id, all in flight at once: an IN over many partition keys
        // would load one coordinator with the whole fan-in.
        List<CompletableFuture<AsyncResultSet>> reads = new ArrayList<>(userIds.size());
        for (long id : userIds) {
            reads.add(session.executeAsync(select.bind(id).setIdempotent(true)).toCompletableFuture());
        }
        Map<Long, User> found = new HashMap<>();
        for (CompletableFuture<AsyncResultSet> read : reads) {
            Row row = read.join().one();
            if (row != null) {
                User user = user(row);
                found.put(user.id(), user);
            }
        }
        return found;
    }

    @Override
    public UserCounts counts(long userId) {
        Row row = session.execute(selectCounts.bind(userId).setIdempotent(true)).one();
        return row == null ? UserCounts.ZERO : new UserCounts(row.getLong(0), row.getLong(1), row.getLong(2));
    }

    @Override
    public void addCounts(long userId, UserCounts delta) {
        if (!delta.isZero()) {
            session.execute(addCountsStatement(userId, delta));
        }
    }

    /** The counter update, for bulk work that runs many of them asynchronously. Never retried. */
    BoundStatement addCountsStatement(long userId, UserCounts delta) {
        return addCounts.bind(delta.posts(), delta.followers(), delta.following(), userId).setIdempotent(false);
    }

    private static User user(Row row) {
        return new User(row.getLong("user_id"), row.getString("name"), row.getInstant("created_at"));
    }
}
