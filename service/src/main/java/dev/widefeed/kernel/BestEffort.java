package dev.widefeed.kernel;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follow-up writes of a change that is already done (its truth row or compare-and-set applied):
 * their failure must not fail the request, because retrying the request would find the change
 * made and never redo them. They are logged with what they leave behind, and something else
 * settles them: reconcile for counters, a repairer or a fan-out task for copies.
 */
public final class BestEffort {
    private static final Logger LOG = LoggerFactory.getLogger(BestEffort.class);

    private BestEffort() {}

    /** Runs {@code write}; a store failure is logged with {@code consequence}, what it leaves until settled. */
    public static void run(Runnable write, String consequence) {
        try {
            write.run();
        } catch (StoreException e) {
            LOG.warn("{}: {}", consequence, e.toString());
        }
    }

    /**
     * A counter update, never retried (a timed-out increment may have applied, so a retry could count
     * twice): a failure leaves the count of {@code what} off until the next reconcile recounts it.
     */
    public static void count(Runnable update, String what) {
        run(update, "the count of " + what + " may be off until the next reconcile");
    }

    /**
     * A counter update as {@link #count(Runnable, String)}, whose failure also runs {@code markDirty}
     * (a {@link DirtyCounters} mark), so a background recount settles the count within minutes.
     */
    public static void count(Runnable update, String what, Runnable markDirty) {
        try {
            update.run();
        } catch (StoreException e) {
            LOG.warn("the count of {} may be off until its recount: {}", what, e.toString());
            try {
                markDirty.run();
            } catch (StoreException markFailed) {
                LOG.warn("the count of {} could not be marked for its recount: {}", what, markFailed.toString());
            }
        }
    }
}
