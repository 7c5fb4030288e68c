package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.account.AccountStore;
import dev.widefeed.account.Credentials;
import dev.widefeed.account.ErasureState;
import dev.widefeed.account.Session;
import dev.widefeed.account.SessionStanding;
import dev.widefeed.store.cassandra.rows.CqlTtl;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Credentials and sessions in {@code credentials_by_user} (statics and a row per session), failed sign-ins in
 * {@code signin_failures_by_key}. Every write of a session's row is a lightweight transaction, its creation and
 * deletion too: a plain write carries the client's timestamp, which may be later than a transaction's ballot made
 * after it, and would then win over the rotation (a CI run saw a rotation that applied read back as the old
 * generation). The statics are written plainly: no transaction writes them.
 */
final class CqlAccountStore implements AccountStore {
    private final CqlSession session;
    private final PreparedStatement selectCredentials;
    private final PreparedStatement savePassword;
    private final PreparedStatement signOut;
    private final PreparedStatement insertSession;
    private final PreparedStatement selectSession;
    private final PreparedStatement selectSessions;
    private final PreparedStatement selectStanding;
    private final PreparedStatement replaceSession;
    private final PreparedStatement revokeSession;
    private final PreparedStatement deleteSession;
    private final PreparedStatement selectFailures;
    private final PreparedStatement insertFailure;
    private final PreparedStatement deleteCredentials;
    private final PreparedStatement insertErasure;
    private final PreparedStatement finishErasure;
    private final PreparedStatement selectErasure;

    CqlAccountStore(CqlSession session) {
        this.session = session;
        String columns = "user_id, session_id, generation, revoked, nonce, created_at, refreshed_at";
        this.selectCredentials = session.prepare(
                "SELECT password_hash, signed_out_at FROM credentials_by_user WHERE user_id = ? LIMIT 1");
        this.deleteCredentials = session.prepare("DELETE FROM credentials_by_user WHERE user_id = ?");
        this.insertErasure =
                session.prepare("INSERT INTO account_erasures_by_user (user_id, requested_at) " + "VALUES (?, ?)");
        this.finishErasure = session.prepare("INSERT INTO account_erasures_by_user (user_id, requested_at, "
                + "finished_at) VALUES (?, ?, ?) USING TTL ?");
        this.selectErasure = session.prepare(
                "SELECT requested_at, finished_at FROM account_erasures_by_user " + "WHERE user_id = ?");
        this.savePassword = session.prepare("UPDATE credentials_by_user SET password_hash = ? WHERE user_id = ?");
        this.signOut = session.prepare("UPDATE credentials_by_user SET signed_out_at = ? WHERE user_id = ?");
        this.insertSession = session.prepare("INSERT INTO credentials_by_user (" + columns
                + ") VALUES (?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS USING TTL ?");
        this.selectSession =
                session.prepare("SELECT " + columns + " FROM credentials_by_user WHERE user_id = ? AND session_id = ?");
        this.selectStanding = session.prepare("SELECT password_hash, signed_out_at, " + columns
                + " FROM credentials_by_user WHERE user_id = ? AND session_id = ?");
        this.selectSessions = session.prepare("SELECT " + columns + " FROM credentials_by_user WHERE user_id = ?");
        // Every cell is written again, so the whole row lives one idle lifetime from this rotation.
        this.replaceSession = session.prepare("UPDATE credentials_by_user USING TTL ? SET generation = ?, "
                + "revoked = false, nonce = ?, created_at = ?, refreshed_at = ? WHERE user_id = ? AND session_id = ? "
                + "IF generation = ? AND revoked = false");
        this.revokeSession = session.prepare("UPDATE credentials_by_user USING TTL ? SET revoked = true "
                + "WHERE user_id = ? AND session_id = ? IF EXISTS");
        this.deleteSession =
                session.prepare("DELETE FROM credentials_by_user WHERE user_id = ? AND session_id = ? IF EXISTS");
        this.selectFailures = session.prepare(
                "SELECT attempt_id FROM signin_failures_by_key WHERE key = ? AND window_start = ? LIMIT ?");
        this.insertFailure = session.prepare(
                "INSERT INTO signin_failures_by_key (key, window_start, attempt_id) VALUES (?, ?, ?) USING TTL ?");
    }

    @Override
    public Credentials credentials(long userId) {
        Row row = session.execute(selectCredentials.bind(userId).setIdempotent(true))
                .one();
        if (row == null) {
            return Credentials.none(userId);
        }
        return new Credentials(userId, Optional.ofNullable(row.getString(0)), Optional.ofNullable(row.getInstant(1)));
    }

    /**
     * A plain partition delete, though sessions are written by lightweight transactions: the account is being erased,
     * so no session is made or rotated after it (sign-in needs the password this deletes).
     */
    @Override
    public void forget(long userId) {
        session.execute(deleteCredentials.bind(userId).setIdempotent(true));
    }

