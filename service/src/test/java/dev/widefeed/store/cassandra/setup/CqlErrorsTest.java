package dev.widefeed.store.cassandra.setup;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import dev.widefeed.kernel.TemporaryStoreException;
import dev.widefeed.kernel.UnknownOutcomeException;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class CqlErrorsTest {
    @Test
    void aRequestWhoseConnectionBrokeMayHaveAppliedItsWrite() {
        // The driver sends a non-idempotent request (a compare-and-set, a counter update) nowhere else when its
        // connection breaks: the node may have executed it before it died.
        assertThat(CqlErrors.translate(new ClosedConnectionException("Lost connection to remote peer")))
                .isInstanceOf(UnknownOutcomeException.class);
        assertThat(CqlErrors.translate(new HeartbeatException(
                        new InetSocketAddress("127.0.0.1", 9042), "heartbeat query failed", null)))
                .isInstanceOf(UnknownOutcomeException.class);
    }

    @Test
    void anUnavailableStoreAppliedNothing() {
        assertThat(CqlErrors.translate(new UnavailableException(null, DefaultConsistencyLevel.LOCAL_QUORUM, 2, 1)))
                .isExactlyInstanceOf(TemporaryStoreException.class);
    }
}
