package dev.widefeed.drills.cluster;

import com.datastax.oss.driver.api.core.ConsistencyLevel;

/**
 * Cassandra's NODE_LOCAL consistency, which the driver does not name: the node the request is sent to answers
 * from its own data only, never asking another replica. Consistency ONE would not do to read one node's copy: the
 * coordinator may read any replica (the closest by its snitch), not necessarily itself. The server accepts it
 * only with {@code -Dcassandra.enable_nodelocal_queries=true}, which the local launcher sets on its nodes.
 */
enum NodeLocal implements ConsistencyLevel {
    NODE_LOCAL;

    /** Its code in the native protocol (org.apache.cassandra.db.ConsistencyLevel.NODE_LOCAL). */
    private static final int PROTOCOL_CODE = 11;

    @Override
    public int getProtocolCode() {
        return PROTOCOL_CODE;
    }

    @Override
    public boolean isDcLocal() {
        return true;
    }

    @Override
    public boolean isSerial() {
        return false;
    }
}
