package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.graph.UserService;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.like.LikeService;
import dev.widefeed.mastodon.oauth.AppUser;
import dev.widefeed.mastodon.oauth.RequiresScope;
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
import java.util.List;

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
        return PositionIds.of(like.likedAt(), like.postId());
    }

    @GET
    @RequiresScope("read:favourites")
    public Response list(@Auth AppUser me, @Context UriInfo uri) {
        IdPaging<PositionIds> paging = IdPaging.of(Fields.query(uri), PositionIds::parse);
        List<Like> page = paging.read(
                (before, limit) -> likes.likedPosts(
                                me.id(), me.id(), before.map(p -> new LikeCursor(p.at(), p.second())), limit)
                        .mapNext(c -> PositionIds.of(c.likedAt(), c.id())),
                FavouritesResource::id);
        // getAll answers in the order asked, leaving out what is gone or not visible: the page's order.
        List<Entities.Status> statuses = accounts.statuses(
                posts.getAll(me.id(), page.stream().map(Like::postId).toList()), new Presenter(uri.getBaseUri()));
        return IdPaging.answer(uri, statuses, page, like -> id(like).text());
    }
}
