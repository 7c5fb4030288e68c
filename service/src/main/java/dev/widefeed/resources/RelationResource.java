package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.BatchFollowRequest;
import dev.widefeed.api.BatchFollowView;
import dev.widefeed.api.FollowView;
import dev.widefeed.api.PageView;
import dev.widefeed.api.RelationshipView;
import dev.widefeed.api.RelationshipsView;
import dev.widefeed.audience.Relationships;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.FollowService;
import dev.widefeed.graph.Relationship;
import dev.widefeed.kernel.Page;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Optional;

@Path("/v1/users")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "relations")
@Timed
public class RelationResource {
    private final FollowService follows;
    private final Relationships relationships;

    public RelationResource(FollowService follows, Relationships relationships) {
        this.follows = follows;
        this.relationships = relationships;
    }

    @PUT
    @Path("/{id}/following/{target}")
    @Operation(summary = "Follow a user (idempotent); 404 unknown target, 422 yourself")
    @ErrorStatuses({403, 404, 409, 422})
    public void follow(@Auth UserPrincipal principal, @PathParam("id") String id, @PathParam("target") String target) {
        follows.follow(Params.me(principal, id), Params.id(target, "target"));
    }

    @DELETE
    @Path("/{id}/following/{target}")
    @Operation(summary = "Unfollow a user (idempotent)")
    @ErrorStatuses({403, 404, 409})
    public void unfollow(
            @Auth UserPrincipal principal, @PathParam("id") String id, @PathParam("target") String target) {
        follows.unfollow(Params.me(principal, id), Params.id(target, "target"));
    }

    @POST
    @Path("/{id}/following")
    @Operation(summary = "Follow up to 1000 users in one request; answers how many are newly followed")
    @ErrorStatuses({403, 404})
    public BatchFollowView followAll(
            @Auth UserPrincipal principal, @PathParam("id") String id, @NotNull @Valid BatchFollowRequest request) {
        long me = Params.me(principal, id);
        List<Long> targets =
                request.ids().stream().map(t -> Params.id(t, "ids")).toList();
        return new BatchFollowView(follows.followAll(me, targets));
    }

    @GET
    @Path("/{id}/following")
    @Operation(operationId = "getFollowing", summary = "Whom the user follows, newest first")
    public PageView<FollowView> following(
            @Auth UserPrincipal principal,
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return view(follows.following(Params.id(id, "user id"), cursor(cursor), Params.limit(limit)));
    }

    @GET
    @Path("/{id}/followers")
    @Operation(operationId = "getFollowers", summary = "Who follows the user, newest first")
    public PageView<FollowView> followers(
            @Auth UserPrincipal principal,
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return view(follows.followers(Params.id(id, "user id"), cursor(cursor), Params.limit(limit)));
    }

    @GET
    @Path("/{id}/relationships")
    @Operation(
            operationId = "getRelationships",
            summary = "Where I stand with up to 100 users (ids=a,b,c), in the order asked, unknown ones left out: "
                    + "following, followedBy, blocked, hidden (403 for someone else's)")
    public RelationshipsView relationships(
            @Auth UserPrincipal principal, @PathParam("id") String id, @QueryParam("ids") String ids) {
        return new RelationshipsView(
                relationships.of(principal.id(), Params.id(id, "user id"), Params.idList(ids, "ids")).stream()
                        .map(RelationshipsView.Item::of)
                        .toList());
    }

    @GET
    @Path("/{id}/relationship/{other}")
    @Operation(
            operationId = "getRelationship",
            summary = "Whether the user follows the other, and whether the other follows the user")
    public RelationshipView relationship(
            @Auth UserPrincipal principal, @PathParam("id") String id, @PathParam("other") String other) {
        Relationship r = follows.relationship(Params.id(id, "user id"), Params.id(other, "other user id"));
        return new RelationshipView(r.following(), r.followedBy());
    }

    private static Optional<FollowCursor> cursor(String raw) {
        return raw == null ? Optional.empty() : Optional.of(Cursors.decodeFollow(raw));
    }

    private static PageView<FollowView> view(Page<Follow, FollowCursor> page) {
        return new PageView<>(
                page.items().stream().map(FollowView::of).toList(),
                page.next().map(Cursors::encode).orElse(null));
    }
}
