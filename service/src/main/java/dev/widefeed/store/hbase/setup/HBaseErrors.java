package dev.widefeed.store.hbase.setup;

import dev.widefeed.kernel.PermanentStoreException;
import dev.widefeed.kernel.StoreException;
import dev.widefeed.kernel.TemporaryStoreException;
import dev.widefeed.kernel.UnknownOutcomeException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.client.OperationTimeoutExceededException;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.exceptions.TimeoutIOException;
import org.apache.hadoop.hbase.ipc.CallTimeoutException;

/**
 * Translates HBase client exceptions into the service's store exceptions. A timeout anywhere in the
 * chain (the client reports most as a {@code RetriesExhaustedException} caused by the last attempt's
 * error) means a write may have been applied: {@link UnknownOutcomeException}. Otherwise HBase's own
 * taxonomy decides: a {@link DoNotRetryIOException} (unknown table or family, bad request) is
 * permanent, any other I/O failure (region moving, server busy or down, retries exhausted) temporary.
 */
public final class HBaseErrors {
    private HBaseErrors() {}

    public static StoreException translate(RuntimeException e) {
        Throwable cause = unwrap(e);
        if (cause instanceof StoreException store) {
            return store;
        }
        String message = "HBase: " + cause.getMessage();
        if (anyInChain(cause, HBaseErrors::isTimeout)) {
            return new UnknownOutcomeException(message, cause);
        }
        if (cause instanceof IOException && !(cause instanceof DoNotRetryIOException)) {
            return new TemporaryStoreException(message, cause);
        }
        return new PermanentStoreException(message, cause);
    }

    /** The failure under the wrappers that blocking on a future or unchecking an I/O call adds. */
    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException
                        || t instanceof ExecutionException
                        || t instanceof UncheckedIOException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private static boolean isTimeout(Throwable t) {
        return t instanceof TimeoutIOException
                || t instanceof CallTimeoutException
                || t instanceof SocketTimeoutException
                || t instanceof OperationTimeoutExceededException
                || t instanceof TimeoutException;
    }

    /** Searches causes, and the per-action causes a batch failure carries, once each. */
    private static boolean anyInChain(Throwable root, Predicate<Throwable> test) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Throwable t = pending.pop();
            if (!seen.add(t)) {
                continue;
            }
            if (test.test(t)) {
                return true;
            }
            if (t.getCause() != null) {
                pending.push(t.getCause());
            }
            if (t instanceof RetriesExhaustedWithDetailsException batch) {
                batch.getCauses().forEach(pending::push);
            }
        }
        return false;
    }
}
