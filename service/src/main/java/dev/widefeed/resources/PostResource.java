package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.AudienceDecisionView;
import dev.widefeed.api.AudienceView;
import dev.widefeed.api.PostRequest;
import dev.widefeed.api.PostView;
import dev.widefeed.api.PostsView;
import dev.widefeed.api.RepostPageView;
import dev.widefeed.audience.Audience;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.idempotency.IdempotentRequests;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostFingerprints;
import dev.widefeed.post.PostService;
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
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.List;
import java.util.Objects;

@Path("/v1/posts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "posts")
@Timed
public class PostResource {
    private final PostService posts;
    private final IdempotentRequests requests;

    public PostResource(PostService posts, IdempotentRequests requests) {
        this.posts = posts;
        this.requests = requests;
    }

    @POST
    @Operation(
            operationId = "createPost",
            summary =
                    "Post an original (content 1..2000 characters, audience default public). With an "
                            + "Idempotency-Key, the same key again within 24 h answers the first post (header Idempotent-Replayed) "
                            + "and creates nothing; 422 if the key came with another request, 409 while the first is still running")
    @ApiResponse(
            responseCode = "201",
            description = "The post",
            content = @Content(schema = @Schema(implementation = PostView.class)))
    @ErrorStatuses({404}) // a group the audience names that is not yours
    public Response create(
            @Auth UserPrincipal me, @NotNull PostRequest request, @HeaderParam(Idempotent.KEY) String key) {
        Audience audience = audience(request.audience());
        return created(requests.once(
                Idempotent.userScope(me.id()),
                Params.idempotencyKey(key),
                PostFingerprints.post(request.content(), audience),
                postId -> posts.create(postId, me.id(), request.content(), audience),
                postId -> posts.find(me.id(), postId)));
    }

    @POST
    @Path("/{id}/reposts")
    @Operation(
            operationId = "createRepost",
            summary = "Repost a post, with or without text; raises the source's reposts and repostsEver. "
                    + "Idempotency-Key as for a post")
    @ApiResponse(
            responseCode = "201",
            description = "The repost",
            content = @Content(schema = @Schema(implementation = PostView.class)))
    public Response repost(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            PostRequest request,
            @HeaderParam(Idempotent.KEY) String key) {
        PostRequest body = request == null ? new PostRequest(null, null) : request;
        long sourceId = Params.id(id, "post id");
        Audience audience = audience(body.audience());
        return created(requests.once(
                Idempotent.userScope(me.id()),
                Params.idempotencyKey(key),
                PostFingerprints.repost(sourceId, body.content(), audience),
                repostId -> posts.repost(repostId, me.id(), sourceId, body.content(), audience),
                repostId -> posts.find(me.id(), repostId)));
    }

    @GET
    @Path("/{id}/reposts")
    @Operation(
            operationId = "getReposts",
            summary = "Fixed page N (default 1) of the post's reposts that I may see, oldest first: a repost stays "
                    + "on the page it was written onto (about 20 a page; a deleted one leaves its page short)")
    public RepostPageView reposts(@Auth UserPrincipal me, @PathParam("id") String id, @QueryParam("page") String page) {
        return RepostPageView.of(posts.reposts(me.id(), Params.id(id, "post id"), Params.page(page)));
    }

    @GET
    @Path("/{id}")
    @Operation(operationId = "getPost", summary = "A post with its counts, likedByMe and, for a repost, its source")
    @ErrorStatuses({404})
    public PostView get(@Auth UserPrincipal me, @PathParam("id") String id) {
        return PostView.of(posts.get(me.id(), Params.id(id, "post id")));
    }

    @GET
    @Operation(operationId = "getPosts", summary = "Up to 100 posts by id, in the order asked; unknown ones left out")
    public PostsView getAll(@Auth UserPrincipal me, @QueryParam("ids") String ids) {
        return new PostsView(posts.getAll(me.id(), Params.idList(ids, "ids")).stream()
                .map(PostView::of)
                .toList());
    }

    @DELETE
    @Path("/{id}")
    @Operation(operationId = "deletePost", summary = "Delete your post; its reposts stay and show it as deleted")
    @ErrorStatuses({403, 404})
    public void delete(@Auth UserPrincipal me, @PathParam("id") String id) {
        posts.delete(me.id(), Params.id(id, "post id"));
    }

    @GET
    @Path("/{id}/audience/{userId}")
    @Operation(
            operationId = "explainAudience",
            summary = "For the post's author: whether that user can see the post, and which rule decided it")
    @ErrorStatuses({403, 404})
    public AudienceDecisionView audience(
            @Auth UserPrincipal me, @PathParam("id") String id, @PathParam("userId") String userId) {
        return AudienceDecisionView.of(posts.explain(me.id(), Params.id(id, "post id"), Params.id(userId, "user id")));
    }

    private static Response created(IdempotentRequests.Outcome<PostDetails> outcome) {
        PostView view = PostView.of(outcome.value());
        return Idempotent.created(
                UriBuilder.fromResource(PostResource.class).path(view.id()).build(), view, outcome);
    }

    private static Audience audience(AudienceView view) {
        if (view == null) {
            return null;
        }
        if (view.type() == null) {
            throw DomainException.invalid("audience.type is required");
        }
        List<String> tags = view.tags() == null ? List.of() : view.tags();
        if (tags.stream().anyMatch(Objects::isNull)) { // List.of(...).contains(null) would throw
            throw DomainException.invalid("audience.tags must be names");
        }
        return new Audience(
                Audience.Type.ofJson(view.type()),
                ids(view.users(), "audience.users"),
                tags,
                ids(view.groups(), "audience.groups"));
    }

    private static List<Long> ids(List<String> raw, String what) {
        return raw == null
                ? List.of()
                : raw.stream().map(id -> Params.id(id, what)).toList();
    }
}
