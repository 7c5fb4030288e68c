package dev.widefeed.auth;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.account.AccountRules;
import dev.widefeed.account.AccountService;
import dev.widefeed.account.AccountStore;
import dev.widefeed.account.PasswordHasher;
import dev.widefeed.account.RefreshToken;
import dev.widefeed.graph.UserService;
import dev.widefeed.kernel.IdGenerator;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Token, session and password settings (docs/design.md, "Accounts and sessions"). The signing secret comes from
 * configuration (normally the WIDEFEED_TOKEN_SECRET environment variable); it signs access tokens and refresh
 * tokens' MACs. Only the embedded development setup may run without one: it then uses a random secret kept in its
 * data directory, so tokens survive restarts of that setup alone.
 */
public class AuthFactory {
    private static final Logger LOG = LoggerFactory.getLogger(AuthFactory.class);

    @JsonProperty
    public String tokenSecret;

    /** How long a token from the operator's {@code token} command lives (and tokens minted before sessions did). */
    @NotNull
    @JsonProperty
    public Duration tokenLifetime = Duration.days(30);

    /** How long an access token lives; the client refreshes it with its refresh token. */
    @NotNull
    @MinDuration(value = 1, unit = TimeUnit.MINUTES)
    @JsonProperty
    public Duration accessTokenLifetime = Duration.minutes(15);

    /** A session not refreshed this long expires. */
    @NotNull
    @MinDuration(value = 1, unit = TimeUnit.MINUTES)
    @JsonProperty
    public Duration sessionIdle = Duration.days(30);

    /** A session this old is refused a refresh, however often it was used. */
    @NotNull
    @JsonProperty
    public Duration sessionMaxAge = Duration.days(365);

    @Min(1)
    @JsonProperty
    public int maxSessionsPerUser = AccountRules.DEFAULT.maxSessionsPerUser();

    /** How long this instance trusts what it read of a session: a sign-out elsewhere applies here within it. */
    @NotNull
    @JsonProperty
    public Duration revocationCheck = Duration.seconds(10);

    @Valid
    @NotNull
    @JsonProperty
    public SignInFailures signInFailures = new SignInFailures();

    @Valid
    @NotNull
    @JsonProperty
    public PasswordHashing passwordHashing = new PasswordHashing();

    /** Failed sign-ins past {@code maxPerHandle} for a handle, or {@code maxPerAddress} from an address: 429. */
    public static class SignInFailures {
        @NotNull
        @MinDuration(value = 1, unit = TimeUnit.SECONDS)
        @MaxDuration(value = 12, unit = TimeUnit.HOURS)
        @JsonProperty
        public Duration window = Duration.minutes(15);

        @Min(1)
        @JsonProperty
        public int maxPerHandle = AccountRules.DEFAULT.maxFailuresPerHandle();

        @Min(1)
        @JsonProperty
        public int maxPerAddress = AccountRules.DEFAULT.maxFailuresPerAddress();
    }

    /** Argon2id's cost per hash, and how many hashes run at once (each takes {@code memoryKiB}). */
    public static class PasswordHashing {
        @Min(64)
        @JsonProperty
        public int memoryKiB = PasswordHasher.Settings.DEFAULT.memoryKiB();

        @Min(1)
        @JsonProperty
        public int iterations = PasswordHasher.Settings.DEFAULT.iterations();

        @Min(1)
        @JsonProperty
        public int parallelism = PasswordHasher.Settings.DEFAULT.parallelism();

        @Min(1)
        @JsonProperty
        public int maxConcurrent = PasswordHasher.Settings.DEFAULT.maxConcurrent();

        /** How long a request waits for its turn to hash before it is refused as busy (429). */
        @NotNull
        @JsonProperty
        public Duration maxWait = Duration.seconds(2);
    }

    /** What signs tokens, what keeps sessions, and the keys other kinds of token are signed with. */
    public record Built(TokenService tokens, AccountService accounts, DerivedKeys keys) {}

    /**
     * The tokens and the account service over {@code store}.
     *
     * @param embeddedDataDir see {@link #tokens}
     */
    public Built build(Path embeddedDataDir, AccountStore store, UserService users, IdGenerator ids, Clock clock) {
        String secret = secret(embeddedDataDir);
        AccountRules rules = new AccountRules(
                sessionIdle.toJavaDuration(),
                sessionMaxAge.toJavaDuration(),
                maxSessionsPerUser,
                signInFailures.window.toJavaDuration(),
                signInFailures.maxPerHandle,
                signInFailures.maxPerAddress,
                revocationCheck.toJavaDuration());
        PasswordHasher hasher = new PasswordHasher(new PasswordHasher.Settings(
                passwordHashing.memoryKiB,
                passwordHashing.iterations,
                passwordHashing.parallelism,
                passwordHashing.maxConcurrent,
                passwordHashing.maxWait.toJavaDuration()));
        return new Built(
                tokens(secret, clock),
                new AccountService(store, users, hasher, new RefreshToken.Signer(secret), rules, ids, clock),
                new DerivedKeys(secret));
    }

    /**
     * The token service alone (the operator's {@code token} command).
     *
     * @param embeddedDataDir the embedded store's data directory, or null when the service runs on
     *                        an external store (then a missing or short secret is refused)
     */
    public TokenService tokens(Path embeddedDataDir) {
        return tokens(secret(embeddedDataDir), Clock.systemUTC());
    }

    private TokenService tokens(String secret, Clock clock) {
        return new TokenService(secret, accessTokenLifetime.toJavaDuration(), tokenLifetime.toJavaDuration(), clock);
    }

    private String secret(Path embeddedDataDir) {
        String secret = tokenSecret;
        if (secret == null || secret.isBlank()) {
            if (embeddedDataDir == null) {
                throw new IllegalStateException("auth.tokenSecret is not set: set WIDEFEED_TOKEN_SECRET to a random "
                        + "string of at least " + TokenService.MIN_SECRET_LENGTH + " characters");
            }
            secret = developmentSecret(embeddedDataDir.resolve("token-secret"));
        } else if (secret.length() < TokenService.MIN_SECRET_LENGTH) {
            throw new IllegalStateException("auth.tokenSecret is too short: it needs at least "
                    + TokenService.MIN_SECRET_LENGTH + " characters");
        }
        return secret;
    }

    private static String developmentSecret(Path file) {
        try {
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.UTF_8).strip();
            }
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            String secret = HexFormat.of().formatHex(random);
            Files.createDirectories(file.getParent());
            Files.writeString(file, secret, StandardCharsets.UTF_8);
            LOG.warn(
                    "no auth.tokenSecret configured: using a development secret kept in {} "
                            + "(allowed only with the embedded store)",
                    file);
            return secret;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
