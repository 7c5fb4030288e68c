package dev.widefeed.testing;

/**
 * The JUnit tags that declare the test tiers (docs/TESTING.md). A test class that needs a real store (one of
 * {@link TestStores}, a store of its own, or the service started on one) is tagged {@link #STORE}, a contract on every
 * backend included; one that takes minutes is also tagged {@link #SLOW}. Everything untagged is the fast tier, which
 * starts no store: {@code TestStores} refuses to in it, and {@code TestTiersTest} finds a class that would reach one
 * without the tag.
 */
public final class Tiers {
    /** Runs against a real Cassandra or HBase (or the service on one). */
    public static final String STORE = "store";
    /** Takes minutes even on its own: a big account, a browser, a child JVM killed and restarted. */
    public static final String SLOW = "slow";

    private Tiers() {}
}
