package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.MentionedInView;
import dev.widefeed.api.PageView;
import dev.widefeed.api.PostView;
import dev.widefeed.api.TrendingView;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.errors.MalformedRequestException;
import dev.widefeed.kernel.Page;
import dev.widefeed.post.PostDetails;
import dev.widefeed.textindex.TextIndexService;
import dev.widefeed.textindex.TrendingWindow;
import dev.widefeed.topic.TopicParser;
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

/** Topic timelines and trending topics; the mentions timeline in {@link ByUser}, under /v1/users. */
@Path("/v1/topics")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "topics")
@Timed
public class TopicResource {
    private final TextIndexService index;

    public TopicResource(TextIndexService index) {
        this.index = index;
    }

    @GET
    @Path("/trending")
    @Operation(
            operationId = "getTrending",
            summary = "The topics most posts named in the last hour (window=1h, the default) or day (24h)")
    public TrendingView trending(@Auth UserPrincipal me, @QueryParam("window") String window) {
        TrendingWindow w = window == null
                ? TrendingWindow.HOUR
                : TrendingWindow.ofWire(window).orElseThrow(() -> new MalformedRequestException("window is 1h or 24h"));
        return TrendingView.of(index.trending(w));
    }

    @GET
    @Path("/{topic}/posts")
    @Operation(
            operationId = "getTopicPosts",
            summary = "The posts naming #topic (any case) that I may see, newest first; since=<post id>: only "
                    + "newer ones; 400 not a topic")
    public PageView<PostView> posts(
            @Auth UserPrincipal me,
            @PathParam("topic") String topic,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor,
            @QueryParam("since") String since) {
        String folded = TopicParser.fold(topic.startsWith("#") ? topic.substring(1) : topic)
                .orElseThrow(() -> new MalformedRequestException(
                        "not a topic: 1..50 letters, digits or _, " + "at least one letter"));
        Optional<Long> before = Optional.ofNullable(cursor).map(Cursors::decodePost);
        return view(index.topicPosts(me.id(), folded, before, Params.since(since), Params.limit(limit)));
    }

    private static PageView<PostView> view(Page<PostDetails, Long> page) {
        return new PageView<>(
                page.items().stream().map(PostView::of).toList(),
                page.next().map(Cursors::encodePost).orElse(null));
    }

    @Path("/v1/users")
    @Produces(MediaType.APPLICATION_JSON)
    @Tag(name = "topics")
    @Timed
    public static final class ByUser {
        private final TextIndexService index;

        public ByUser(TextIndexService index) {
            this.index = index;
        }

        @GET
        @Path("/{id}/mentions")
        @Operation(
                operationId = "getMentions",
                summary = "The posts and comments that mention me, newest first (403 for someone else's); "
                        + "since=<post or comment id>: only newer ones")
        @ErrorStatuses({403})
        public PageView<MentionedInView> mentions(
                @Auth UserPrincipal me,
                @PathParam("id") String id,
                @QueryParam("limit") String limit,
                @QueryParam("cursor") String cursor,
                @QueryParam("since") String since) {
            Optional<Long> before = Optional.ofNullable(cursor).map(Cursors::decodePost);
            Page<TextIndexService.Mentioned, Long> page =
                    index.mentions(me.id(), Params.id(id, "user id"), before, Params.since(since), Params.limit(limit));
            return new PageView<>(
                    page.items().stream().map(MentionedInView::of).toList(),
                    page.next().map(Cursors::encodePost).orElse(null));
        }
    }
}
