package dev.widefeed.http;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The headers that keep the web client's page strict (docs/api.md, "The web client"). The policy allows only the page's
 * own files: no inline script or style, so text that slipped into the page as markup could still run nothing; and
 * Trusted Types make the browser refuse a string given to an HTML sink ({@code innerHTML} and the like), so the
 * client's rule of rendering every text as text is kept by the browser too, not only by review.
 */
public final class PageSecurityHeaders implements Filter {
    static final String POLICY = String.join(
            "; ",
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
            "require-trusted-types-for 'script'");

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        // Set before the chain: the asset servlet may commit the answer as it writes the file.
        if (response instanceof HttpServletResponse http) {
            http.setHeader("Content-Security-Policy", POLICY);
            http.setHeader("X-Content-Type-Options", "nosniff");
            http.setHeader("Referrer-Policy", "no-referrer");
            // Revalidate every time (the asset servlet answers 304 by ETag): the page's modules must all come from
            // the same jar, never a cached mix of an old and a new one.
            http.setHeader("Cache-Control", "no-cache");
        }
        chain.doFilter(request, response);
    }
}
