package dev.widefeed.perf;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Drives one operation as fast as it goes from a fixed number of threads (closed loop), for a
 * warm-up and then a measured period, and reports throughput and service-time percentiles.
 * Closed-loop is right for ceilings (how much can this store do); latency under a given offered
 * load is the open-loop replay's job.
 */
public final class ClosedLoop {
    /** One operation; {@code i} counts up per thread, for operations that pick their inputs by number. */
    @FunctionalInterface
    public interface Operation {
        void run(int thread, long i) throws Exception;
    }

    public record Result(String name, long operations, long errors, double seconds, Histogram latencyMicros) {
        public double perSecond() {
            return operations / seconds;
        }

        public String line() {
            return String.format(
                    "%-34s %10.0f ops/s  p50 %7.2f ms  p99 %7.2f ms  p99.9 %7.2f ms  errors %d",
                    name,
                    perSecond(),
                    latencyMicros.getValueAtPercentile(50) / 1000.0,
                    latencyMicros.getValueAtPercentile(99) / 1000.0,
                    latencyMicros.getValueAtPercentile(99.9) / 1000.0,
                    errors);
        }
    }

    private ClosedLoop() {}

    public static Result run(String name, int threads, Duration warmup, Duration measure, Operation operation)
            throws InterruptedException {
        Recorder recorder = new Recorder(3);
        AtomicLong done = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        long start = System.nanoTime();
        long measureFrom = start + warmup.toNanos();
        long end = measureFrom + measure.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            workers.add(pool.submit(() -> {
                for (long i = 0; ; i++) {
                    long began = System.nanoTime();
                    if (began >= end) {
                        return null;
                    }
                    boolean ok = true;
                    try {
                        operation.run(thread, i);
                    } catch (Exception e) {
                        ok = false;
                    }
                    if (began >= measureFrom) {
                        long micros = Math.max(1, (System.nanoTime() - began) / 1000);
                        recorder.recordValue(micros);
                        (ok ? done : errors).incrementAndGet();
                    }
                }
            }));
        }
        for (Future<?> worker : workers) {
            try {
                worker.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
        return new Result(name, done.get(), errors.get(), measure.toNanos() / 1e9, recorder.getIntervalHistogram());
    }
}
