package dev.widefeed.eventlog;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a runner does with a shard it is given: renews the shard's lease if only that is due, else leases the shard if
 * need be and makes a pass over it. A shard not held here is tried at its pass's pace: that is how a dead instance's
 * shards are taken over.
 */
final class ShardVisits {
    private static final Logger LOG = LoggerFactory.getLogger(ShardVisits.class);

    private final ShardLeases leases;
    private final ShardPaces paces;
    private final ShardPass pass;
    /** How old the active slots a pass reads by may be: as old as a poll, what another instance appended waits. */
    private final Duration marksAge;

    private final Clock clock;

    ShardVisits(ShardLeases leases, ShardPaces paces, ShardPass pass, Duration marksAge, Clock clock) {
        this.leases = leases;
        this.paces = paces;
        this.pass = pass;
        this.marksAge = marksAge;
        this.clock = clock;
    }

    /** Renews the shard's lease if that is due, and makes a pass if one is due; whether to offer it again right away. */
    boolean offer(int shard) {
        ShardPace pace = paces.of(shard);
        Instant now = clock.instant();
        if (!pace.due(now)) {
            try {
                leases.leased(shard); // a renewal only
            } catch (RuntimeException e) {
                LOG.warn("event log: could not renew the lease of shard {}: {}", shard, e.toString());
            }
            return false;
        }
        pace.begin();
        try {
            if (!leases.leased(shard)) {
                pace.quiet(now);
                return false;
            }
        } catch (RuntimeException e) {
            LOG.warn("event log: could not lease shard {}: {}", shard, e.toString());
            pace.busy(now);
            return false;
        }
        return pass.run(shard, pace, marksAge);
    }

    /**
     * Leases the shard if need be and makes one pass over it, however its pace stands, reading the active slots
     * afresh; whether to offer it again.
     */
    boolean passNow(int shard) {
        ShardPace pace = paces.of(shard);
        pace.begin();
        try {
            if (!leases.leased(shard)) {
                return false;
            }
        } catch (RuntimeException e) {
            LOG.warn("event log: could not lease shard {}: {}", shard, e.toString());
            return false;
        }
        return pass.run(shard, pace, Duration.ZERO);
    }
}
