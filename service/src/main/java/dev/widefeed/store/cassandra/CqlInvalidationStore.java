package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.cache.Invalidation;
import dev.widefeed.cache.InvalidationStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Invalidations in {@code invalidations_by_slot}: a plain insert, and one range read per slot a window covers. */
final class CqlInvalidationStore implements InvalidationStore {
    private final CqlSession session;
    private final PreparedStatement insert;
    private final PreparedStatement select;

    CqlInvalidationStore(CqlSession session) {
        this.session = session;
        insert = session.prepare("INSERT INTO invalidations_by_slot (slot, at, kind, id) VALUES (?, ?, ?, ?)");
        select =
                session.prepare("SELECT at, kind, id FROM invalidations_by_slot WHERE slot = ? AND at >= ? AND at < ?");
    }

    @Override
    public void append(Invalidation invalidation) {
        session.execute(insert.bind(
                        InvalidationStore.slotOf(invalidation.at()),
                        invalidation.at(),
                        invalidation.kind(),
                        invalidation.id())
                .setIdempotent(true));
    }

    @Override
    public List<Invalidation> between(Instant from, Instant to) {
        List<Invalidation> found = new ArrayList<>();
        for (long slot = InvalidationStore.slotOf(from); slot <= InvalidationStore.slotOf(to); slot++) {
            for (Row row : session.execute(select.bind(slot, from, to).setIdempotent(true))) {
                found.add(new Invalidation(row.getString(1), row.getLong(2), row.getInstant(0)));
            }
        }
        return found;
    }
}
