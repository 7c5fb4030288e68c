package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.directory.DirectoryEntry;
import dev.widefeed.directory.DirectoryStore;
import dev.widefeed.directory.NameTerms;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.cassandra.rows.CqlReads;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The directory in {@code users_by_name_prefix} (a partition per listing), {@code listing_sizes_by_prefix} (counters,
 * not retried) and {@code name_listings_by_user} (a partition per user, written in one unlogged batch: one
 * partition).
 */
final class CqlDirectoryStore implements DirectoryStore {
    /** Above every word beginning with a prefix: the highest code point, past any folded letter. */
    private static final String PAST_PREFIX = new String(Character.toChars(Character.MAX_CODE_POINT));

    private final CqlSession session;
    private final BoundedAsync async;
    private final PreparedStatement listed;
    private final PreparedStatement listedAfter;
    private final PreparedStatement isListed;
    private final PreparedStatement list;
    private final PreparedStatement unlist;
    private final PreparedStatement size;
    private final PreparedStatement addSize;
    private final PreparedStatement listingsOf;
    private final PreparedStatement record;
    private final PreparedStatement forget;

    CqlDirectoryStore(CqlSession session, BoundedAsync async) {
        this.session = session;
        this.async = async;
        String entries = "SELECT word, user_id FROM users_by_name_prefix WHERE prefix = ?";
        listed = session.prepare(entries + " AND word >= ? AND word < ? LIMIT ?");
        listedAfter = session.prepare(entries + " AND (word, user_id) > (?, ?) AND (word) < (?) LIMIT ?");
        isListed = session.prepare(entries + " AND word = ? AND user_id = ?");
        list = session.prepare("INSERT INTO users_by_name_prefix (prefix, word, user_id) VALUES (?, ?, ?)");
        unlist = session.prepare("DELETE FROM users_by_name_prefix WHERE prefix = ? AND word = ? AND user_id = ?");
        size = session.prepare("SELECT listed FROM listing_sizes_by_prefix WHERE prefix = ?");
        addSize = session.prepare("UPDATE listing_sizes_by_prefix SET listed = listed + ? WHERE prefix = ?");
        listingsOf = session.prepare("SELECT prefix, word FROM name_listings_by_user WHERE user_id = ?");
        record = session.prepare("INSERT INTO name_listings_by_user (user_id, prefix, word) VALUES (?, ?, ?)");
        forget = session.prepare("DELETE FROM name_listings_by_user WHERE user_id = ? AND prefix = ? AND word = ?");
    }

    @Override
    public List<DirectoryEntry> listed(String prefix, String wordPrefix, Optional<DirectoryEntry> after, int limit) {
        String past = wordPrefix + PAST_PREFIX;
        BoundStatement query = after.map(a -> listedAfter.bind(prefix, a.word(), a.userId(), past, limit))
                .orElseGet(() -> listed.bind(prefix, wordPrefix, past, limit));
        List<DirectoryEntry> found = new ArrayList<>();
        for (Row row : session.execute(query.setIdempotent(true))) {
            found.add(new DirectoryEntry(prefix, row.getString(0), row.getLong(1)));
        }
        return found;
    }

    @Override
    public Set<DirectoryEntry> listedAmong(Collection<DirectoryEntry> entries) {
        Set<DirectoryEntry> found = new HashSet<>();
        CqlReads.readAll(session, entries, e -> isListed.bind(e.prefix(), e.word(), e.userId()))
                .forEach((entry, row) -> {
                    if (row != null) {
                        found.add(entry);
                    }
                });
        return found;
    }

    @Override
    public void list(Collection<DirectoryEntry> entries) {
        async.runAll(
                List.copyOf(entries),
                e -> session.executeAsync(
                        list.bind(e.prefix(), e.word(), e.userId()).setIdempotent(true)));
    }

    @Override
    public void unlist(DirectoryEntry entry) {
        session.execute(
                unlist.bind(entry.prefix(), entry.word(), entry.userId()).setIdempotent(true));
    }

    @Override
    public Map<String, Long> listingSizes(Collection<String> prefixes) {
        Map<String, Long> sizes = new HashMap<>();
        CqlReads.readAll(session, prefixes, size::bind)
                .forEach((prefix, row) -> sizes.put(prefix, row == null ? 0 : row.getLong(0)));
        return sizes;
    }

    @Override
    public void addToListingSizes(Map<String, Long> deltas) {
        async.runAll(
                List.copyOf(deltas.entrySet()),
                d -> session.executeAsync(addSize.bind(d.getValue(), d.getKey()).setIdempotent(false)));
    }

    @Override
    public Set<NameTerms.Listed> listingsOf(long userId) {
        Set<NameTerms.Listed> listed = new HashSet<>();
        for (Row row : session.execute(listingsOf.bind(userId).setIdempotent(true))) {
            listed.add(new NameTerms.Listed(row.getString(0), row.getString(1)));
        }
        return listed;
    }

    @Override
    public void recordListings(long userId, Collection<NameTerms.Listed> listed) {
        session.execute(batch(record, userId, listed));
    }

    @Override
    public void forgetListings(long userId, Collection<NameTerms.Listed> listed) {
        session.execute(batch(forget, userId, listed));
    }

    private static BatchStatement batch(PreparedStatement each, long userId, Collection<NameTerms.Listed> listed) {
        List<BoundStatement> statements = listed.stream()
                .map(l -> each.bind(userId, l.prefix(), l.word()))
                .toList();
        return BatchStatement.newInstance(BatchType.UNLOGGED).addAll(statements).setIdempotent(true);
    }
}
