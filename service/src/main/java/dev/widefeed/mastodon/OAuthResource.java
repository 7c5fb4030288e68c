package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.account.AccountService;
import dev.widefeed.account.Password;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.mastodon.oauth.OAuthTokens;
import dev.widefeed.mastodon.oauth.Scopes;
import dev.widefeed.mastodon.oauth.Sha256;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * OAuth 2 for Mastodon apps (docs/mastodon.md, "Sign-in"): the authorization code grant with PKCE and the
 * out-of-band redirect, through a sign-in and consent page; token revocation; and the password grant, only when the
 * configuration allows it. An authorization is a session of the account service, so signing out everywhere, a
 * password change and erasure end app tokens too.
 */
@Path("/oauth")
@Hidden // the Mastodon face is described by Mastodon's own documentation, not by this service's OpenAPI
@Timed
public class OAuthResource {
    static final String OUT_OF_BAND = "urn:ietf:wg:oauth:2.0:oob";

    private final OAuthTokens tokens;
    private final AccountService accounts;
    private final boolean passwordGrant;
    private final Clock clock;

    @Context
    private HttpServletRequest http;

    public OAuthResource(OAuthTokens tokens, AccountService accounts, boolean passwordGrant, Clock clock) {
        this.tokens = tokens;
        this.accounts = accounts;
        this.passwordGrant = passwordGrant;
        this.clock = clock;
    }

    /** What an authorization request asks, checked against the app it names. */
    private record Ask(
            String clientId,
            OAuthTokens.App app,
            String redirectUri,
            Scopes scopes,
            Optional<String> state,
            Optional<String> challenge) {}

    @GET
    @Path("/authorize{slash: /?}") // toot links to it with the slash
    @Produces(MediaType.TEXT_HTML)
    public Response authorizePage(@Context UriInfo uri) {
        Fields fields = Fields.query(uri);
        return ask(fields)
                .map(ask -> page(200, AuthorizePage.form(ask.app().name(), ask.scopes(), hidden(fields), null)))
                .orElseGet(() -> page(400, AuthorizePage.refused(invalidRequestReason(fields))));
    }

    @POST
    @Path("/authorize{slash: /?}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response authorize(MultivaluedMap<String, String> form, @Context UriInfo uri) {
        Fields fields = Fields.of(form, uri.getQueryParameters());
        Optional<Ask> asked = ask(fields);
        if (asked.isEmpty()) {
            return page(400, AuthorizePage.refused(invalidRequestReason(fields)));
        }
        Ask ask = asked.get();
        if (!fields.get("decision").orElse("").equals("approve")) {
            return answer(
                    ask,
                    Map.of("error", "access_denied"),
                    "You did not allow " + ask.app().name() + ".");
        }
        AccountService.SignedIn signedIn;
        try {
            signedIn = accounts.signIn(
                    fields.get("handle").orElse(""),
                    Password.offered(fields.get("password").orElse("")),
                    http == null ? "unknown" : http.getRemoteAddr());
        } catch (DomainException e) {
            int status = e.kind() == DomainException.Kind.UNAUTHENTICATED ? 401 : 422;
            return page(status, AuthorizePage.form(ask.app().name(), ask.scopes(), hidden(fields), e.getMessage()));
        }
        String code = tokens.code(new OAuthTokens.Code(
                signedIn.userId(),
                signedIn.session().sessionId(),
                ask.clientId(),
                ask.redirectUri(),
                ask.scopes(),
                ask.challenge()));
        return answer(ask, Map.of("code", code), code);
    }

    /** The redirect back to the app, or for the out-of-band redirect a page showing {@code shown}. */
    private Response answer(Ask ask, Map<String, String> params, String shown) {
        if (ask.redirectUri().equals(OUT_OF_BAND)) {
            return page(200, AuthorizePage.outOfBand(ask.app().name(), params.containsKey("code"), shown));
        }
        UriBuilder back = UriBuilder.fromUri(ask.redirectUri());
        params.forEach(back::queryParam);
        ask.state().ifPresent(state -> back.queryParam("state", state));
        return Response.seeOther(back.build()).build();
    }

