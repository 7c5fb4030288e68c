package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.PageView;
import dev.widefeed.api.PostView;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.feed.home.HomeTimelineService;
import dev.widefeed.kernel.Page;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostService;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Optional;

/** Timelines. Rooted at /v1/users like the other user resources, which Jersey merges into one. */
@Path("/v1/users")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "timelines")
@Timed
public class TimelineResource {
    private final PostService posts;
    private final HomeTimelineService home;

    public TimelineResource(PostService posts, HomeTimelineService home) {
        this.posts = posts;
        this.home = home;
    }

    @GET
    @Path("/{id}/posts")
    @Operation(
            operationId = "getUserPosts",
            summary = "The user's originals and reposts, newest first; since=<post id>: only newer ones")
    public PageView<PostView> posts(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor,
            @QueryParam("since") String since) {
        Optional<Long> before = Optional.ofNullable(cursor).map(Cursors::decodePost);
        return view(
                posts.byAuthor(me.id(), Params.id(id, "user id"), before, Params.since(since), Params.limit(limit)));
    }

    @GET
    @Path("/{id}/home")
    @Operation(
            operationId = "getHome",
            summary = "My home timeline: my posts and those of everyone I follow, newest first (403 for someone "
                    + "else's); since=<post id>: only newer ones")
    @ErrorStatuses({403})
    public PageView<PostView> home(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor,
            @QueryParam("since") String since) {
        Optional<Long> before = Optional.ofNullable(cursor).map(Cursors::decodePost);
        return view(home.home(me.id(), Params.id(id, "user id"), before, Params.since(since), Params.limit(limit)));
    }

    private static PageView<PostView> view(Page<PostDetails, Long> page) {
        return new PageView<>(
                page.items().stream().map(PostView::of).toList(),
                page.next().map(Cursors::encodePost).orElse(null));
    }
}
