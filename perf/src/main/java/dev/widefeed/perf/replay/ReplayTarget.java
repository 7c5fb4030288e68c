package dev.widefeed.perf.replay;

import dev.widefeed.perf.workload.WorkloadEvent;
import java.io.PrintStream;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * What a replay drives: the service in process, or over HTTP. {@link #execute} must not wait for the operation
 * (the replayer calls it from its one scheduling thread); the stage completes with the {@link System#nanoTime()}
 * at which the operation actually started, so the replayer can tell time spent queued from time spent served.
 */
public interface ReplayTarget extends AutoCloseable {
    /** The target's name in results: {@code service}, {@code http}. */
    String name();

    /** Starts the event's operation; the stage fails with the cause if the operation fails. */
    CompletionStage<Long> execute(WorkloadEvent event);

    /**
     * An extra operation to issue at the same intended time as {@code event}, recorded under its own kind and not
     * in {@code all}: a raw store read beside a home read shows what the service adds over the store.
     */
    default Optional<Probe> probe(WorkloadEvent event) {
        return Optional.empty();
    }

    /** Prints what only the target knows about the run (e.g. events it had to retarget). */
    default void summarize(PrintStream out) {}

    @Override
    void close();

    /** {@code start} behaves as {@link #execute}. */
    record Probe(String kind, Supplier<CompletionStage<Long>> start) {}
}