    private Optional<Ask> ask(Fields fields) {
        Optional<String> clientId = fields.get("client_id");
        Optional<OAuthTokens.App> app = clientId.flatMap(tokens::app);
        Optional<Scopes> scopes = Scopes.parse(fields.get("scope").orElse(null));
        Optional<String> redirect = fields.get("redirect_uri");
        String method = fields.get("code_challenge_method").orElse("S256");
        if (app.isEmpty()
                || scopes.isEmpty()
                || !app.get().scopes().includeAll(scopes.get())
                || redirect.isEmpty()
                || !app.get().redirectUris().contains(redirect.get())
                || !fields.get("response_type").orElse("code").equals("code")
                || !method.equals("S256")) {
            return Optional.empty();
        }
        return Optional.of(new Ask(
                clientId.get(),
                app.get(),
                redirect.get(),
                scopes.get(),
                fields.get("state"),
                fields.get("code_challenge")));
    }

    private String invalidRequestReason(Fields fields) {
        Optional<OAuthTokens.App> app = fields.get("client_id").flatMap(tokens::app);
        if (app.isEmpty()) {
            return "The app is not known here: its client_id is missing or was not issued by this server.";
        }
        if (fields.get("redirect_uri")
                .filter(app.get().redirectUris()::contains)
                .isEmpty()) {
            return "The redirect_uri is not one the app registered.";
        }
        Optional<Scopes> scopes = Scopes.parse(fields.get("scope").orElse(null));
        if (scopes.isEmpty() || !app.get().scopes().includeAll(scopes.get())) {
            return "The scopes asked for are unknown, or more than the app registered.";
        }
        return "Only response_type=code, and PKCE with code_challenge_method=S256, are supported.";
    }

    private static Map<String, String> hidden(Fields fields) {
        Map<String, String> kept = new java.util.LinkedHashMap<>();
        for (String name : new String[] {
            "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method", "response_type"
        }) {
            fields.get(name).ifPresent(value -> kept.put(name, value));
        }
        return kept;
    }

    private static Response page(int status, String html) {
        return Response.status(status)
                .type(MediaType.TEXT_HTML_TYPE.withCharset("utf-8"))
                .header("Content-Security-Policy", AuthorizePage.POLICY)
                .header("X-Frame-Options", "DENY")
                .header("Cache-Control", "no-store")
                .header("Referrer-Policy", "no-referrer")
                .entity(html)
                .build();
    }

