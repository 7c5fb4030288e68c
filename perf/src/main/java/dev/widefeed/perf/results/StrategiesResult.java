package dev.widefeed.perf.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code strategies} scenario: push-all, pull-all and the service's hybrid replaying the same events on the
 * same population. Store operations are counted at the storage interfaces as the requests the store serves: a write
 * into n partitions or a read of n partitions by key is n operations, any other call (a point read, a page of a
 * range) one; rows written and read are counted beside.
 */
public record StrategiesResult(String backend, long events, List<StrategyCost> strategies) {

    /**
     * @param readFanIn mean partitions (authors' lists) a home read touches
     * @param calls     every call's operations ({@code activity Store.method}), most first; the console shows the top
     */
    public record StrategyCost(
            String strategy,
            long events,
            long storeOperations,
            long rowsWritten,
            long rowsRead,
            long homeReads,
            double readFanIn,
            LatencySummary homeRead,
            LatencySummary post,
            Map<String, Long> calls) {
        public StrategyCost {
            calls = calls == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(calls));
        }

        public double operationsPerEvent() {
            return events == 0 ? 0 : (double) storeOperations / events;
        }

        public double rowsWrittenPerEvent() {
            return events == 0 ? 0 : (double) rowsWritten / events;
        }
    }
}
