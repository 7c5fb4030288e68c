package dev.widefeed.perf.replay;

import dev.widefeed.perf.workload.EventKind;
import dev.widefeed.perf.workload.WorkloadEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Workload events for tests: Poisson arrivals at a rate, as the generator makes them, of one kind. */
final class TestEvents {
    private TestEvents() {}

    static List<WorkloadEvent> poisson(double perSecond, int count, EventKind kind) {
        Random random = new Random(42);
        List<WorkloadEvent> events = new ArrayList<>(count);
        double offsetMillis = 0;
        for (int i = 0; i < count; i++) {
            offsetMillis += -Math.log(1 - random.nextDouble()) * 1000 / perSecond;
            events.add(new WorkloadEvent((long) offsetMillis, kind, i % 100, kind == EventKind.HOME_READ ? -1 : 7));
        }
        return events;
    }
}
