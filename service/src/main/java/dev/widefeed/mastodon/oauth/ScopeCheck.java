package dev.widefeed.mastodon.oauth;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.security.Principal;
import java.util.Map;

/**
 * Refuses a request whose app token lacks the scope its endpoint names ({@link RequiresScope}) with Mastodon's 403.
 * It runs after authentication, so a request without a valid token has had its 401 already.
 */
public final class ScopeCheck implements DynamicFeature {
    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        RequiresScope required = resource.getResourceMethod().getAnnotation(RequiresScope.class);
        if (required != null) {
            context.register(new Filter(required.value()));
        }
    }

    @Priority(Priorities.AUTHORIZATION)
    private record Filter(String scope) implements ContainerRequestFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            Principal principal = request.getSecurityContext().getUserPrincipal();
            if (principal instanceof AppUser user && !user.scopes().allow(scope)) {
                request.abortWith(Response.status(Response.Status.FORBIDDEN)
                        .type(MediaType.APPLICATION_JSON_TYPE)
                        .entity(Map.of("error", "This action is outside the authorized scopes"))
                        .build());
            }
        }
    }
}
