package dev.widefeed.store.hbase;

import dev.widefeed.account.AccountStore;
import dev.widefeed.account.Credentials;
import dev.widefeed.account.ErasureState;
import dev.widefeed.account.Session;
import dev.widefeed.account.SessionStanding;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Credentials and sessions in {@code credentials_by_user} (a row per user: family p the password hash and last
 * sign-out, family s a cell per session), failed sign-ins in {@code signin_failures_by_key} (a cell per failure).
 * A session's cell is rotated by a checkAndMutate on the value read, and revoked by a put of the value with its
 * revoked byte set: both hold the row's lock, so a rotation after a revocation finds the value changed.
 */
final class HBaseAccountStore implements AccountStore {
    private static final byte[] PASSWORD = Bytes.toBytes("p");
    private static final byte[] PASSWORD_HASH = Bytes.toBytes("password_hash");
    private static final byte[] SIGNED_OUT_AT = Bytes.toBytes("signed_out_at");
    private static final byte[] SESSIONS = Bytes.toBytes("s");
    private static final byte[] FAILURES = Bytes.toBytes("f");
    private static final byte[] NOTHING = new byte[0];
    private static final byte[] ERASURE = Bytes.toBytes("e");
    private static final byte[] REQUESTED_AT = Bytes.toBytes("requested_at");
    private static final byte[] FINISHED_AT = Bytes.toBytes("finished_at");
    private static final int SESSION_BYTES = Integer.BYTES + 1 + Session.NONCE_BYTES + Long.BYTES * 2;

    private final AsyncTable<AdvancedScanResultConsumer> credentials;
    private final AsyncTable<AdvancedScanResultConsumer> credentialsOnce;
    private final Salt credentialSalt;
    private final AsyncTable<AdvancedScanResultConsumer> failures;
    private final Salt failureSalt;
    private final AsyncTable<AdvancedScanResultConsumer> erasures;
    private final Salt erasureSalt;

    HBaseAccountStore(AsyncConnection connection, String namespace, HBaseTables declared) {
        TableName credentialsTable = TableName.valueOf(namespace, "credentials_by_user");
        TableName failuresTable = TableName.valueOf(namespace, "signin_failures_by_key");
        this.credentials = connection.getTable(credentialsTable);
        // Rotation is not retried by the client: a retry of one that applied would find its own value and fail.
        this.credentialsOnce =
                connection.getTableBuilder(credentialsTable).setMaxAttempts(1).build();
        this.credentialSalt = Salt.of(declared.table(credentialsTable.getQualifierAsString()));
        this.failures = connection.getTable(failuresTable);
        this.failureSalt = Salt.of(declared.table(failuresTable.getQualifierAsString()));
        this.erasures = connection.getTable(TableName.valueOf(namespace, "account_erasures_by_user"));
        this.erasureSalt = Salt.of(declared.table("account_erasures_by_user"));
    }

    @Override
    public Credentials credentials(long userId) {
        return credentials(
                userId,
                credentials.get(new Get(userRow(userId)).addFamily(PASSWORD)).join());
    }

    private static Credentials credentials(long userId, Result row) {
        byte[] hash = row.getValue(PASSWORD, PASSWORD_HASH);
        byte[] signedOut = row.getValue(PASSWORD, SIGNED_OUT_AT);
        return new Credentials(
                userId,
                Optional.ofNullable(hash).map(Bytes::toString),
                Optional.ofNullable(signedOut).map(b -> Instant.ofEpochMilli(Bytes.toLong(b))));
    }

    @Override
    public void forget(long userId) {
        credentials.delete(new Delete(userRow(userId))).join();
    }

    @Override
    public void recordErasure(long userId, Instant requestedAt) {
        erasures.put(new Put(erasureRow(userId))
                        .addColumn(ERASURE, REQUESTED_AT, Bytes.toBytes(requestedAt.toEpochMilli())))
                .join();
    }

    @Override
    public void finishErasure(long userId, Instant requestedAt, Instant finishedAt, Duration keep) {
        erasures.put(new Put(erasureRow(userId))
                        .addColumn(ERASURE, REQUESTED_AT, Bytes.toBytes(requestedAt.toEpochMilli()))
                        .addColumn(ERASURE, FINISHED_AT, Bytes.toBytes(finishedAt.toEpochMilli()))
                        .setTTL(keep.toMillis()))
                .join();
    }

    @Override
    public Optional<ErasureState> erasure(long userId) {
        Result row =
                erasures.get(new Get(erasureRow(userId)).addFamily(ERASURE)).join();
        byte[] requested = row.getValue(ERASURE, REQUESTED_AT);
        if (requested == null) {
            return Optional.empty();
        }
        byte[] finished = row.getValue(ERASURE, FINISHED_AT);
        return Optional.of(new ErasureState(
                userId,
                Instant.ofEpochMilli(Bytes.toLong(requested)),
                Optional.ofNullable(finished).map(b -> Instant.ofEpochMilli(Bytes.toLong(b)))));
    }

    private byte[] erasureRow(long userId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(erasureSalt.of(userId))
                .putLong(userId)
                .array();
    }