    @Override
    public void recordErasure(long userId, Instant requestedAt) {
        session.execute(insertErasure.bind(userId, requestedAt).setIdempotent(true));
    }

    @Override
    public void finishErasure(long userId, Instant requestedAt, Instant finishedAt, Duration keep) {
        session.execute(finishErasure
                .bind(userId, requestedAt, finishedAt, (int) keep.toSeconds())
                .setIdempotent(true));
    }

    @Override
    public Optional<ErasureState> erasure(long userId) {
        Row row =
                session.execute(selectErasure.bind(userId).setIdempotent(true)).one();
        return row == null
                ? Optional.empty()
                : Optional.of(new ErasureState(userId, row.getInstant(0), Optional.ofNullable(row.getInstant(1))));
    }

    @Override
    public void savePasswordHash(long userId, String hash) {
        session.execute(savePassword.bind(hash, userId).setIdempotent(true));
    }

    @Override
    public void signOutEverywhere(long userId, Instant at) {
        session.execute(signOut.bind(at, userId).setIdempotent(true));
    }

    /** Idempotent: a retry finds the row it wrote and applies nothing. */
    @Override
    public void createSession(Session s, Duration ttl) {
        session.execute(insertSession
                .bind(
                        s.userId(),
                        s.sessionId(),
                        s.generation(),
                        s.revoked(),
                        ByteBuffer.wrap(s.nonce()),
                        s.createdAt(),
                        s.refreshedAt(),
                        CqlTtl.seconds(ttl))
                .setIdempotent(true));
    }

    @Override
    public Optional<Session> session(long userId, long sessionId) {
        return Optional.ofNullable(
                        session.execute(selectSession.bind(userId, sessionId).setIdempotent(true))
                                .one())
                .filter(row -> !row.isNull("generation"))
                .map(CqlAccountStore::session);
    }

    /** One read when the session exists (its row answers the statics too); a second for the statics when not. */
    @Override
    public SessionStanding standing(long userId, long sessionId) {
        Row row = session.execute(selectStanding.bind(userId, sessionId).setIdempotent(true))
                .one();
        if (row == null || row.isNull("generation")) {
            return new SessionStanding(credentials(userId), Optional.empty());
        }
        return new SessionStanding(
                new Credentials(
                        userId,
                        Optional.ofNullable(row.getString("password_hash")),
                        Optional.ofNullable(row.getInstant("signed_out_at"))),
                Optional.of(session(row)));
    }

    @Override
    public List<Session> sessions(long userId) {
        List<Session> found = new ArrayList<>();
        for (Row row : session.execute(selectSessions.bind(userId).setIdempotent(true))) {
            // A partition with credentials and no session answers one row of statics alone.
            if (!row.isNull("session_id") && !row.isNull("generation")) {
                found.add(session(row));
            }
        }
        return found;
    }

    /**
     * Not retried: a retry of a rotation that had applied would find the later generation and report a reuse, so a
     * timeout surfaces as an unknown outcome instead (the client signs in again at worst).
     */
    @Override
    public boolean replaceSession(Session current, Session next, Duration ttl) {
        return session.execute(replaceSession
                        .bind(
                                CqlTtl.seconds(ttl),
                                next.generation(),
                                ByteBuffer.wrap(next.nonce()),
                                next.createdAt(),
                                next.refreshedAt(),
                                next.userId(),
                                next.sessionId(),
                                current.generation())
                        .setIdempotent(false))
                .wasApplied();
    }

    @Override
    public void revokeSession(Session s, Duration ttl) {
        session.execute(revokeSession
                .bind(CqlTtl.seconds(ttl), s.userId(), s.sessionId())
                .setIdempotent(true));
    }

    @Override
    public void deleteSessions(long userId, Collection<Long> sessionIds) {
        sessionIds.forEach(id -> session.execute(deleteSession.bind(userId, id).setIdempotent(true)));
    }

    @Override
    public int failures(String key, Instant windowStart, int atMost) {
        if (atMost <= 0) {
            return 0;
        }
        return session.execute(selectFailures.bind(key, windowStart, atMost).setIdempotent(true))
                .all()
                .size();
    }

    @Override
    public void recordFailure(String key, Instant windowStart, long attemptId, Duration ttl) {
        session.execute(insertFailure
                .bind(key, windowStart, attemptId, CqlTtl.seconds(ttl))
                .setIdempotent(true));
    }

    private static Session session(Row row) {
        ByteBuffer nonce = row.getByteBuffer("nonce");
        byte[] bytes = new byte[nonce.remaining()];
        nonce.duplicate().get(bytes);
        return new Session(
                row.getLong("user_id"),
                row.getLong("session_id"),
                row.getInt("generation"),
                row.getBoolean("revoked"),
                bytes,
                row.getInstant("created_at"),
                row.getInstant("refreshed_at"));
    }
}
