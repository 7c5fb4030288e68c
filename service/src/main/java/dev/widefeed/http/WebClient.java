package dev.widefeed.http;

import io.dropwizard.assets.AssetsBundle;
import io.dropwizard.core.setup.Environment;
import jakarta.servlet.DispatcherType;
import java.util.EnumSet;

/**
 * The reference web client (docs/api.md, "The web client"): plain HTML, CSS and JavaScript modules kept in the jar
 * under {@code app/}, served as they are (no build step), with {@link PageSecurityHeaders} on every answer. The page
 * calls the API on the same origin, so it needs no CORS.
 */
public final class WebClient {
    /** Where the page is served. */
    public static final String PATH = "/app/";

    private WebClient() {}

    /** Serves the files, {@code index.html} for the folder itself; a bundle, so it is added at initialize. */
    public static AssetsBundle files() {
        return new AssetsBundle("/app/", PATH, "index.html", "web-client");
    }

    /** Puts the page's security headers on every answer under {@link #PATH} ({@code /app} itself included). */
    public static void secure(Environment environment) {
        environment
                .servlets()
                .addFilter("web-client-headers", new PageSecurityHeaders())
                .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, PATH + "*");
    }
}
