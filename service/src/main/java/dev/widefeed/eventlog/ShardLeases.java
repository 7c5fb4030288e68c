package dev.widefeed.eventlog;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This instance's tenures of the log's shards: per shard what it knows of its lease ({@link ShardLease}), and the
 * store's calls that take, renew and give back the leases. A tenure ends when the store says the shard is someone
 * else's; then {@code onLost} forgets what else was known of the shard here.
 * <p>
 * What the leases cost does not grow with the shards: every lease held here is renewed in one call
 * ({@link #renewDue}), and a shard is tried only if one read of who holds which ({@link EventLogStore#holders}), at
 * most {@code holdersMaxAge} old, shows it free.
 */
final class ShardLeases {
    private static final Logger LOG = LoggerFactory.getLogger(ShardLeases.class);

    private final EventLogStore store;
    private final String owner;
    private final Duration ttl;
    private final Clock clock;
    private final IntConsumer onLost;
    private final IntConsumer onTaken;
    private final ShardLease[] leases;
    /** Shards this instance leased last time it asked (it may have lost some since). */
    private final Set<Integer> held = ConcurrentHashMap.newKeySet();

    private final Duration holdersMaxAge;
    private Map<Integer, String> holders = Map.of();
    private Instant holdersReadAt = Instant.EPOCH;

    /**
     * @param holdersMaxAge how old the read of who holds which shard may be before a take reads it again: the shards
     *                      not held here come due together, and one read serves them all
     * @param onTaken       told of each shard whose lease was taken here (a tenure begins; renewals are not told)
     */
    ShardLeases(
            EventLogStore store,
            int shards,
            Duration ttl,
            Duration holdersMaxAge,
            String owner,
            Clock clock,
            IntConsumer onLost,
            IntConsumer onTaken) {
        this.onTaken = onTaken;
        this.store = store;
        this.holdersMaxAge = holdersMaxAge;
        this.owner = owner;
        this.ttl = ttl;
        this.clock = clock;
        this.onLost = onLost;
        this.leases = new ShardLease[shards];
        for (int shard = 0; shard < shards; shard++) {
            leases[shard] = new ShardLease(ttl);
        }
    }

    /** What this instance knows of the shard's lease. */
    ShardLease of(int shard) {
        return leases[shard];
    }

    /** Whether {@code shard} is one of the log's and its lease surely this instance's at {@code now}. */
    boolean heldAt(int shard, Instant now) {
        return shard >= 0 && shard < leases.length && leases[shard].heldAt(now);
    }

    boolean renewalDue(int shard, Instant now) {
        return leases[shard].renewalDue(now);
    }

    /** Whether this instance leased the shard last time it asked. */
    boolean leasedLast(int shard) {
        return held.contains(shard);
    }

    /**
     * Whether this instance holds the shard's lease: asks the store only when the lease is not surely held here or
     * its renewal is due (a held lease is renewed in one round, a lease not held is taken if free). A shard found
     * someone else's is forgotten here.
     */
    boolean leased(int shard) {
        ShardLease lease = leases[shard];
        // One thread at a time per shard (a pass and the poller may ask at once): a second take of a shard just
        // taken here would find it this owner's, fail, and forget the tenure the first began.
        synchronized (lease) {
            Instant now = clock.instant();
            boolean heldHere = lease.heldAt(now);
            if (heldHere && !lease.renewalDue(now)) {
                return true;
            }
            boolean mine = false;
            boolean renewed = false;
            if (heldHere || held.contains(shard)) {
                mine = store.renew(shard, owner, ttl);
                renewed = mine;
                if (!mine) {
                    LOG.info("event log: lost the lease of shard {} (another worker took it, or it expired)", shard);
                    forget(shard); // the tenure ended, whether or not the lease is free to take again
                }
            }
            boolean taken = false;
            if (!mine && !heldElsewhere(shard, now)) {
                mine = store.lease(shard, owner, ttl);
                taken = mine;
            }
            if (mine) {
                lease.renewed(now, renewed);
                held.add(shard);
                if (taken) {
                    onTaken.accept(shard);
                }
            } else {
                forget(shard);
            }
            return mine;
        }
    }

    /**
     * Renews every lease held here in one call once any of them is due, or can no longer be trusted (renewing the
     * others early keeps them due together): one store request a third of the ttl, however many shards are held.
     * Those the store no longer says are this instance's are forgotten.
     */
    void renewDue() {
        Instant now = clock.instant();
        boolean due = false;
        for (int shard : held) {
            ShardLease lease = leases[shard];
            if (lease.renewalDue(now) || !lease.heldAt(now)) {
                due = true;
                break;
            }
        }
        if (!due) {
            return;
        }
        List<Integer> asked = List.copyOf(held);
        Set<Integer> renewed = store.renewAll(asked, owner, ttl);
        for (int shard : asked) {
            if (renewed.contains(shard)) {
                leases[shard].renewed(now, true);
            } else {
                LOG.info("event log: lost the lease of shard {} (another worker took it, or it expired)", shard);
                forget(shard);
            }
        }
    }

    /** Whether the shard is someone else's, as of a read of the holders at most {@code holdersMaxAge} old. */
    private synchronized boolean heldElsewhere(int shard, Instant now) {
        if (!now.isBefore(holdersReadAt.plus(holdersMaxAge))) {
            holders = store.holders();
            holdersReadAt = now;
        }
        String holder = holders.get(shard);
        return holder != null && !holder.equals(owner);
    }

    /** Gives back every lease this instance took, best effort: one the store does not answer for simply expires. */
    void releaseAll() {
        for (int shard : List.copyOf(held)) {
            try {
                store.release(shard, owner);
            } catch (RuntimeException e) {
                LOG.debug("could not release event log shard {}: {}", shard, e.toString());
            }
        }
    }

    /** The shard is someone else's: nothing known of it here holds any more. */
    private void forget(int shard) {
        leases[shard].lost();
        held.remove(shard);
        onLost.accept(shard);
    }
}
