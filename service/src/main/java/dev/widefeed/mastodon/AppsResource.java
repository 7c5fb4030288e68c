package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.mastodon.oauth.AppUser;
import dev.widefeed.mastodon.oauth.OAuthTokens;
import dev.widefeed.mastodon.oauth.Scopes;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * App registration ({@code POST /api/v1/apps}) and an app's look at itself. Registering stores nothing: the client
 * id is the registration, signed ({@link OAuthTokens}), so a flood of registrations costs the store no work.
 */
@Path("/api/v1/apps")
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class AppsResource {
    static final int MAX_NAME = 100;
    static final int MAX_URI = 2_000;
    static final int MAX_REDIRECTS = 10;

    private final OAuthTokens tokens;

    public AppsResource(OAuthTokens tokens) {
        this.tokens = tokens;
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response register(MultivaluedMap<String, String> form, @Context UriInfo uri) {
        return register(Fields.of(form, uri.getQueryParameters()));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response registerJson(Map<String, Object> json, @Context UriInfo uri) {
        return register(Fields.ofJson(json, uri.getQueryParameters()));
    }

    private Response register(Fields fields) {
        String name = fields.get("client_name").map(String::strip).orElse("");
        if (name.isEmpty() || name.length() > MAX_NAME) {
            return MastodonErrors.response(
                    422, "Validation failed: client_name must be 1 to " + MAX_NAME + " characters");
        }
        List<String> redirects = new ArrayList<>();
        for (String value : fields.all("redirect_uris")) {
            for (String line : value.split("\\s+")) {
                if (!line.isBlank()) {
                    redirects.add(line.strip());
                }
            }
        }
        if (redirects.isEmpty()
                || redirects.size() > MAX_REDIRECTS
                || !redirects.stream().allMatch(AppsResource::redirect)) {
            return MastodonErrors.response(
                    422,
                    "Validation failed: redirect_uris must be 1 to " + MAX_REDIRECTS + " absolute URIs, or "
                            + OAuthResource.OUT_OF_BAND);
        }
        Optional<Scopes> scopes = Scopes.parse(fields.get("scopes").orElse(null));
        if (scopes.isEmpty()) {
            return MastodonErrors.response(422, "Validation failed: scopes names an unknown scope");
        }
        Optional<String> website = fields.get("website").map(String::strip);
        if (website.isPresent() && (website.get().length() > MAX_URI || !absolute(website.get()))) {
            return MastodonErrors.response(422, "Validation failed: website must be an absolute URL");
        }
        OAuthTokens.App app = new OAuthTokens.App(name, List.copyOf(redirects), scopes.get(), website);
        String clientId = tokens.clientId(app);
        return Response.ok(new Entities.RegisteredApp(
                        clientId.substring(clientId.length() - 16),
                        name,
                        website.orElse(null),
                        String.join("\n", redirects),
                        redirects,
                        scopes.get().toString(),
                        clientId,
                        tokens.clientSecret(clientId),
                        null))
                .build();
    }

    @GET
    @Path("/verify_credentials")
    public Entities.Application verify(@Auth AppUser me) {
        OAuthTokens.App app = tokens.app(me.clientId()).orElseThrow();
        return new Entities.Application(app.name(), app.website().orElse(null));
    }

    private static boolean redirect(String uri) {
        return uri.equals(OAuthResource.OUT_OF_BAND) || (uri.length() <= MAX_URI && absolute(uri));
    }

    private static boolean absolute(String uri) {
        try {
            URI parsed = new URI(uri);
            return parsed.isAbsolute() && parsed.getFragment() == null;
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }
}
