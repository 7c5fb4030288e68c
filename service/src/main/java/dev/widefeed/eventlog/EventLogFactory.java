package dev.widefeed.eventlog;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.kernel.ProcessName;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.lifecycle.setup.LifecycleEnvironment;
import io.dropwizard.util.Duration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ScheduledExecutorService;

/** The {@code eventLog} section: the durable event log's shards and the job that works them. */
public class EventLogFactory {
    /** Shards of the log. The same on every instance, and never changed while work is pending. */
    @Min(1)
    @Max(1024)
    @JsonProperty
    public int shards = 16;

    /** Shards one instance works at once, each on its own thread (never a request thread). */
    @Min(1)
    @JsonProperty
    public int threads = 2;

    /** Pages (of followers, for a fan-out) an entry gets per turn before the shard's other entries get theirs. */
    @Min(1)
    @JsonProperty
    public int pagesPerTurn = 20;

    /** How often a shard with work pending (or whose last pass got work done) is passed over. */
    @NotNull
    @JsonProperty
    public Duration pollInterval = Duration.seconds(1);

    /**
     * How often a quiet shard is passed over at most: a shard whose passes find nothing pending waits twice as long
     * each time, from pollInterval up to this. An entry appended through this instance wakes its shard at once; one
     * appended by another instance to a quiet shard held here waits up to this long, and a shard nobody holds is
     * taken over within leaseTtl plus this. An idle instance makes about 2 store requests a second, however many
     * shards: one renewal of all its leases every 10 s (0.1/s), one read of the active slots for all its quiet shards
     * every 15 s (0.1/s), the cache tier's invalidation poll (0.9/s on Cassandra) and the once-a-minute jobs
     * (0.9/s). Longer would save little more and make the multi-instance waits longer.
     */
    @NotNull
    @JsonProperty
    public Duration idlePollInterval = Duration.seconds(15);

    /** A dead instance's shards are taken over this long after its last renewal. */
    @NotNull
    @JsonProperty
    public Duration leaseTtl = Duration.seconds(30);

    /** How far back a shard without a watermark (a new deployment) is read. */
    @NotNull
    @JsonProperty
    public Duration initialLookback = Duration.hours(1);

    /** The health check fails when work is pending and no turn got any done for this long. */
    @NotNull
    @JsonProperty
    public Duration stallAfter = Duration.minutes(5);

    /**
     * Builds the job over {@code handlers}, woken by what is appended through {@code log}, and registers it with the
     * lifecycle and its health check. Its threads come from the lifecycle, managed before the job so that they stop
     * after it. They are daemons, as the lifecycle's scheduled executors make them (the runners' too, though they only
     * run), and get no time of their own at the end: the job's stop has waited for its work as long as it should.
     */
    public EventLogJob buildJob(
            EventLogStore store, EventLog log, Map<String, LogHandler> handlers, Clock clock, Environment environment) {
        LifecycleEnvironment lifecycle = environment.lifecycle();
        EventLogJob job = new EventLogJob(
                store,
                handlers,
                settings(owner()),
                clock,
                environment.metrics(),
                daemons(lifecycle, "eventlog-poll", 1),
                daemons(lifecycle, "eventlog-worker", threads),
                daemons(lifecycle, "eventlog-release", 1));
        job.serve(log);
        lifecycle.manage(job);
        environment
                .healthChecks()
                .register("event-log", new EventLogHealthCheck(job, stallAfter.toJavaDuration(), clock));
        return job;
    }

    /** The job's settings as configured, for a job whose leases are {@code owner}'s. */
    public EventLogJob.Settings settings(String owner) {
        return new EventLogJob.Settings(
                shards,
                threads,
                pagesPerTurn,
                pollInterval.toJavaDuration(),
                idlePollInterval.toJavaDuration(),
                leaseTtl.toJavaDuration(),
                initialLookback.toJavaDuration(),
                owner);
    }

    private static ScheduledExecutorService daemons(LifecycleEnvironment lifecycle, String name, int threads) {
        return lifecycle
                .scheduledExecutorService(name, true)
                .threads(threads)
                .shutdownTime(Duration.seconds(0))
                .build();
    }

    /** A lease owner name unique to this process: host, pid, and a random part for restarts that reuse a pid. */
    private static String owner() {
        return ProcessName.hostAndPid() + "/" + UUID.randomUUID().toString().substring(0, 8);
    }
}
