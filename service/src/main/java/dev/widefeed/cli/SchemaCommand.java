package dev.widefeed.cli;

import dev.widefeed.WidefeedConfiguration;
import io.dropwizard.core.cli.ConfiguredCommand;
import io.dropwizard.core.setup.Bootstrap;
import net.sourceforge.argparse4j.inf.Namespace;

/** {@code schema config.yml}: applies the schema files to the configured store and prints the version. */
public final class SchemaCommand extends ConfiguredCommand<WidefeedConfiguration> {
    public SchemaCommand() {
        super("schema", "Create or upgrade the configured store's tables from schema-cql/ or hbase-tables/");
    }

    @Override
    protected void run(Bootstrap<WidefeedConfiguration> bootstrap, Namespace namespace, WidefeedConfiguration config) {
        int version = config.storage.applySchema();
        System.out.printf("%s schema is at version %d%n", config.storage.backend, version);
    }
}
