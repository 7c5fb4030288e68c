package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.ErasureView;
import dev.widefeed.erasure.ErasureService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Where an account's erasure stands. No token: the account's own tokens stop working when it is asked for, and that an
 * account is being erased says nothing a stranger could not learn from its profile's 404.
 */
@Path("/v1/erasures")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "users")
@Timed
public class ErasureResource {
    private final ErasureService erasures;

    public ErasureResource(ErasureService erasures) {
        this.erasures = erasures;
    }

    @GET
    @Path("/{userId}")
    @Operation(
            operationId = "getErasure",
            summary = "Where the erasure of an account stands: erasing or done (no token needed); 404 none asked "
                    + "for, or done more than 30 days ago")
    @ErrorStatuses({404})
    public ErasureView get(@PathParam("userId") String userId) {
        return ErasureView.of(erasures.status(Params.id(userId, "user id")));
    }
}
