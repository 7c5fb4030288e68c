package dev.widefeed.drills.harness;

import java.time.Duration;
import java.util.Map;

/**
 * What every drill begins with: the service started as the README starts it (and through it the store), a
 * population of users signed up over the API with a post each, and the records of what the load will see
 * ({@link Timeline}) and what the service acknowledged ({@link Ledger}). Closing it stops the service.
 */
public final class DrillSession implements AutoCloseable {
    public final ServiceRun service;
    public final Api api;
    public final Timeline timeline = new Timeline();
    public final Ledger ledger;
    public final Population population;
    /** How long the service took to be healthy, its store started. */
    public final Duration started;

    private DrillSession(ServiceRun service, Ledger ledger, Population population, Duration started) {
        this.service = service;
        this.api = service.api();
        this.ledger = ledger;
        this.population = population;
        this.started = started;
    }

    public static DrillSession start(ServiceRun.Layout layout, int users, String prefix) throws Exception {
        return start(layout, Map.of(), Duration.ofMinutes(6), users, prefix);
    }

    /**
     * @param settings variables config.yml reads, over the drill's own (a cluster's CASSANDRA_NODES ...)
     * @param within   how long the service (and its store) may take to be healthy
     */
    public static DrillSession start(
            ServiceRun.Layout layout, Map<String, String> settings, Duration within, int users, String prefix)
            throws Exception {
        ServiceRun service = new ServiceRun(layout, settings);
        try {
            long starting = System.nanoTime();
            service.start(within);
            Duration started = Duration.ofNanos(System.nanoTime() - starting);
            Ledger ledger = new Ledger();
            return new DrillSession(service, ledger, Population.signUp(service.api(), users, ledger, prefix), started);
        } catch (Exception | Error e) {
            service.close();
            throw e;
        }
    }

    /** A token of the population's first user: every post in a drill is public, so it reads them all. */
    public String token() {
        return population.users().get(0).token();
    }

    @Override
    public void close() throws InterruptedException {
        service.close();
    }
}