    @Override
    public void savePasswordHash(long userId, String hash) {
        credentials
                .put(new Put(userRow(userId)).addColumn(PASSWORD, PASSWORD_HASH, Bytes.toBytes(hash)))
                .join();
    }

    @Override
    public void signOutEverywhere(long userId, Instant at) {
        credentials
                .put(new Put(userRow(userId)).addColumn(PASSWORD, SIGNED_OUT_AT, Bytes.toBytes(at.toEpochMilli())))
                .join();
    }

    @Override
    public void createSession(Session session, Duration ttl) {
        credentials.put(sessionPut(session, ttl)).join();
    }

    @Override
    public Optional<Session> session(long userId, long sessionId) {
        Result row = credentials
                .get(new Get(userRow(userId)).addColumn(SESSIONS, Bytes.toBytes(sessionId)))
                .join();
        byte[] value = row.getValue(SESSIONS, Bytes.toBytes(sessionId));
        return value == null ? Optional.empty() : Optional.of(decode(userId, sessionId, value));
    }

    @Override
    public SessionStanding standing(long userId, long sessionId) {
        byte[] qualifier = Bytes.toBytes(sessionId);
        Result row = credentials
                .get(new Get(userRow(userId)).addFamily(PASSWORD).addColumn(SESSIONS, qualifier))
                .join();
        byte[] value = row.getValue(SESSIONS, qualifier);
        return new SessionStanding(
                credentials(userId, row),
                value == null ? Optional.empty() : Optional.of(decode(userId, sessionId, value)));
    }

    @Override
    public List<Session> sessions(long userId) {
        Result row =
                credentials.get(new Get(userRow(userId)).addFamily(SESSIONS)).join();
        List<Session> found = new ArrayList<>();
        if (!row.isEmpty()) {
            // Qualifiers sort as unsigned bytes, which for positive ids is their order: oldest first.
            for (Cell cell : row.rawCells()) {
                found.add(decode(userId, Bytes.toLong(CellUtil.cloneQualifier(cell)), CellUtil.cloneValue(cell)));
            }
        }
        return found;
    }

    @Override
    public boolean replaceSession(Session current, Session next, Duration ttl) {
        byte[] row = userRow(current.userId());
        CheckAndMutate rotate = CheckAndMutate.newBuilder(row)
                .ifEquals(SESSIONS, Bytes.toBytes(current.sessionId()), encode(current))
                .build(sessionPut(next, ttl));
        return !current.revoked()
                && credentialsOnce.checkAndMutate(rotate).join().isSuccess();
    }

    @Override
    public void revokeSession(Session session, Duration ttl) {
        credentials.put(sessionPut(session.asRevoked(), ttl)).join();
    }

    @Override
    public void deleteSessions(long userId, Collection<Long> sessionIds) {
        if (sessionIds.isEmpty()) {
            return;
        }
        Delete delete = new Delete(userRow(userId));
        sessionIds.forEach(id -> delete.addColumns(SESSIONS, Bytes.toBytes(id)));
        credentials.delete(delete).join();
    }

    @Override
    public int failures(String key, Instant windowStart, int atMost) {
        if (atMost <= 0) {
            return 0;
        }
        Result row = failures.get(new Get(failureRow(key, windowStart))
                        .addFamily(FAILURES)
                        .setMaxResultsPerColumnFamily(atMost))
                .join();
        return row.isEmpty() ? 0 : row.rawCells().length;
    }

    @Override
    public void recordFailure(String key, Instant windowStart, long attemptId, Duration ttl) {
        Put put = new Put(failureRow(key, windowStart)).addColumn(FAILURES, Bytes.toBytes(attemptId), NOTHING);
        put.setTTL(ttl.toMillis());
        failures.put(put).join();
    }

    private Put sessionPut(Session session, Duration ttl) {
        Put put = new Put(userRow(session.userId()))
                .addColumn(SESSIONS, Bytes.toBytes(session.sessionId()), encode(session));
        put.setTTL(ttl.toMillis());
        return put;
    }

    private static byte[] encode(Session session) {
        return ByteBuffer.allocate(SESSION_BYTES)
                .putInt(session.generation())
                .put((byte) (session.revoked() ? 1 : 0))
                .put(session.nonce())
                .putLong(session.createdAt().toEpochMilli())
                .putLong(session.refreshedAt().toEpochMilli())
                .array();
    }

    private static Session decode(long userId, long sessionId, byte[] value) {
        ByteBuffer buffer = ByteBuffer.wrap(value);
        int generation = buffer.getInt();
        boolean revoked = buffer.get() == 1;
        byte[] nonce = new byte[Session.NONCE_BYTES];
        buffer.get(nonce);
        return new Session(
                userId,
                sessionId,
                generation,
                revoked,
                nonce,
                Instant.ofEpochMilli(buffer.getLong()),
                Instant.ofEpochMilli(buffer.getLong()));
    }

    private byte[] userRow(long userId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(credentialSalt.of(userId))
                .putLong(userId)
                .array();
    }

    private byte[] failureRow(String key, Instant windowStart) {
        byte[] text = key.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + text.length + 1 + Long.BYTES)
                .put(failureSalt.of(key.hashCode()))
                .put(text)
                .put((byte) 0)
                .putLong(windowStart.toEpochMilli())
                .array();
    }
}
