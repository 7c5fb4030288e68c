package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.LikeView;
import dev.widefeed.api.LikedPostView;
import dev.widefeed.api.LikerView;
import dev.widefeed.api.PageView;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.kernel.Page;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.like.LikeService;
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
import java.util.function.Function;

/**
 * Likes over HTTP. Jersey routes a request to the root resource whose path matches best and never
 * falls back to another, so these endpoints share the roots of the posts and users resources
 * (resources with equal root paths are merged): the post's likes here, the user's in {@link ByUser}.
 */
@Path("/v1/posts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "likes")
@Timed
public class LikeResource {
    private final LikeService likes;

    public LikeResource(LikeService likes) {
        this.likes = likes;
    }

    @PUT
    @Path("/{id}/like")
    @Operation(operationId = "likePost", summary = "Like a post (idempotent); answers the post's like count")
    @ErrorStatuses({404, 409})
    public LikeView like(@Auth UserPrincipal principal, @PathParam("id") String id) {
        return view(likes.like(principal.id(), Params.id(id, "post id")));
    }

    @DELETE
    @Path("/{id}/like")
    @Operation(operationId = "unlikePost", summary = "Take back a like (idempotent); answers the post's like count")
    @ErrorStatuses({404, 409})
    public LikeView unlike(@Auth UserPrincipal principal, @PathParam("id") String id) {
        return view(likes.unlike(principal.id(), Params.id(id, "post id")));
    }

    @GET
    @Path("/{id}/likes")
    @Operation(operationId = "getLikers", summary = "Who liked the post, newest first")
    public PageView<LikerView> likers(
            @Auth UserPrincipal principal,
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return view(
                likes.likers(principal.id(), Params.id(id, "post id"), cursor(cursor), Params.limit(limit)),
                LikerView::of);
    }

    private static LikeView view(LikeService.Result result) {
        return new LikeView(result.liked(), result.likes());
    }

    private static Optional<LikeCursor> cursor(String raw) {
        return raw == null ? Optional.empty() : Optional.of(Cursors.decodeLike(raw));
    }

    private static <V> PageView<V> view(Page<Like, LikeCursor> page, Function<Like, V> item) {
        return new PageView<>(
                page.items().stream().map(item).toList(),
                page.next().map(Cursors::encode).orElse(null));
    }

    @Path("/v1/users")
    @Produces(MediaType.APPLICATION_JSON)
    @Tag(name = "likes")
    @Timed
    public static final class ByUser {
        private final LikeService likes;

        public ByUser(LikeService likes) {
            this.likes = likes;
        }

        @GET
        @Path("/{id}/likes")
        @Operation(operationId = "getLikedPosts", summary = "The posts the user liked, newest first")
        public PageView<LikedPostView> likedPosts(
                @Auth UserPrincipal principal,
                @PathParam("id") String id,
                @QueryParam("limit") String limit,
                @QueryParam("cursor") String cursor) {
            return view(
                    likes.likedPosts(principal.id(), Params.id(id, "user id"), cursor(cursor), Params.limit(limit)),
                    LikedPostView::of);
        }
    }
}
