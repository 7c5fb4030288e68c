package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class FuturesTest {
    @Test
    void aStoreErrorOnAnotherThreadReachesTheCallerAsItself() {
        TemporaryStoreException outage = new TemporaryStoreException("store down", new RuntimeException("timeout"));
        CompletableFuture<Integer> read = CompletableFuture.supplyAsync(() -> {
            throw outage;
        });

        assertThatThrownBy(() -> Futures.join(read)).isSameAs(outage);
    }

    @Test
    void aValueIsReturned() {
        assertThat(Futures.join(CompletableFuture.completedFuture(7))).isEqualTo(7);
    }
}
