package dev.widefeed.cli;

import dev.widefeed.WidefeedConfiguration;
import io.dropwizard.core.cli.ConfiguredCommand;
import io.dropwizard.core.setup.Bootstrap;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/** {@code token config.yml <userId>}: mints a bearer token for a user, for operators. */
public final class TokenCommand extends ConfiguredCommand<WidefeedConfiguration> {
    public TokenCommand() {
        super("token", "Mint a bearer token for a user id");
    }

    @Override
    public void configure(Subparser subparser) {
        super.configure(subparser);
        subparser.addArgument("userId").type(Long.class).help("the user the token acts as");
    }

    @Override
    protected void run(Bootstrap<WidefeedConfiguration> bootstrap, Namespace namespace, WidefeedConfiguration config) {
        long userId = namespace.getLong("userId");
        if (userId <= 0) {
            throw new IllegalArgumentException("userId must be positive");
        }
        System.out.println(config.auth.build(config.storage.embeddedDataDir()).mint(userId));
    }
}
