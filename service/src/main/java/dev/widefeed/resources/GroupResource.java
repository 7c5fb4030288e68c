package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.GroupRequest;
import dev.widefeed.api.GroupView;
import dev.widefeed.api.PageView;
import dev.widefeed.api.UserIdView;
import dev.widefeed.audience.AudienceService;
import dev.widefeed.auth.UserPrincipal;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
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
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;

/** Groups (docs/design.md, Audiences): named sets of users an author can show a post to, or keep it from. */
@Path("/v1/groups")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "audiences")
@Timed
public class GroupResource {
    private final AudienceService audiences;

    public GroupResource(AudienceService audiences) {
        this.audiences = audiences;
    }

    @POST
    @Operation(
            operationId = "createGroup",
            summary = "Create a group (name 1..30 characters); I own it and am its first member")
    @ApiResponse(
            responseCode = "201",
            description = "The group",
            content = @Content(schema = @Schema(implementation = GroupView.class)))
    public Response create(@Auth UserPrincipal me, @NotNull GroupRequest request) {
        GroupView group = GroupView.of(audiences.createGroup(me.id(), request.name()));
        return Response.created(UriBuilder.fromResource(GroupResource.class)
                        .path(group.id())
                        .path("members")
                        .build())
                .entity(group)
                .build();
    }

    @PUT
    @Path("/{gid}/members/{userId}")
    @Operation(
            operationId = "addGroupMember",
            summary = "Add a member (the group's owner; idempotent); 422 over 500 members")
    public void add(@Auth UserPrincipal me, @PathParam("gid") String gid, @PathParam("userId") String userId) {
        audiences.addMember(me.id(), Params.id(gid, "group id"), Params.id(userId, "user id"));
    }

    @DELETE
    @Path("/{gid}/members/{userId}")
    @Operation(
            operationId = "removeGroupMember",
            summary = "Remove a member (the group's owner; idempotent); applies to posts already written")
    public void remove(@Auth UserPrincipal me, @PathParam("gid") String gid, @PathParam("userId") String userId) {
        audiences.removeMember(me.id(), Params.id(gid, "group id"), Params.id(userId, "user id"));
    }

    @GET
    @Path("/{gid}/members")
    @Operation(
            operationId = "getGroupMembers",
            summary = "The owner and members by id; only to them (404 to anyone else)")
    public PageView<UserIdView> members(
            @Auth UserPrincipal me,
            @PathParam("gid") String gid,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return UserListsResource.view(audiences.members(
                me.id(), Params.id(gid, "group id"), UserListsResource.after(cursor), Params.limit(limit)));
    }
}
