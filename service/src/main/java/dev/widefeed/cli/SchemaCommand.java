package dev.widefeed.cli;

import dev.widefeed.backends.StorageFactory;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Bootstrap;
import java.util.function.Function;
import net.sourceforge.argparse4j.inf.Namespace;

/** {@code schema config.yml}: applies the schema files to the configured store and prints the version. */
public final class SchemaCommand<C extends Configuration> extends TypedCommand<C> {
    private final Function<C, StorageFactory> storage;

    public SchemaCommand(Class<C> configuration, Function<C, StorageFactory> storage) {
        super(
                "schema",
                "Create or upgrade the configured store's tables from schema-cql/ or hbase-tables/",
                configuration);
        this.storage = storage;
    }

    @Override
    protected void run(Bootstrap<C> bootstrap, Namespace namespace, C config) {
        StorageFactory factory = storage.apply(config);
        int version = factory.applySchema();
        System.out.printf("%s schema is at version %d%n", factory.backend, version);
    }
}
