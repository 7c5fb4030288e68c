package dev.widefeed.store.cassandra.setup;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.retry.RetryDecision;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

class IdempotentWriteRetryPolicyTest {
    private final IdempotentWriteRetryPolicy policy = new IdempotentWriteRetryPolicy(
            (DriverContext) Proxy.newProxyInstance(
                    getClass().getClassLoader(),
                    new Class<?>[] {DriverContext.class},
                    (proxy, method, args) -> method.getName().equals("getSessionName") ? "test" : null),
            "default");
    private final SimpleStatement write =
            SimpleStatement.newInstance("INSERT ...").setIdempotent(true);

    @Test
    void aPlainOrBatchedWriteIsRetriedOnceOnTheSameNode() {
        for (WriteType type : new WriteType[] {WriteType.SIMPLE, WriteType.UNLOGGED_BATCH, WriteType.BATCH}) {
            assertThat(decision(type, 0)).as("%s, first timeout", type).isEqualTo(RetryDecision.RETRY_SAME);
            assertThat(decision(type, 1)).as("%s, second timeout", type).isEqualTo(RetryDecision.RETHROW);
        }
    }

    @Test
    void countersAndCompareAndSetAreNeverReplayed() {
        for (WriteType type : new WriteType[] {WriteType.COUNTER, WriteType.CAS}) {
            assertThat(decision(type, 0)).as("%s", type).isEqualTo(RetryDecision.RETHROW);
        }
    }

    private RetryDecision decision(WriteType type, int retryCount) {
        return policy.onWriteTimeoutVerdict(write, DefaultConsistencyLevel.LOCAL_QUORUM, type, 1, 0, retryCount)
                .getRetryDecision();
    }
}
