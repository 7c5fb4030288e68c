package dev.widefeed.testing;

import dev.widefeed.store.Storage;
import dev.widefeed.store.cassandra.CqlInternals;
import dev.widefeed.store.hbase.HBaseInternals;
import io.dropwizard.testing.ConfigOverride;
import java.nio.file.Path;

/**
 * The backends every contract suite runs on: each contract is a {@code @ParameterizedClass} over this enum, so a new
 * backend is a constant here (with its {@link BackendInternals}), and no test class of its own per contract. Nothing
 * here starts a store until a test asks for it.
 */
public enum TestBackend {
    CASSANDRA("cassandra") {
        @Override
        public Storage storage() {
            return TestStorages.cassandra();
        }

        @Override
        public ApiClient api() {
            return TestApps.cassandra();
        }

        @Override
        public BackendInternals internals() {
            return new CqlInternals();
        }

        @Override
        public String storageYaml() {
            return "storage:\n  backend: cassandra\n  cassandra:\n    embedded:\n      enabled: false\n"
                    + "    keyspace: " + TestStorages.KEYSPACE + "\n"
                    + "    contactPoints: " + TestStores.cassandra().host() + ":"
                    + TestStores.cassandra().port()
                    + "\n";
        }

        @Override
        public ConfigOverride[] killableStore(Path dataDir) {
            return new ConfigOverride[] {
                ConfigOverride.config(OUTAGE_PREFIX, "storage.backend", "cassandra"),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.cassandra.embedded.enabled", "true"),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.cassandra.embedded.dataDir", dataDir.toString()),
                ConfigOverride.config(
                        OUTAGE_PREFIX,
                        "storage.cassandra.embedded.nativePort",
                        System.getProperty("widefeed.test.outage.nativePort", "19142")),
                ConfigOverride.config(
                        OUTAGE_PREFIX,
                        "storage.cassandra.embedded.storagePort",
                        System.getProperty("widefeed.test.outage.storagePort", "17100")),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.cassandra.embedded.heapMb", "512"),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.cassandra.embedded.jvmOptions", SHORT_LIVED),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.cassandra.keyspace", "widefeed_outage_test"),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.cassandra.requestTimeout", "2s")
            };
        }
    },
    HBASE("hbase") {
        @Override
        public Storage storage() {
            return TestStorages.hbase();
        }

        @Override
        public ApiClient api() {
            return TestApps.hbase();
        }

        @Override
        public BackendInternals internals() {
            return new HBaseInternals();
        }

        @Override
        public String storageYaml() {
            return "storage:\n  backend: hbase\n  hbase:\n    embedded:\n      enabled: false\n"
                    + "    namespace: " + TestStorages.NAMESPACE + "\n"
                    + "    zookeeperQuorum: " + TestStores.hbase().zookeeperQuorum() + ":"
                    + TestStores.hbase().zookeeperPort() + "\n";
        }

        @Override
        public ConfigOverride[] killableStore(Path dataDir) {
            return new ConfigOverride[] {
                ConfigOverride.config(OUTAGE_PREFIX, "storage.backend", "hbase"),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.hbase.embedded.enabled", "true"),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.hbase.embedded.dataDir", dataDir.toString()),
                ConfigOverride.config(
                        OUTAGE_PREFIX,
                        "storage.hbase.embedded.zookeeperPort",
                        System.getProperty("widefeed.test.outage.zookeeperPort", "12281")),
                ConfigOverride.config(
                        OUTAGE_PREFIX,
                        "storage.hbase.embedded.masterPort",
                        System.getProperty("widefeed.test.outage.masterPort", "16200")),
                ConfigOverride.config(
                        OUTAGE_PREFIX,
                        "storage.hbase.embedded.regionServerPort",
                        System.getProperty("widefeed.test.outage.regionServerPort", "16220")),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.hbase.embedded.heapMb", "512"),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.hbase.embedded.jvmOptions", SHORT_LIVED),
                ConfigOverride.config(OUTAGE_PREFIX, "storage.hbase.namespace", "widefeed_outage_test")
            };
        }
    };

    /**
     * The prefix of the system properties that {@link #killableStore}'s overrides are while its service starts, apart
     * from every other service's, so that a service another class starts meanwhile reads none of them.
     */
    public static final String OUTAGE_PREFIX = "widefeed-outage.";

    /** {@link TestStores#SHORT_LIVED_JVM} as a configuration value (a list, comma-separated). */
    private static final String SHORT_LIVED = String.join(",", TestStores.SHORT_LIVED_JVM);

    private final String id;

    TestBackend(String id) {
        this.id = id;
    }

    /**
     * The backend's name where the service names it: {@code storage.backend}, {@link Storage#backend()}, the
     * {@code backend} label of the store metrics; also in the names of the files a test leaves behind.
     */
    public String id() {
        return id;
    }

    /**
     * The test JVM's storage on this backend's shared test store, its schema applied, with the event log's shards as
     * they are: for the tests of the log itself, which find shards of their own.
     */
    public abstract Storage storage();

    /** {@link #storage()} with an event log of {@code owner}'s own shards (see {@link TestStorages#ownedBy}). */
    public Storage storage(Class<?> owner) {
        return TestStorages.ownedBy(this, owner);
    }

    /** The test JVM's service on this backend's shared test store, for the REST suites. */
    public abstract ApiClient api();

    /** The backend's tables beneath {@link Storage}, for what a contract checks or plants in the store's own terms. */
    public abstract BackendInternals internals();

    /** The {@code storage:} section of a configuration file for a child JVM on this backend's shared test store. */
    public abstract String storageYaml();

    /**
     * The overrides that give a service an embedded store of its own on this backend, in {@code dataDir} and on ports
     * apart from the shared test store's, for a test that kills it; their prefix is {@link #OUTAGE_PREFIX}.
     */
    public abstract ConfigOverride[] killableStore(Path dataDir);
}
