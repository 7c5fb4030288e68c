package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.graph.UserService;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.like.LikeService;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostService;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The signed-in user's favourites: the posts they liked, newest like first, as the native "posts I liked". */
@Path("/api/v1/favourites")
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class FavouritesResource {
    private final LikeService likes;
    private final PostService posts;
    private final Accounts accounts;

    public FavouritesResource(LikeService likes, PostService posts, UserService users) {
        this.likes = likes;
        this.posts = posts;
        this.accounts = new Accounts(users);
    }

    /** A like's place as a Mastodon id: when, then which post. */
    static PositionIds id(Like like) {
        return new PositionIds(like.likedAt().toEpochMilli(), like.postId());
    }

    @GET
    @RequiresScope("read:favourites")
    public Response list(@Auth AppUser me, @Context UriInfo uri) {
        IdPaging<PositionIds> paging = IdPaging.of(Fields.of(null, uri.getQueryParameters()), PositionIds::parse);
        List<Like> page = paging.read(
                (before, limit) -> likes.likedPosts(
                                me.id(),
                                me.id(),
                                before.map(p -> new LikeCursor(Instant.ofEpochMilli(p.first()), p.second())),
                                limit)
                        .mapNext(c -> new PositionIds(c.likedAt().toEpochMilli(), c.id())),
                FavouritesResource::id);
        List<PostDetails> found =
                posts.getAll(me.id(), page.stream().map(Like::postId).toList());
        Map<String, Entities.Status> byId = accounts.statuses(found, new Presenter(uri.getBaseUri())).stream()
                .collect(Collectors.toMap(Entities.Status::id, Function.identity()));
        List<Entities.Status> statuses = page.stream()
                .map(like -> byId.get(Long.toString(like.postId())))
                .filter(s -> s != null)
                .toList();
        Response.ResponseBuilder response = Response.ok(statuses);
        IdPaging.link(uri, statuses, page, like -> id(like).text()).ifPresent(link -> response.header("Link", link));
        return response.build();
    }
}
