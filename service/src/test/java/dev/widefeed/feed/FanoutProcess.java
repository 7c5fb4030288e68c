package dev.widefeed.feed;

import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Clock;

/**
 * A fan-out worker in a process of its own, on the test JVM's running stores, for the crash test to kill with SIGKILL
 * midway: {@code FanoutProcess HBASE}, a {@link TestBackend}'s name. Runs until killed.
 */
public final class FanoutProcess {
    private FanoutProcess() {}

    public static void main(String[] args) throws InterruptedException {
        Storage storage = TestBackend.valueOf(args[0]).storage(FanoutCrashContract.class);
        Features services = new Features(
                storage,
                InstanceSettings.of(TestStorages.ids(), Clock.systemUTC())
                        .withFeed(FanoutCrashContract.RULES)
                        .withLogShards(FanoutCrashContract.SHARDS));
        EventLogJob job = FanoutCrashContract.job(storage, services, "crashing-worker");
        job.start();
        System.out.println("fan-out worker started");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
