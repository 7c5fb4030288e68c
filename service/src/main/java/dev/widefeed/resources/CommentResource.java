package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.CommentView;
import dev.widefeed.api.PageView;
import dev.widefeed.api.VotesView;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.comment.CommentDetails;
import dev.widefeed.comment.CommentReader;
import dev.widefeed.comment.CommentVoting;
import dev.widefeed.comment.CommentWriter;
import dev.widefeed.comment.FloorCursor;
import dev.widefeed.comment.store.Vote;
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

/** Comments by id: read, replies, delete, like and hate. A post's comments are in {@link PostCommentsResource}. */
@Path("/v1/comments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "comments")
@Timed
public class CommentResource {
    private final CommentReader reader;
    private final CommentWriter writer;
    private final CommentVoting voting;

    public CommentResource(CommentReader reader, CommentWriter writer, CommentVoting voting) {
        this.reader = reader;
        this.writer = writer;
        this.voting = voting;
    }

    @GET
    @Path("/{id}")
    @Operation(operationId = "getComment", summary = "A comment with its counts")
    public CommentView get(@Auth UserPrincipal me, @PathParam("id") String id) {
        return CommentView.of(reader.get(me.id(), commentId(id)));
    }

    @GET
    @Path("/{id}/replies")
    @Operation(
            operationId = "getReplies",
            summary = "Replies under a top-level comment, by floor (a reply's answers are listed under its root)")
    public PageView<CommentView> replies(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        Optional<FloorCursor> after = Optional.ofNullable(cursor).map(Cursors::decodeFloor);
        Page<CommentDetails, FloorCursor> page = reader.replies(me.id(), commentId(id), after, Params.limit(limit));
        return new PageView<>(
                page.items().stream().map(CommentView::of).toList(),
                page.next().map(Cursors::encode).orElse(null));
    }

    @DELETE
    @Path("/{id}")
    @Operation(
            operationId = "deleteComment",
            summary = "Delete a comment (its author or the post's author); its floor stays empty")
    public void delete(@Auth UserPrincipal me, @PathParam("id") String id) {
        writer.delete(me.id(), commentId(id));
    }

    @PUT
    @Path("/{id}/like")
    @Operation(operationId = "likeComment", summary = "Like a comment (idempotent; moves a hate to a like)")
    public VotesView like(@Auth UserPrincipal me, @PathParam("id") String id) {
        return VotesView.of(voting.vote(me.id(), commentId(id), Vote.LIKE));
    }

    @DELETE
    @Path("/{id}/like")
    @Operation(operationId = "unlikeComment", summary = "Take back a like (idempotent)")
    public VotesView unlike(@Auth UserPrincipal me, @PathParam("id") String id) {
        return VotesView.of(voting.unvote(me.id(), commentId(id), Vote.LIKE));
    }

    @PUT
    @Path("/{id}/hate")
    @Operation(operationId = "hateComment", summary = "Hate a comment (idempotent; moves a like to a hate)")
    public VotesView hate(@Auth UserPrincipal me, @PathParam("id") String id) {
        return VotesView.of(voting.vote(me.id(), commentId(id), Vote.HATE));
    }

    @DELETE
    @Path("/{id}/hate")
    @Operation(operationId = "unhateComment", summary = "Take back a hate (idempotent)")
    public VotesView unhate(@Auth UserPrincipal me, @PathParam("id") String id) {
        return VotesView.of(voting.unvote(me.id(), commentId(id), Vote.HATE));
    }

    private static long commentId(String raw) {
        return Params.id(raw, "comment id");
    }
}
