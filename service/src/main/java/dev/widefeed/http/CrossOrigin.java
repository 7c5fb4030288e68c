package dev.widefeed.http;

import io.dropwizard.core.setup.Environment;
import java.time.Duration;
import java.util.Set;
import org.eclipse.jetty.server.handler.CrossOriginHandler;

/**
 * Cross-origin requests from browser clients on other origins (Mastodon's web apps, docs/mastodon.md), by Jetty's
 * own handler: any origin, without credentials. The API's credentials are bearer tokens a script must send itself,
 * never cookies a browser would add, so another origin gains nothing it could not do from its own server.
 */
public final class CrossOrigin {
    private CrossOrigin() {}

    public static void install(Environment environment) {
        CrossOriginHandler cors = new CrossOriginHandler();
        cors.setAllowedOriginPatterns(Set.of(".*"));
        cors.setAllowCredentials(false);
        cors.setAllowedMethods(Set.of("GET", "POST", "PUT", "PATCH", "DELETE"));
        cors.setAllowedHeaders(Set.of("Authorization", "Content-Type", "Idempotency-Key"));
        cors.setExposedHeaders(Set.of("Link", "Retry-After", "Idempotent-Replayed", "Location"));
        cors.setPreflightMaxAge(Duration.ofHours(1));
        environment.getApplicationContext().insertHandler(cors);
    }
}