    @POST
    @Path("/token")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.APPLICATION_JSON)
    public Response token(MultivaluedMap<String, String> form, @Context UriInfo uri) {
        return token(Fields.of(form, uri.getQueryParameters()));
    }

    @POST
    @Path("/token")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response tokenJson(Map<String, Object> json, @Context UriInfo uri) {
        return token(Fields.ofJson(json, uri.getQueryParameters()));
    }

    private Response token(Fields fields) {
        String clientId = fields.get("client_id").orElse("");
        Optional<OAuthTokens.App> app = tokens.app(clientId);
        if (app.isEmpty()
                || !tokens.secretMatches(clientId, fields.get("client_secret").orElse(null))) {
            return oauthError(401, "invalid_client", "the client_id or client_secret is wrong");
        }
        String grantType = fields.get("grant_type").orElse("");
        return switch (grantType) {
            case "authorization_code" -> codeGrant(fields, clientId);
            case "password" -> passwordGrant(fields, clientId, app.get());
            default ->
                oauthError(
                        400,
                        "unsupported_grant_type",
                        "grant_type must be authorization_code"
                                + (passwordGrant ? " or password" : " (the password grant is off on this server)"));
        };
    }

    private Response codeGrant(Fields fields, String clientId) {
        Optional<OAuthTokens.Code> found = fields.get("code").flatMap(tokens::code);
        if (found.isEmpty()) {
            return oauthError(400, "invalid_grant", "the authorization code is not valid or has expired");
        }
        OAuthTokens.Code code = found.get();
        if (!code.clientId().equals(clientId)
                || !fields.get("redirect_uri").orElse("").equals(code.redirectUri())) {
            return oauthError(400, "invalid_grant", "the authorization code was issued to another client or redirect");
        }
        if (code.challenge().isPresent()
                && !code.challenge()
                        .get()
                        .equals(fields.get("code_verifier")
                                .map(OAuthResource::s256)
                                .orElse(null))) {
            return oauthError(400, "invalid_grant", "the code_verifier does not match the code_challenge");
        }
        Instant expires;
        try {
            expires = accounts.redeem(code.userId(), code.sessionId());
        } catch (DomainException e) {
            return oauthError(400, "invalid_grant", e.getMessage());
        }
        return issued(code.userId(), code.sessionId(), clientId, code.scopes(), expires);
    }

    private Response passwordGrant(Fields fields, String clientId, OAuthTokens.App app) {
        if (!passwordGrant) {
            return oauthError(
                    400, "unsupported_grant_type", "the password grant is off on this server; use authorization_code");
        }
        Optional<Scopes> scopes = Scopes.parse(fields.get("scope").orElse(null));
        if (scopes.isEmpty() || !app.scopes().includeAll(scopes.get())) {
            return oauthError(
                    400, "invalid_scope", "the scopes asked for are unknown, or more than the app registered");
        }
        AccountService.SignedIn signedIn;
        try {
            signedIn = accounts.signIn(
                    fields.get("username").orElse(""),
                    Password.offered(fields.get("password").orElse("")),
                    http == null ? "unknown" : http.getRemoteAddr());
        } catch (DomainException e) {
            return oauthError(400, "invalid_grant", e.getMessage());
        }
        long sessionId = signedIn.session().sessionId();
        Instant expires = accounts.redeem(signedIn.userId(), sessionId);
        return issued(signedIn.userId(), sessionId, clientId, scopes.get(), expires);
    }

    private Response issued(long userId, long sessionId, String clientId, Scopes scopes, Instant expires) {
        Instant now = clock.instant();
        String token = tokens.access(new OAuthTokens.Grant(userId, sessionId, clientId, scopes, now), expires);
        return Response.ok(new Entities.Token(token, "Bearer", scopes.toString(), now.getEpochSecond()))
                .header("Cache-Control", "no-store")
                .build();
    }

    @POST
    @Path("/revoke")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.APPLICATION_JSON)
    public Response revoke(MultivaluedMap<String, String> form, @Context UriInfo uri) {
        return revoke(Fields.of(form, uri.getQueryParameters()));
    }

    @POST
    @Path("/revoke")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response revokeJson(Map<String, Object> json, @Context UriInfo uri) {
        return revoke(Fields.ofJson(json, uri.getQueryParameters()));
    }

    /** As RFC 7009 asks: an unknown or already revoked token is answered like a revoked one. */
    private Response revoke(Fields fields) {
        String clientId = fields.get("client_id").orElse("");
        if (tokens.app(clientId).isEmpty()
                || !tokens.secretMatches(clientId, fields.get("client_secret").orElse(null))) {
            return oauthError(401, "invalid_client", "the client_id or client_secret is wrong");
        }
        fields.get("token")
                .flatMap(tokens::grant)
                .filter(grant -> grant.clientId().equals(clientId))
                .ifPresent(grant -> accounts.signOut(grant.userId(), grant.sessionId()));
        return Response.ok(Map.of()).build();
    }

    private static Response oauthError(int status, String error, String description) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", "no-store")
                .entity(Map.of("error", error, "error_description", description))
                .build();
    }

    /** PKCE's S256: the URL-safe Base64 of the verifier's SHA-256, unpadded. */
    static String s256(String verifier) {
        return Sha256.base64Url(verifier);
    }
}
