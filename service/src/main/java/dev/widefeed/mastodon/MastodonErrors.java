package dev.widefeed.mastodon;

import dev.widefeed.api.ErrorView;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.Set;

/**
 * Errors of the Mastodon face in Mastodon's shape, {@code {"error": "..."}}, whichever mapper answered: the
 * service's exception mappers write the native API's {@link ErrorView}, and this turns it into Mastodon's on the
 * face's paths, unknown ones included.
 */
public final class MastodonErrors implements ContainerResponseFilter {
    private static final Set<String> FACE = Set.of("api", "oauth", "nodeinfo", ".well-known");

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (response.getEntity() instanceof ErrorView error
                && onFace(request.getUriInfo().getPath())) {
            response.setEntity(Map.of("error", error.message()));
        }
    }

    /** A Mastodon error answer. */
    static Response response(int status, String message) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(Map.of("error", message))
                .build();
    }

    static boolean onFace(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        int slash = trimmed.indexOf('/');
        return FACE.contains(slash < 0 ? trimmed : trimmed.substring(0, slash));
    }
}
