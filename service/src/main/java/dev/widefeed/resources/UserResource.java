package dev.widefeed.resources;

import dev.widefeed.api.CreateUserRequest;
import dev.widefeed.api.CreatedUserView;
import dev.widefeed.api.UserView;
import dev.widefeed.auth.TokenService;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.graph.UserService;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;

import java.util.Optional;

@Path("/v1/users")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "users")
public class UserResource {
    private final UserService users;
    private final TokenService tokens;

    public UserResource(UserService users, TokenService tokens) {
        this.users = users;
        this.tokens = tokens;
    }

    @POST
    @Operation(summary = "Create a user with a unique handle (chosen, or made from the name); answers the user and "
            + "a bearer token for it (no token needed). 409 when the handle is taken, 422 when it is not a handle")
    public Response create(@NotNull @Valid CreateUserRequest request) {
        User user = users.create(request.name(), Optional.ofNullable(request.handle()));
        CreatedUserView body = new CreatedUserView(UserView.of(user, UserCounts.ZERO), tokens.mint(user.id()));
        return Response.created(UriBuilder.fromResource(UserResource.class).path(Long.toString(user.id())).build())
                .entity(body).build();
    }

    @GET
    @Path("/by-handle/{handle}")
    @Operation(summary = "The user holding a handle (any case), with its counts; 404 when nobody holds it",
            security = @SecurityRequirement(name = "bearer"))
    public UserView byHandle(@Auth UserPrincipal me, @PathParam("handle") String handle) {
        User user = users.byHandle(Params.handle(handle));
        return UserView.of(user, users.counts(user.id()));
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A user with its counts", security = @SecurityRequirement(name = "bearer"))
    public UserView get(@Auth UserPrincipal me, @PathParam("id") String id) {
        long userId = Params.id(id, "user id");
        User user = users.get(userId);
        return UserView.of(user, users.counts(userId));
    }
}
