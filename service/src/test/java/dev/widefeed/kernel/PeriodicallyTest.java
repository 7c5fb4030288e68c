package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PeriodicallyTest {
    private final Threads threads = new Threads();

    @AfterEach
    void stopThreads() {
        threads.close();
    }

    @Test
    void runsAgainUntilStoppedAndNotAfter() throws InterruptedException {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch third = new CountDownLatch(3);
        Periodically job = new Periodically(threads.scheduled("test"), () -> {
            runs.incrementAndGet();
            third.countDown();
        });
        job.start(Duration.ZERO, Duration.ofMillis(1));
        assertThat(third.await(10, TimeUnit.SECONDS)).isTrue();
        job.stop();
        int stoppedAt = runs.get();
        Thread.sleep(20); // a run scheduled before the stop would have come by now
        assertThat(runs).hasValue(stoppedAt);
    }

    @Test
    void aStopWaitsForTheRunUnderWayToEnd() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        AtomicBoolean ended = new AtomicBoolean();
        Periodically job = new Periodically(threads.scheduled("test"), () -> {
            running.countDown();
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
            while (System.nanoTime() < until) {
                Thread.onSpinWait(); // ignores the interrupt, as a store call under way may
            }
            ended.set(true);
        });
        job.start(Duration.ZERO, Duration.ofHours(1));
        assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
        job.stop();
        assertThat(ended).as("the run ended before stop returned").isTrue();
    }

    @Test
    void stoppingTwiceOrBeforeAStartIsNothing() throws InterruptedException {
        Periodically job = new Periodically(threads.scheduled("test"), () -> {});
        job.stop();
        job.start(Duration.ofHours(1), Duration.ofHours(1));
        assertThatThrownBy(() -> job.start(Duration.ZERO, Duration.ofHours(1)))
                .isInstanceOf(IllegalStateException.class);
        job.stop();
        job.stop();
    }

    @Test
    void closedThreadsRefuseNewExecutors() {
        threads.close();
        assertThatThrownBy(() -> threads.scheduled("late")).isInstanceOf(IllegalStateException.class);
    }
}
