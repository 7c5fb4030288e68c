package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.PageView;
import dev.widefeed.api.TagsView;
import dev.widefeed.api.UserIdView;
import dev.widefeed.audience.AudienceService;
import dev.widefeed.audience.Mark;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.kernel.Page;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Optional;

/**
 * My private lists about other users (docs/design.md, Audiences): tags, hidden ("don't see theirs"), blocked
 * ("don't let them see mine").
 */
@Path("/v1/users")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "audiences")
@Timed
public class UserListsResource {
    private final AudienceService audiences;

    public UserListsResource(AudienceService audiences) {
        this.audiences = audiences;
    }

    @PUT
    @Path("/{id}/tags/{tag}/members/{userId}")
    @Operation(summary = "Put a user under one of my private tags (idempotent); 422 over 100 tags or 1000 members")
    public void tag(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            @PathParam("tag") String tag,
            @PathParam("userId") String userId) {
        audiences.tag(me.id(), Params.me(me, id), tag, Params.id(userId, "user id"));
    }

    @DELETE
    @Path("/{id}/tags/{tag}/members/{userId}")
    @Operation(summary = "Take a user from one of my tags (idempotent); applies to posts already written")
    public void untag(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            @PathParam("tag") String tag,
            @PathParam("userId") String userId) {
        audiences.untag(me.id(), Params.me(me, id), tag, Params.id(userId, "user id"));
    }

    @GET
    @Path("/{id}/tags")
    @Operation(operationId = "getTags", summary = "My tags and their members (private: only to me)")
    public TagsView tags(@Auth UserPrincipal me, @PathParam("id") String id) {
        return TagsView.of(audiences.tags(me.id(), Params.me(me, id)));
    }

    @PUT
    @Path("/{id}/hidden/{userId}")
    @Operation(summary = "Don't see their posts: they leave my home timeline (idempotent)")
    public void hide(@Auth UserPrincipal me, @PathParam("id") String id, @PathParam("userId") String userId) {
        audiences.hide(me.id(), Params.me(me, id), Params.id(userId, "user id"));
    }

    @DELETE
    @Path("/{id}/hidden/{userId}")
    @Operation(summary = "See their posts in my home timeline again (idempotent)")
    public void unhide(@Auth UserPrincipal me, @PathParam("id") String id, @PathParam("userId") String userId) {
        audiences.unhide(me.id(), Params.me(me, id), Params.id(userId, "user id"));
    }

    @GET
    @Path("/{id}/hidden")
    @Operation(operationId = "getHidden", summary = "The users I hid, by id (private: only to me)")
    public PageView<UserIdView> hidden(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return view(audiences.marked(me.id(), Params.me(me, id), Mark.HIDDEN, after(cursor), Params.limit(limit)));
    }

    @PUT
    @Path("/{id}/blocked/{userId}")
    @Operation(summary = "Don't let them see my posts: every post of mine is 404 to them, older ones too (idempotent)")
    public void block(@Auth UserPrincipal me, @PathParam("id") String id, @PathParam("userId") String userId) {
        audiences.block(me.id(), Params.me(me, id), Params.id(userId, "user id"));
    }

    @DELETE
    @Path("/{id}/blocked/{userId}")
    @Operation(summary = "Let them see my posts again, as their audiences allow (idempotent)")
    public void unblock(@Auth UserPrincipal me, @PathParam("id") String id, @PathParam("userId") String userId) {
        audiences.unblock(me.id(), Params.me(me, id), Params.id(userId, "user id"));
    }

    @GET
    @Path("/{id}/blocked")
    @Operation(operationId = "getBlocked", summary = "The users I blocked, by id (private: only to me)")
    public PageView<UserIdView> blocked(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return view(audiences.marked(me.id(), Params.me(me, id), Mark.BLOCKED, after(cursor), Params.limit(limit)));
    }

    /** These lists are ordered by user id, so the cursor is the last id shown. */
    static Optional<Long> after(String cursor) {
        return cursor == null ? Optional.empty() : Optional.of(Params.id(cursor, "cursor"));
    }

    static PageView<UserIdView> view(Page<Long, Long> page) {
        return new PageView<>(
                page.items().stream().map(UserIdView::of).toList(),
                page.next().map(String::valueOf).orElse(null));
    }
}
