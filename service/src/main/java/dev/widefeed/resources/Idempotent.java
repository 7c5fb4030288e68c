package dev.widefeed.resources;

import dev.widefeed.idempotency.IdempotentRequests;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/** The web side of idempotent creation: the header's name, and a 201 that says when it is an earlier answer. */
final class Idempotent {
    static final String KEY = "Idempotency-Key";
    /** Set on the answer of a request whose key an earlier request used: its resource, nothing new created. */
    static final String REPLAYED = "Idempotent-Replayed";

    private Idempotent() {}

    static Response created(URI location, Object body, IdempotentRequests.Outcome<?> outcome) {
        Response.ResponseBuilder answer = Response.created(location).entity(body);
        if (outcome.replayed()) {
            answer.header(REPLAYED, "true");
        }
        return answer.build();
    }

    static String userScope(long userId) {
        return IdempotentRequests.userScope(userId);
    }
}
