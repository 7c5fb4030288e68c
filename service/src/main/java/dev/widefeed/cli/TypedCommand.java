package dev.widefeed.cli;

import io.dropwizard.core.Configuration;
import io.dropwizard.core.cli.ConfiguredCommand;

/**
 * A configured command that knows its configuration class. Dropwizard finds it from the
 * command's type argument, which a generic command like these does not fix: it would fall back to
 * {@link Configuration} and refuse every section of the service's own (storage, auth, ...).
 */
abstract class TypedCommand<C extends Configuration> extends ConfiguredCommand<C> {
    private final Class<C> configuration;

    TypedCommand(String name, String description, Class<C> configuration) {
        super(name, description);
        this.configuration = configuration;
    }

    @Override
    protected Class<C> getConfigurationClass() {
        return configuration;
    }
}
