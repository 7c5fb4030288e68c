package dev.widefeed.auth;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.Duration;
import jakarta.validation.constraints.NotNull;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;

/**
 * Token settings. The signing secret comes from configuration (normally the WIDEFEED_TOKEN_SECRET
 * environment variable). Only the embedded development setup may run without one: it then uses a
 * random secret kept in its data directory, so tokens survive restarts of that setup alone.
 */
public class AuthFactory {
    private static final Logger LOG = LoggerFactory.getLogger(AuthFactory.class);

    @JsonProperty
    public String tokenSecret;

    @NotNull
    @JsonProperty
    public Duration tokenLifetime = Duration.days(30);

    /**
     * @param embeddedDataDir the embedded store's data directory, or null when the service runs on
     *                        an external store (then a missing or short secret is refused)
     */
    public TokenService build(Path embeddedDataDir) {
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
        return new TokenService(secret, tokenLifetime.toJavaDuration(), Clock.systemUTC());
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
            LOG.warn("no auth.tokenSecret configured: using a development secret kept in {} "
                    + "(allowed only with the embedded store)", file);
            return secret;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
