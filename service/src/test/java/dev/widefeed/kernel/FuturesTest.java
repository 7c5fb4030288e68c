package dev.widefeed.kernel;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
