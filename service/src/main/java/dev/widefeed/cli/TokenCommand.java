package dev.widefeed.cli;

import dev.widefeed.auth.TokenService;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Bootstrap;
import java.util.function.Function;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/** {@code token config.yml <userId>}: mints a bearer token for a user, for operators. */
public final class TokenCommand<C extends Configuration> extends TypedCommand<C> {
    private final Function<C, TokenService> tokens;

    public TokenCommand(Class<C> configuration, Function<C, TokenService> tokens) {
        super("token", "Mint a bearer token for a user id", configuration);
        this.tokens = tokens;
    }

    @Override
    public void configure(Subparser subparser) {
        super.configure(subparser);
        subparser.addArgument("userId").type(Long.class).help("the user the token acts as");
    }

    @Override
    protected void run(Bootstrap<C> bootstrap, Namespace namespace, C config) {
        long userId = namespace.getLong("userId");
        if (userId <= 0) {
            throw new IllegalArgumentException("userId must be positive");
        }
        System.out.println(tokens.apply(config).mint(userId));
    }
}
