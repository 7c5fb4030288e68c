package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.account.AccountService;
import dev.widefeed.account.Password;
import dev.widefeed.api.RefreshRequest;
import dev.widefeed.api.SessionView;
import dev.widefeed.api.SignInRequest;
import dev.widefeed.auth.TokenService;
import dev.widefeed.auth.UserPrincipal;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Sign-in, refresh-token rotation and sign-out (docs/design.md, "Accounts and sessions"). */
@Path("/v1/sessions")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "sessions")
@Timed
public class SessionResource {
    private final AccountService accounts;
    private final TokenService tokens;

    @Context
    private HttpServletRequest http;

    public SessionResource(AccountService accounts, TokenService tokens) {
        this.accounts = accounts;
        this.tokens = tokens;
    }

    @POST
    @Operation(
            summary = "Sign in by handle (any case) and password (no token needed): 201 with an access token and "
                    + "a refresh token. 401 with one message whether the handle is unknown or the password wrong; 429 with "
                    + "Retry-After after too many failures for the handle or from the address")
    @ApiResponse(
            responseCode = "201",
            description = "The session",
            content = @Content(schema = @Schema(implementation = SessionView.class)))
    @ErrorStatuses({401})
    public Response signIn(@NotNull @Valid SignInRequest request) {
        AccountService.SignedIn signedIn = accounts.signIn(
                request.handle(),
                Password.offered(request.password()),
                http == null ? "unknown" : http.getRemoteAddr());
        return Response.status(Response.Status.CREATED).entity(view(signedIn)).build();
    }

    @POST
    @Path("/refresh")
    @Operation(
            summary = "Trade the session's current refresh token for a new access token and refresh token (no "
                    + "token needed). A refresh token used a second time revokes its whole session; 401 for it, and for an "
                    + "expired, revoked or unknown one")
    @ErrorStatuses({401})
    public SessionView refresh(@NotNull @Valid RefreshRequest request) {
        return view(accounts.refresh(request.refreshToken()));
    }

    @DELETE
    @Path("/current")
    @Operation(
            summary = "Sign out of this token's session: its refresh token and access tokens stop working. A "
                    + "token of no session (an operator's) signs out everywhere, the only way to void it")
    @ApiResponse(responseCode = "204", description = "Signed out")
    public Response signOut(@Auth UserPrincipal me) {
        me.sessionId()
                .ifPresentOrElse(
                        session -> accounts.signOut(me.id(), session), () -> accounts.signOutEverywhere(me.id()));
        return Response.noContent().build();
    }

    @DELETE
    @Operation(summary = "Sign out everywhere: every session and token of mine issued so far stops working")
    @ApiResponse(responseCode = "204", description = "Signed out everywhere")
    public Response signOutEverywhere(@Auth UserPrincipal me) {
        accounts.signOutEverywhere(me.id());
        return Response.noContent().build();
    }

    private SessionView view(AccountService.SignedIn signedIn) {
        return Sessions.view(signedIn, tokens);
    }
}
