package dev.widefeed.store.cassandra.setup;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;

/**
 * Counter updates, prepared under their own execution profile, whose timeout is shorter than other requests'
 * ({@code cassandra.counterTimeout}). A counter update is sent to one replica, which leads it; on a cluster one
 * that has just died still leads updates until the others' failure detector convicts it (about 18 s), and each of
 * them waits out the server's 5 s counter timeout. Every counter update's caller already treats a failure as a
 * counter to recount (docs/design.md, "Counters that heal"), and a like marks its post anyway when its update lands
 * 100 ms late: a longer wait buys nothing, and a request with two or three such updates spent its whole store time
 * budget on them and answered 503 after its change was made.
 */
public final class CqlCounterWrites {
    public static final String PROFILE = "counter-writes";

    private CqlCounterWrites() {}

    public static PreparedStatement prepare(CqlSession session, String cql) {
        return session.prepare(SimpleStatement.newInstance(cql).setExecutionProfileName(PROFILE));
    }
}
