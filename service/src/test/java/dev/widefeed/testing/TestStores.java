package dev.widefeed.testing;

import dev.widefeed.localstore.CommitLogSync;
import dev.widefeed.localstore.LocalCassandra;
import dev.widefeed.localstore.LocalHBase;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Starting a real Cassandra or HBase takes 10-15 s, so a test JVM starts each at most once, lazily (a test run
 * that needs only one store does not pay for the other), and stops them when the JVM exits. The test ports differ
 * from the defaults so that tests do not collide with a developer's running service; they can be overridden with
 * the system properties named below.
 */
public final class TestStores {
    /**
     * The JUnit resource lock of the shared Cassandra's data directory, for a test that starts a store on its settings
     * (to see it reused): two at once would both lock the directory, which this JVM refuses to do twice.
     */
    public static final String CASSANDRA_DATA_DIR = "the shared Cassandra's data directory";

    /**
     * Options for a JVM that a test starts and that lives minutes (a store of its own, a worker to kill): the quick
     * compiler only. The suite is bound by the CPU of the 2-core machine it runs on, and C2 compiling code for a JVM
     * that ends before it repays took about half of a fresh store's start (docs/TESTING.md, "The whole suite"). The
     * shared stores below, which serve the whole run, keep both compilers. The build says which (the root pom's
     * {@code test.jvm.compiler}, with {@code test.jvm.codeCache}, the code cache C1 alone would leave too small);
     * none outside it.
     */
    public static final List<String> SHORT_LIVED_JVM = jvmOptions(System.getProperty("widefeed.test.jvmCompiler", ""));

    private static final Path DATA_DIR = Path.of(System.getProperty("widefeed.test.dataDir", "target/test-stores"))
            .toAbsolutePath();

    private static LocalCassandra cassandra;
    private static RuntimeException cassandraFailure;
    private static LocalHBase hbase;
    private static RuntimeException hbaseFailure;
    private static boolean shutdownHookAdded;

    private TestStores() {}

    private static List<String> jvmOptions(String spaceSeparated) {
        return Arrays.stream(spaceSeparated.trim().split("\\s+"))
                .filter(option -> !option.isEmpty())
                .toList();
    }

    /**
     * The fast tier (docs/TESTING.md) promises a run that starts no store; a class that reaches one there lacks its
     * {@link Tiers#STORE} tag, which {@code TestTiersTest} also looks for.
     */
    private static void refuseInTheFastTier() {
        if ("fast".equals(System.getProperty("widefeed.test.tier"))) {
            throw new IllegalStateException(
                    "a test of the fast tier asked for a real store: tag its class " + "@Tag(Tiers.STORE)");
        }
    }

    /** The test JVM's Cassandra; a failed start is remembered so that later tests fail fast with the same cause. */
    public static synchronized LocalCassandra cassandra() {
        refuseInTheFastTier();
        if (cassandra == null && cassandraFailure == null) {
            try {
                addShutdownHook();
                // Periodic sync: no test kills this shared node (those that kill a store start their own, on the
                // default), and an fsync per write would cost the suite minutes.
                cassandra = LocalCassandra.start(LocalCassandra.Settings.defaults(DATA_DIR.resolve("cassandra"))
                        .withPorts(
                                Integer.getInteger("widefeed.test.cassandra.nativePort", 19042),
                                Integer.getInteger("widefeed.test.cassandra.storagePort", 17000))
                        // JMX: the backup contract's snapshots and imports.
                        .withNodes(1, Integer.getInteger("widefeed.test.cassandra.jmxPort", 17199))
                        .withCommitLogSync(CommitLogSync.PERIODIC));
            } catch (RuntimeException e) {
                cassandraFailure = e;
            }
        }
        if (cassandraFailure != null) {
            throw cassandraFailure;
        }
        return cassandra;
    }

    /** The test JVM's HBase; a failed start is remembered so that later tests fail fast with the same cause. */
    public static synchronized LocalHBase hbase() {
        refuseInTheFastTier();
        if (hbase == null && hbaseFailure == null) {
            try {
                addShutdownHook();
                hbase = LocalHBase.start(LocalHBase.Settings.defaults(DATA_DIR.resolve("hbase"))
                        .withPorts(
                                Integer.getInteger("widefeed.test.hbase.zookeeperPort", 12181),
                                Integer.getInteger("widefeed.test.hbase.masterPort", 16100),
                                Integer.getInteger("widefeed.test.hbase.regionServerPort", 16120))
                        // Two namespaces of ~20 pre-split tables each, and a million-follower account.
                        .withHeapMb(Integer.getInteger("widefeed.test.hbase.heapMb", 1536)));
            } catch (RuntimeException e) {
                hbaseFailure = e;
            }
        }
        if (hbaseFailure != null) {
            throw hbaseFailure;
        }
        return hbase;
    }

    private static void addShutdownHook() {
        if (!shutdownHookAdded) {
            Runtime.getRuntime().addShutdownHook(new Thread(TestStores::stopAll, "test-stores-shutdown"));
            shutdownHookAdded = true;
        }
    }

    /** In parallel: Surefire kills a test JVM that takes more than 30 s to exit, which would orphan the stores. */
    private static synchronized void stopAll() {
        CompletableFuture<Void> cassandraStopped = CompletableFuture.runAsync(() -> {
            if (cassandra != null) {
                cassandra.close();
            }
        });
        if (hbase != null) {
            hbase.close();
        }
        cassandraStopped.join();
    }
}
