package dev.widefeed.kernel;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Settles a compare-and-set that sets a state (a like on or off) when the store could not say whether it applied:
 * it timed out, its connection broke with it in flight, or the store was short of a quorum. The same proposal (the
 * same expected state, the same next state with its own version) is tried again, pausing between tries, within a
 * budget, before the caller is told the outcome is unknown (a 503).
 * <p>
 * Trying it again is safe where replaying an increment is not: every try expects the state the first one would
 * replace, so at most one of them applies, and whichever does leaves the same state. A try that applies settles it
 * (this call changed the row). A try that finds its condition false reads the row: if it holds the proposal, an
 * earlier try applied (on Cassandra the later try's Paxos round completed it if it was still in progress, so the
 * row read after it is settled); if it holds anything else, the earlier try either never applied or was replaced
 * since by another change, and nobody can tell which any more.
 */
public final class CasSettlement {
    private static final Logger LOG = LoggerFactory.getLogger(CasSettlement.class);
    /** What the store's answers say of the proposal. */
    public enum Outcome {
        /** The first try found the row changed by someone else: this call changed nothing. */
        NOT_APPLIED,
        /** A try applied, the first or one after it: this call changed the row. */
        APPLIED,
        /**
         * A try failed, and a later one found the row holding the proposal: an earlier try applied, as far as
         * the row can tell (another request proposing the very same state, same version, would look the same).
         */
        HELD,
        /** A try failed, and a later one found the row changed by another since: it may have applied before. */
        REPLACED
    }

    /**
     * @param within how long after the first try's failure another try may start (each try has the store's own
     *               request timeout on top)
     * @param pause  the first pause between tries, doubled after each, at most a second
     */
    public record Budget(Duration within, Duration pause) {
        /** Inside the request's time: a store timeout (5 s) plus this stays well inside a client's 15 s. */
        public static final Budget DEFAULT = new Budget(Duration.ofSeconds(4), Duration.ofMillis(100));
    }

    private final Budget budget;

    public CasSettlement(Budget budget) {
        this.budget = budget;
    }

    /**
     * @param cas           one try of the proposal: true if it applied, false if its condition was not met
     * @param holdsProposal whether the row now holds the proposed state (read after a try whose condition failed)
     * @throws UnknownOutcomeException   when no try settled it within the budget and one may have applied
     * @throws TemporaryStoreException   when no try settled it and none can have applied (the store refused each)
     */
    public Outcome apply(BooleanSupplier cas, BooleanSupplier holdsProposal) {
        long deadline = 0;
        long pauseMillis = budget.pause().toMillis();
        TemporaryStoreException unknown = null;
        TemporaryStoreException refused = null;
        for (int attempt = 0; ; attempt++) {
            try {
                Outcome outcome = cas.getAsBoolean()
                        ? Outcome.APPLIED
                        : attempt == 0
                                ? Outcome.NOT_APPLIED
                                : holdsProposal.getAsBoolean() ? Outcome.HELD : Outcome.REPLACED;
                if (attempt > 0) {
                    LOG.info(
                            "a compare-and-set settled on try {} after {}: {}",
                            attempt + 1,
                            (unknown != null ? unknown : refused).getMessage(),
                            outcome);
                }
                return outcome;
            } catch (UnknownOutcomeException e) {
                unknown = e;
            } catch (TemporaryStoreException e) {
                refused = e; // nothing applied (unavailable, overloaded); or the read after a failed condition failed
            }
            long now = System.nanoTime();
            if (attempt == 0) {
                deadline = now + budget.within().toNanos();
            }
            if (now + pauseMillis * 1_000_000 > deadline) {
                throw unknown != null ? unknown : refused;
            }
            sleep(pauseMillis);
            pauseMillis = Math.min(1_000, Math.max(1, pauseMillis * 2));
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnknownOutcomeException("interrupted while settling a compare-and-set", e);
        }
    }
}
