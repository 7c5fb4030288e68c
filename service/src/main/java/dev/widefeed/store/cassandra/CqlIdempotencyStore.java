package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.idempotency.Claim;
import dev.widefeed.idempotency.IdempotencyStore;
import dev.widefeed.idempotency.IdempotentRequests;
import dev.widefeed.store.cassandra.rows.CqlTtl;
import java.time.Duration;
import java.time.Instant;

/**
 * Idempotency keys in {@code idempotency_keys_by_scope}: every write a lightweight transaction, marked idempotent on
 * purpose (a claim made again finds its own row; a take-over or release made again finds the row as it left it).
 */
final class CqlIdempotencyStore implements IdempotencyStore {
    private final CqlSession session;
    private final PreparedStatement claim;
    private final PreparedStatement takeOver;
    private final PreparedStatement release;
    private final PreparedStatement complete;
    private final PreparedStatement forget;

    CqlIdempotencyStore(CqlSession session) {
        this.session = session;
        this.claim = session.prepare("INSERT INTO idempotency_keys_by_scope (scope, key, fingerprint, resource_id, "
                + "claimed_at) VALUES (?, ?, ?, ?, ?) IF NOT EXISTS USING TTL ?");
        this.takeOver = session.prepare("UPDATE idempotency_keys_by_scope USING TTL ? SET claimed_at = ?, "
                + "fingerprint = ?, resource_id = ? WHERE scope = ? AND key = ? IF claimed_at = ?");
        this.complete = session.prepare("UPDATE idempotency_keys_by_scope USING TTL ? SET done = true "
                + "WHERE scope = ? AND key = ? IF claimed_at = ?");
        this.release = session.prepare(
                "DELETE FROM idempotency_keys_by_scope WHERE scope = ? AND key = ? " + "IF claimed_at = ?");
        // A lightweight transaction, as every other write of these rows: a plain delete's timestamp could lose to them.
        this.forget = session.prepare("DELETE FROM idempotency_keys_by_scope WHERE scope = ? AND key = ? IF EXISTS");
    }

    @Override
    public void forget(String scope, String key) {
        session.execute(forget.bind(scope, key).setIdempotent(true));
    }

    @Override
    public Claim claim(Claim mine, Duration ttl) {
        Row row = session.execute(claim.bind(
                                mine.scope(),
                                mine.key(),
                                mine.fingerprint(),
                                mine.resourceId(),
                                mine.claimedAt(),
                                CqlTtl.seconds(ttl))
                        .setIdempotent(true))
                .one();
        if (row.getBoolean("[applied]")) {
            return mine;
        }
        Claim holder = new Claim(
                mine.scope(),
                mine.key(),
                row.getString("fingerprint"),
                row.getLong("resource_id"),
                row.getInstant("claimed_at"),
                !row.isNull("done") && row.getBoolean("done"));
        // A retry of our own claim that had applied finds it; it is ours.
        return holder.resourceId() == mine.resourceId() ? mine : holder;
    }

    @Override
    public boolean takeOver(Claim stale, Instant now, Duration ttl) {
        return session.execute(takeOver.bind(
                                CqlTtl.seconds(ttl),
                                now,
                                stale.fingerprint(),
                                stale.resourceId(),
                                stale.scope(),
                                stale.key(),
                                stale.claimedAt())
                        .setIdempotent(true))
                .wasApplied();
    }

    /** The remaining lifetime is not known here, so the flag gets a whole one: it outlives the claim at worst. */
    @Override
    public void complete(Claim held) {
        session.execute(complete.bind(
                        CqlTtl.seconds(IdempotentRequests.KEY_LIFETIME), held.scope(), held.key(), held.claimedAt())
                .setIdempotent(true));
    }

    @Override
    public void release(Claim held) {
        session.execute(release.bind(held.scope(), held.key(), held.claimedAt()).setIdempotent(true));
    }
}
