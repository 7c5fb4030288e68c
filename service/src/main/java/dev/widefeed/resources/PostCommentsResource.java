package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.CommentPageView;
import dev.widefeed.api.CommentRequest;
import dev.widefeed.api.CommentView;
import dev.widefeed.api.PinRequest;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.comment.CommentDetails;
import dev.widefeed.comment.CommentReader;
import dev.widefeed.comment.CommentSettings;
import dev.widefeed.comment.CommentWriter;
import dev.widefeed.comment.store.HotCursor;
import dev.widefeed.errors.MalformedRequestException;
import dev.widefeed.idempotency.Fingerprint;
import dev.widefeed.idempotency.IdempotentRequests;
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
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.Optional;

/**
 * A post's comments. Its own root path (not a method of {@link CommentResource}): JAX-RS picks the
 * root class with the longest literal path first, so {@code /v1/posts/{id}/comments} must be a class
 * path to win over {@code /v1/posts}.
 */
@Path("/v1/posts/{id}/comments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "comments")
@Timed
public class PostCommentsResource {
    private final CommentReader reader;
    private final CommentWriter writer;
    private final CommentSettings settings;
    private final IdempotentRequests requests;

    public PostCommentsResource(
            CommentReader reader, CommentWriter writer, CommentSettings settings, IdempotentRequests requests) {
        this.reader = reader;
        this.writer = writer;
        this.settings = settings;
        this.requests = requests;
    }

    @POST
    @Operation(
            operationId = "createComment",
            summary = "Comment on a post, or reply to one of its comments (replyTo); content 1..2000 characters. "
                    + "Idempotency-Key as for a post")
    @ApiResponse(
            responseCode = "201",
            description = "The comment",
            content = @Content(schema = @Schema(implementation = CommentView.class)))
    @ErrorStatuses({404})
    public Response create(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            @NotNull CommentRequest request,
            @HeaderParam(Idempotent.KEY) String key) {
        Optional<Long> replyTo = Optional.ofNullable(request.replyTo()).map(raw -> Params.id(raw, "replyTo"));
        long postId = Params.id(id, "post id");
        IdempotentRequests.Outcome<CommentDetails> outcome = requests.once(
                Idempotent.userScope(me.id()),
                Params.idempotencyKey(key),
                Fingerprint.of("POST /v1/posts/" + postId + "/comments", request.content(), request.replyTo()),
                commentId -> writer.create(commentId, me.id(), postId, request.content(), replyTo),
                commentId -> reader.find(me.id(), commentId));
        CommentView comment = CommentView.of(outcome.value());
        return Idempotent.created(
                UriBuilder.fromResource(CommentResource.class)
                        .path(comment.id())
                        .build(),
                comment,
                outcome);
    }

    @GET
    @Operation(
            operationId = "getComments",
            summary = "The post's top-level comments. By floor (sort=floor, the default): fixed page N (default 1), "
                    + "floors (N-1)*20+1 .. N*20, oldest first; a deleted comment leaves its page short, or stays as a "
                    + "placeholder while it has live replies. sort=hot: those with more likes than hates, the most first "
                    + "(ties oldest first), paged by cursor and limit; page does not apply (400)")
    @ErrorStatuses({404})
    public CommentPageView page(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            @QueryParam("page") String page,
            @QueryParam("sort") String sort,
            @QueryParam("cursor") String cursor,
            @QueryParam("limit") String limit) {
        long postId = Params.id(id, "post id");
        if (sort == null || sort.equals("floor")) {
            if (cursor != null || limit != null) {
                throw new MalformedRequestException("cursor and limit page sort=hot; floor pages are numbered");
            }
            return CommentPageView.of(reader.page(me.id(), postId, Params.page(page)));
        }
        if (!sort.equals("hot")) {
            throw new MalformedRequestException("sort is floor or hot");
        }
        if (page != null) {
            throw new MalformedRequestException("page does not apply to sort=hot: it pages by cursor");
        }
        Optional<HotCursor> after = Optional.ofNullable(cursor).map(Cursors::decodeHot);
        return CommentPageView.of(reader.hot(me.id(), postId, after, Params.limit(limit)), Cursors::encode);
    }

    @PUT
    @Path("/closed")
    @Operation(
            operationId = "closeComments",
            summary = "Close the post's comments: new comments and replies are refused (403), existing ones stay "
                    + "(the post's author only, 403 otherwise); idempotent")
    @ErrorStatuses({403, 404})
    public void close(@Auth UserPrincipal me, @PathParam("id") String id) {
        settings.close(me.id(), Params.id(id, "post id"), true);
    }

    @DELETE
    @Path("/closed")
    @Operation(
            operationId = "openComments",
            summary = "Open the post's comments again (the post's author only); idempotent")
    public void open(@Auth UserPrincipal me, @PathParam("id") String id) {
        settings.close(me.id(), Params.id(id, "post id"), false);
    }

    @PUT
    @Path("/pinned")
    @Operation(
            operationId = "pinComment",
            summary = "Pin one top-level comment above the first page, in place of any pinned before (the post's "
                    + "author only); 404 unknown or deleted comment, 422 a reply or another post's comment")
    public CommentView pin(@Auth UserPrincipal me, @PathParam("id") String id, @NotNull PinRequest request) {
        long commentId = Params.id(request.commentId(), "commentId");
        return settings.pin(me.id(), Params.id(id, "post id"), commentId)
                .map(CommentView::of)
                .orElseThrow();
    }

    @DELETE
    @Path("/pinned")
    @Operation(operationId = "unpinComment", summary = "Unpin the pinned comment (the post's author only); idempotent")
    public void unpin(@Auth UserPrincipal me, @PathParam("id") String id) {
        settings.pin(me.id(), Params.id(id, "post id"), 0);
    }
}
