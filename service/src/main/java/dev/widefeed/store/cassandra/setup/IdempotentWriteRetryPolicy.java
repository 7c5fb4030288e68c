package dev.widefeed.store.cassandra.setup;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.retry.RetryVerdict;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.internal.core.retry.DefaultRetryPolicy;

/**
 * The driver's default policy, plus one retry of a write that timed out on the replicas when
 * replaying it cannot change the result. The driver consults this only for statements marked
 * idempotent (explicit timestamps, plain upserts and deletes); counter updates and
 * compare-and-set writes are excluded even then, since a replay of either can apply twice or
 * report a false conflict. Without this a single coordinator timeout under a burst (a bulk
 * import, a compaction stall) fails a write the store would have taken on the next try.
 */
public final class IdempotentWriteRetryPolicy extends DefaultRetryPolicy {
    public IdempotentWriteRetryPolicy(DriverContext context, String profileName) {
        super(context, profileName);
    }

    @Override
    public RetryVerdict onWriteTimeoutVerdict(
            Request request,
            ConsistencyLevel consistency,
            WriteType writeType,
            int blockFor,
            int received,
            int retryCount) {
        boolean replayable = writeType == WriteType.SIMPLE
                || writeType == WriteType.BATCH
                || writeType == WriteType.UNLOGGED_BATCH
                || writeType == WriteType.BATCH_LOG;
        if (replayable && retryCount == 0) {
            return RetryVerdict.RETRY_SAME;
        }
        return super.onWriteTimeoutVerdict(request, consistency, writeType, blockFor, received, retryCount);
    }
}
