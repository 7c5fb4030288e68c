package dev.widefeed.notification;

import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestBackend;
import java.util.concurrent.Executors;

/**
 * A notification worker in a process of its own, on the test JVM's running stores, for the crash test to kill with
 * SIGKILL midway: {@code NotificationProcess HBASE}, a {@link TestBackend}'s name. Runs until killed.
 */
public final class NotificationProcess {
    private NotificationProcess() {}

    public static void main(String[] args) throws InterruptedException {
        Storage storage = TestBackend.valueOf(args[0]).storage(ViralPostContract.class);
        EventLogJob job = ViralPostContract.job(
                storage, ViralPostContract.worker(storage, Executors.newFixedThreadPool(32)), "crashing-worker");
        job.start();
        System.out.println("notification worker started");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
