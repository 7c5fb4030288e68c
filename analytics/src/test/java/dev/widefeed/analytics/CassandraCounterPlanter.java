package dev.widefeed.analytics;

import com.datastax.oss.driver.api.core.CqlSession;
import java.net.InetSocketAddress;

/** Drift in the keyspace's counter tables, through a session of its own. */
final class CassandraCounterPlanter implements CounterPlanter {
    private final CqlSession session;

    CassandraCounterPlanter(int port) {
        session = CqlSession.builder()
                .addContactPoint(new InetSocketAddress("127.0.0.1", port))
                .withLocalDatacenter("datacenter1")
                .withKeyspace("widefeed")
                .build();
    }

    @Override
    public void plant(String kind, String counter, long id, long delta) {
        String table = kind.equals("post") ? "post_counts_by_id" : "user_counts_by_id";
        session.execute("UPDATE " + table + " SET " + counter + " = " + counter + " + " + delta + " WHERE " + kind
                + "_id = " + id);
    }

    @Override
    public void close() {
        session.close();
    }
}
