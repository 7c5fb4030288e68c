package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.FanoutView;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.feed.fanout.FanoutService;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** A post's fan-out, explained to its author. */
@Path("/v1/posts")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "timelines")
@Timed
public class FanoutResource {
    private final FanoutService fanout;

    public FanoutResource(FanoutService fanout) {
        this.fanout = fanout;
    }

    @GET
    @Path("/{id}/fanout")
    @Operation(
            operationId = "getFanout",
            summary = "The delivery plan and progress of my post: mode (push, hybrid or pull), tiers, "
                    + "followers pushed, skipped or pulling it, done or pending")
    public FanoutView fanout(@Auth UserPrincipal me, @PathParam("id") String id) {
        return FanoutView.of(fanout.status(me.id(), Params.id(id, "post id")));
    }
}
