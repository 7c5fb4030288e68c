package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.account.AccountService;
import dev.widefeed.account.Password;
import dev.widefeed.api.CreateUserRequest;
import dev.widefeed.api.CreatedUserView;
import dev.widefeed.api.ErasureRequest;
import dev.widefeed.api.ErasureView;
import dev.widefeed.api.PasswordChangeRequest;
import dev.widefeed.api.ProfileRequest;
import dev.widefeed.api.SessionView;
import dev.widefeed.api.UserView;
import dev.widefeed.api.UsersView;
import dev.widefeed.auth.TokenService;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.directory.NameDirectory;
import dev.widefeed.erasure.ErasureService;
import dev.widefeed.errors.MalformedRequestException;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserService;
import dev.widefeed.idempotency.Fingerprint;
import dev.widefeed.idempotency.IdempotentRequests;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.List;
import java.util.Optional;

@Path("/v1/users")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "users")
@Timed
public class UserResource {
    private final UserService users;
    private final AccountService accounts;
    private final TokenService tokens;
    private final IdempotentRequests requests;
    private final ErasureService erasures;
    private final NameDirectory directory;

    public UserResource(
            UserService users,
            AccountService accounts,
            TokenService tokens,
            IdempotentRequests requests,
            ErasureService erasures,
            NameDirectory directory) {
        this.directory = directory;
        this.users = users;
        this.accounts = accounts;
        this.tokens = tokens;
        this.requests = requests;
        this.erasures = erasures;
    }

    @POST
    @Operation(
            operationId = "signUp",
            summary = "Sign up: a user with a unique handle (chosen, or made from the name) and a password; answers "
                    + "the user and a first session's access and refresh tokens (no token needed). 409 when the handle is "
                    + "taken, 422 when it is not a handle or the password has fewer than 10 or more than 128 characters. "
                    + "With an Idempotency-Key, the same sign-up again within 24 h (same name, handle and password) answers "
                    + "the same user with a new session and creates nothing")
    @ApiResponse(
            responseCode = "201",
            description = "The user and a first session",
            content = @Content(schema = @Schema(implementation = CreatedUserView.class)))
    @ErrorStatuses({409})
    public Response create(@NotNull @Valid CreateUserRequest request, @HeaderParam(Idempotent.KEY) String key) {
        Password password = Password.choose(request.password());
        // The password is no part of the fingerprint: a replay must offer it again and is checked against the hash.
        IdempotentRequests.Outcome<AccountService.SignedUp> outcome = requests.once(
                "sign-up",
                Params.idempotencyKey(key),
                Fingerprint.of("POST /v1/users", request.name(), request.handle()),
                userId -> accounts.signUp(userId, request.name(), Optional.ofNullable(request.handle()), password),
                userId -> accounts.signedUp(userId, password));
        User user = outcome.value().user();
        SessionView session = Sessions.view(outcome.value().session(), tokens);
        CreatedUserView body = new CreatedUserView(
                UserView.of(user, users.counts(user.id())),
                session.token(),
                session.expiresAt(),
                session.refreshToken());
        return Idempotent.created(
                UriBuilder.fromResource(UserResource.class)
                        .path(Long.toString(user.id()))
                        .build(),
                body,
                outcome);
    }

    @PATCH
    @Path("/{id}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    @Operation(
            summary = "Change my name (1..30 characters) or bio (up to 160; \"\" clears it): fields left out are "
                    + "kept; answers my profile. 403 for someone else's, 422 for a value out of bounds")
    @ErrorStatuses({403})
    public UserView updateProfile(
            @Auth UserPrincipal me, @PathParam("id") String id, @NotNull @Valid ProfileRequest request) {
        long userId = Params.id(id, "user id");
        User user = users.updateProfile(
                me.id(), userId, Optional.ofNullable(request.name()), Optional.ofNullable(request.bio()));
        return UserView.of(user, users.counts(userId));
    }

    @DELETE
    @Path("/{id}")
    @Operation(
            summary = "Erase my account (the password required: 403 when wrong): 202, and from then on no sign-in "
                    + "or token of mine works; my posts, likes, follows, comments and lists are taken out in the background, "
                    + "each by the rules of its own delete, which GET /v1/erasures/{id} follows to done")
    @ApiResponse(
            responseCode = "202",
            description = "The erasure, begun",
            content = @Content(schema = @Schema(implementation = ErasureView.class)))
    public Response erase(@Auth UserPrincipal me, @PathParam("id") String id, @NotNull @Valid ErasureRequest request) {
        long userId = Params.me(me, id);
        ErasureView erasure = ErasureView.of(erasures.request(me.id(), userId, Password.offered(request.password())));
        return Response.accepted(erasure)
                .location(UriBuilder.fromResource(ErasureResource.class)
                        .path(erasure.userId())
                        .build())
                .build();
    }

    @PUT
    @Path("/{id}/password")
    @Operation(
            summary = "Set my password (currentPassword required when I have one: 403 when missing or wrong); "
                    + "every earlier session and token of mine stops working, and the answer is a new session")
    @ErrorStatuses({403})
    public SessionView setPassword(
            @Auth UserPrincipal me, @PathParam("id") String id, @NotNull @Valid PasswordChangeRequest request) {
        long userId = Params.me(me, id);
        Password next = Password.choose(request.password());
        return Sessions.view(
                accounts.changePassword(
                        userId, Optional.ofNullable(request.currentPassword()).map(Password::offered), next),
                tokens);
    }

    @GET
    @Operation(
            operationId = "getUsers",
            summary = "Users with their counts: by id (ids=a,b,c: up to 100, in the order asked, unknown ones left "
                    + "out), or found by the beginning of their handle or of words of their name (q=ada or q=ada "
                    + "lo: up to limit, 20 by default, at most 40; a handle or name word equal to the query first). "
                    + "Exactly one of ids and q; 422 for a q without a letter or digit")
    public UsersView getAll(
            @Auth UserPrincipal me,
            @QueryParam("ids") String ids,
            @QueryParam("q") String q,
            @QueryParam("limit") String limit) {
        List<Long> asked;
        if (q != null) {
            if (ids != null) {
                throw new MalformedRequestException("ids, q: give one of them");
            }
            asked = directory.find(q, Params.limit(limit));
        } else {
            asked = Params.idList(ids, "ids");
        }
        return new UsersView(users.getAll(asked).stream()
                .map(e -> UserView.of(e.getKey(), e.getValue()))
                .toList());
    }

    @GET
    @Path("/by-handle/{handle}")
    @Operation(summary = "The user holding a handle (any case), with its counts; 404 when nobody holds it")
    @ErrorStatuses({404})
    public UserView byHandle(@Auth UserPrincipal me, @PathParam("handle") String handle) {
        User user = users.byHandle(Params.handle(handle));
        return UserView.of(user, users.counts(user.id()));
    }

    @GET
    @Path("/{id}")
    @Operation(operationId = "getUser", summary = "A user with its counts")
    @ErrorStatuses({404})
    public UserView get(@Auth UserPrincipal me, @PathParam("id") String id) {
        long userId = Params.id(id, "user id");
        User user = users.get(userId);
        return UserView.of(user, users.counts(userId));
    }
}
