package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.post.PostService;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a Mastodon client reads before anything else: the instance (v1 and v2). The version says Mastodon 4.2 compatibility, which clients decide their features by, and this
 * service's own (docs/mastodon.md, "Discovery").
 */
@Path("/api") // beside AbsentFeaturesResource, which Jersey merges with this
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class InstanceResource {
    /** The Mastodon API version whose endpoints this face answers as Mastodon does. */
    static final String COMPATIBLE = "4.2.0";

    private final MastodonFactory settings;
    private final String version;

    public InstanceResource(MastodonFactory settings, String version) {
        this.settings = settings;
        this.version = version;
    }

    /** The version as clients parse it: Mastodon's first, then this service's. */
    String reported() {
        return COMPATIBLE + " (compatible; widefeed " + version + ")";
    }

    @GET
    @Path("/v1/instance{slash: /?}") // Mastodon.py asks with the slash
    public Map<String, Object> v1(@Context UriInfo uri) {
        String domain = domainOf(uri);
        Map<String, Object> instance = new LinkedHashMap<>();
        instance.put("uri", domain);
        instance.put("title", settings.title);
        instance.put("short_description", settings.description);
        instance.put("description", settings.description);
        instance.put("email", settings.contactEmail);
        instance.put("version", reported());
        instance.put("urls", Map.of("streaming_api", streaming(uri)));
        // Not counted: a count of all users or posts would be a scan of whole tables (docs/mastodon.md).
        instance.put("stats", Map.of("user_count", 0, "status_count", 0, "domain_count", 0));
        instance.put("thumbnail", null);
        instance.put("languages", List.of("en"));
        instance.put("registrations", false);
        instance.put("approval_required", false);
        instance.put("invites_enabled", false);
        instance.put("configuration", configuration(uri));
        instance.put("contact_account", null);
        instance.put("rules", List.of());
        return instance;
    }

    @GET
    @Path("/v2/instance")
    public Map<String, Object> v2(@Context UriInfo uri) {
        Map<String, Object> instance = new LinkedHashMap<>();
        instance.put("domain", domainOf(uri));
        instance.put("title", settings.title);
        instance.put("version", reported());
        instance.put("source_url", "");
        instance.put("description", settings.description);
        instance.put("usage", Map.of("users", Map.of("active_month", 0)));
        instance.put("thumbnail", Map.of("url", base(uri) + "/avatars/header.png"));
        instance.put("languages", List.of("en"));
        instance.put("configuration", configuration(uri));
        instance.put("registrations", Map.of("enabled", false, "approval_required", false, "message", ""));
        instance.put("contact", Map.of("email", settings.contactEmail));
        instance.put("rules", List.of());
        return instance;
    }

    private Map<String, Object> configuration(UriInfo uri) {
        Map<String, Object> configuration = new LinkedHashMap<>();
        configuration.put("urls", Map.of("streaming", streaming(uri)));
        configuration.put("accounts", Map.of("max_featured_tags", 0));
        configuration.put(
                "statuses",
                Map.of(
                        "max_characters", PostService.MAX_CONTENT,
                        "max_media_attachments", 0,
                        "characters_reserved_per_url", 23));
        configuration.put(
                "media_attachments",
                Map.of(
                        "supported_mime_types", List.of(),
                        "image_size_limit", 0,
                        "image_matrix_limit", 0,
                        "video_size_limit", 0,
                        "video_frame_rate_limit", 0,
                        "video_matrix_limit", 0));
        configuration.put(
                "polls",
                Map.of(
                        "max_options", 0,
                        "max_characters_per_option", 0,
                        "min_expiration", 0,
                        "max_expiration", 0));
        configuration.put("translation", Map.of("enabled", false));
        return configuration;
    }

    @GET
    @Path("/v1/instance/peers")
    public List<String> peers() {
        return List.of(); // not federated
    }

    @GET
    @Path("/v1/instance/activity")
    public List<Object> activity() {
        return List.of();
    }

    @GET
    @Path("/v1/instance/rules")
    public List<Object> rules() {
        return List.of();
    }

    static String base(UriInfo uri) {
        String base = uri.getBaseUri().toString();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    static String domainOf(UriInfo uri) {
        var base = uri.getBaseUri();
        return base.getPort() < 0 ? base.getHost() : base.getHost() + ":" + base.getPort();
    }

    private static String streaming(UriInfo uri) {
        return base(uri).replaceFirst("^http", "ws");
    }
}
