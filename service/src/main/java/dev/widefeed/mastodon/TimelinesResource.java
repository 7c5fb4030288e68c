package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.feed.home.HomeTimelineService;
import dev.widefeed.graph.UserService;
import dev.widefeed.mastodon.oauth.AppUser;
import dev.widefeed.mastodon.oauth.RequiresScope;
import dev.widefeed.post.PostDetails;
import dev.widefeed.textindex.TextIndexService;
import dev.widefeed.topic.TopicParser;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/**
 * Timelines: the home timeline, read by the same service and at the same store cost as the native one, and a topic's.
 */
@Path("/api/v1/timelines")
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class TimelinesResource {
    private final HomeStatuses home;
    private final TextIndexService topics;
    private final Accounts accounts;

    public TimelinesResource(HomeTimelineService home, TextIndexService topics, UserService users) {
        this.home = new HomeStatuses(home, users);
        this.topics = topics;
        this.accounts = new Accounts(users);
    }

    @GET
    @Path("/home")
    @RequiresScope("read:statuses")
    public Response home(@Auth AppUser me, @Context UriInfo uri) {
        IdPaging<Long> paging = IdPaging.of(Fields.query(uri));
        return page(uri, home.page(me.id(), paging, new Presenter(uri.getBaseUri())));
    }

    /** A topic's timeline: the visible posts naming the hashtag, newest first (docs/design.md, "Mentions and topics"). */
    @GET
    @Path("/tag/{hashtag}")
    @RequiresScope("read:statuses")
    public Response tag(@Auth AppUser me, @PathParam("hashtag") String hashtag, @Context UriInfo uri) {
        String topic = TopicParser.fold(hashtag).orElseThrow(() -> new MastodonException(404, "Record not found"));
        List<PostDetails> page = IdPaging.of(Fields.query(uri))
                .read(
                        (before, limit) -> topics.topicPosts(me.id(), topic, before, limit),
                        p -> p.post().id());
        return page(uri, accounts.statuses(page, new Presenter(uri.getBaseUri())));
    }

    /** A page of statuses with its {@code Link} header. */
    static Response page(UriInfo uri, List<Entities.Status> statuses) {
        return IdPaging.answer(uri, statuses, statuses, Entities.Status::id);
    }
}
