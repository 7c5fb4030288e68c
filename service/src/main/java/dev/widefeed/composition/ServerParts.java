package dev.widefeed.composition;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.cache.CacheMetrics;
import dev.widefeed.eventlog.EventLogFactory;
import dev.widefeed.graph.RelationRepairJob;
import dev.widefeed.kernel.Threads;
import dev.widefeed.reconcile.CounterMarksFlush;
import dev.widefeed.store.Storage;
import dev.widefeed.tasks.ReconcileTask;
import dev.widefeed.tasks.RepairRelationsTask;
import dev.widefeed.textindex.TrendingJob;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.lifecycle.Managed;
import java.time.Clock;
import java.time.Duration;

/**
 * What a server runs beside its requests, over the features it assembled: the jobs, in the order they must stop (the
 * lifecycle stops them in reverse: the log's job, and with it the fan-out it drives, before the threads they run on; the
 * counter updates before the storage, so what waits is applied), their admin tasks and their metrics.
 */
public final class ServerParts {
    private ServerParts() {}

    /** How often the periodic jobs run, as configured. */
    public record Jobs(
            EventLogFactory eventLog,
            Duration invalidationPoll,
            Duration trendingEvery,
            Duration repairPeriod,
            Duration repairSettle,
            Duration repairLookback) {}

    public static void manage(Features features, Storage storage, Jobs jobs, Clock clock, Environment environment) {
        MetricRegistry metrics = environment.metrics();
        // Managed first, so stopped last: every job below stops scheduling before the threads it ran on end.
        environment.lifecycle().manage(managed(() -> {}, features.context.threads()::close));
        CacheMetrics.register(metrics, features.cache.caches());
        environment
                .lifecycle()
                .manage(managed(
                        () -> features.cache.invalidations().start(jobs.invalidationPoll()),
                        () -> features.cache.invalidations().close()));
        environment.lifecycle().manage(managed(() -> {}, () -> {
            features.posts.counts().close();
            features.graph.counts().close();
        }));
        metrics.registerGauge(
                "counters.coalesced.added",
                () -> features.posts.counts().added() + features.graph.counts().added());
        metrics.registerGauge(
                "counters.coalesced.updates",
                () -> features.posts.counts().updates()
                        + features.graph.counts().updates());
        metrics.registerGauge("audiences.cache.marks.hitRate", features.audience.facts()::marksHitRate);
        metrics.registerGauge("audiences.cache.memberships.hitRate", features.audience.facts()::membershipsHitRate);
        jobs.eventLog().buildJob(storage.eventLog(), features.log.log(), features.log.handlers(), clock, environment);
        Threads threads = features.context.threads();
        environment
                .lifecycle()
                .manage(new TrendingJob(
                        features.textIndex.store(), jobs.trendingEvery(), clock, threads.scheduled("trending")));
        environment
                .lifecycle()
                .manage(new RelationRepairJob(
                        features.graph.repairer(),
                        clock,
                        jobs.repairPeriod(),
                        jobs.repairSettle(),
                        jobs.repairLookback(),
                        metrics,
                        threads.scheduled("relation-repair")));
        environment.admin().addTask(new RepairRelationsTask(features.graph.repairer(), clock));
        environment.admin().addTask(new ReconcileTask(features.reconcile.reconciler(), metrics));
        environment
                .lifecycle()
                .manage(new CounterMarksFlush(
                        features.reconcile.marks(),
                        features.reconcile.recounts(),
                        metrics,
                        threads.scheduled("counter-marks-flush")));
    }

    private static Managed managed(Runnable start, Runnable stop) {
        return new Managed() {
            @Override
            public void start() {
                start.run();
            }

            @Override
            public void stop() {
                stop.run();
            }
        };
    }
}
