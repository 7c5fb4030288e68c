package dev.widefeed.store.cassandra.setup;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.TruncateException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteFailureException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import dev.widefeed.kernel.PermanentStoreException;
import dev.widefeed.kernel.StoreException;
import dev.widefeed.kernel.TemporaryStoreException;
import dev.widefeed.kernel.UnknownOutcomeException;
import java.util.concurrent.CompletionException;

/** Translates java-driver exceptions into the service's own store exceptions. */
public final class CqlErrors {
    private CqlErrors() {}

    public static StoreException translate(RuntimeException e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof StoreException store) {
            return store;
        }
        String message = "Cassandra: " + cause.getMessage();
        // A request whose connection broke (its node died, or stopped answering heartbeats) was perhaps already
        // executed: the driver sends a non-idempotent one nowhere else, and for a write that is an unknown outcome.
        if (cause instanceof WriteTimeoutException
                || cause instanceof CASWriteUnknownException
                || cause instanceof DriverTimeoutException
                || cause instanceof ClosedConnectionException
                || cause instanceof HeartbeatException) {
            return new UnknownOutcomeException(message, cause);
        }
        if (cause instanceof AllNodesFailedException
                || cause instanceof ReadTimeoutException
                || cause instanceof UnavailableException
                || cause instanceof OverloadedException
                || cause instanceof BootstrappingException
                || cause instanceof BusyConnectionException
                || cause instanceof RequestThrottlingException
                || cause instanceof ReadFailureException
                || cause instanceof WriteFailureException
                || cause instanceof TruncateException) {
            return new TemporaryStoreException(message, cause);
        }
        return new PermanentStoreException(message, cause);
    }
}
