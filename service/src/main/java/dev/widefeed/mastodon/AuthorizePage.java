package dev.widefeed.mastodon;

import dev.widefeed.mastodon.oauth.Scopes;
import java.util.Map;

/**
 * The sign-in and consent page of the OAuth authorization step, and what it shows after: plain HTML with no script
 * and no style, every text escaped.
 */
final class AuthorizePage {
    /** No script, style, frame or plugin; the form posts back here (its redirect then goes to the app). */
    static final String POLICY = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'";

    private AuthorizePage() {}

    static String form(String app, Scopes scopes, Map<String, String> hidden, String error) {
        StringBuilder html = head("Sign in to authorize " + app);
        html.append("<h1>Authorize ").append(Html.escape(app)).append("</h1>\n");
        html.append("<p>")
                .append(Html.escape(app))
                .append(" asks to act for you with these scopes: <strong>")
                .append(Html.escape(scopes.toString()))
                .append("</strong>.</p>\n");
        if (error != null) {
            html.append("<p role=\"alert\">").append(Html.escape(error)).append("</p>\n");
        }
        html.append("<form method=\"post\" action=\"/oauth/authorize\">\n");
        hidden.forEach((name, value) -> html.append("<input type=\"hidden\" name=\"")
                .append(Html.escape(name))
                .append("\" value=\"")
                .append(Html.escape(value))
                .append("\">\n"));
        html.append("<p><label>Handle <input name=\"handle\" autocomplete=\"username\" required></label></p>\n");
        html.append("<p><label>Password <input name=\"password\" type=\"password\" "
                + "autocomplete=\"current-password\" required></label></p>\n");
        html.append("<p><button name=\"decision\" value=\"approve\">Authorize</button> "
                + "<button name=\"decision\" value=\"deny\" formnovalidate>Deny</button></p>\n");
        html.append("</form>\n");
        return html.append("</body></html>\n").toString();
    }

    /** The out-of-band answer: the code to copy into the app, or that access was denied. */
    static String outOfBand(String app, boolean granted, String shown) {
        StringBuilder html = head(granted ? "Authorization code" : "Access denied");
        if (granted) {
            html.append("<h1>Authorization code</h1>\n<p>Copy this code into ")
                    .append(Html.escape(app))
                    .append(":</p>\n<p><code id=\"code\">")
                    .append(Html.escape(shown))
                    .append("</code></p>\n");
        } else {
            html.append("<h1>Access denied</h1>\n<p>")
                    .append(Html.escape(shown))
                    .append("</p>\n");
        }
        return html.append("</body></html>\n").toString();
    }

    static String refused(String reason) {
        return head("Cannot authorize")
                .append("<h1>Cannot authorize</h1>\n<p>")
                .append(Html.escape(reason))
                .append("</p>\n</body></html>\n")
                .toString();
    }

    private static StringBuilder head(String title) {
        return new StringBuilder("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>")
                .append(Html.escape(title))
                .append("</title></head><body>\n");
    }
}
