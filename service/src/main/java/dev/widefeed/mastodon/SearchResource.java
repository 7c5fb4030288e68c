package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.directory.NameDirectory;
import dev.widefeed.graph.UserService;
import dev.widefeed.mastodon.oauth.AppUser;
import dev.widefeed.mastodon.oauth.RequiresScope;
import dev.widefeed.textindex.TextIndexService;
import dev.widefeed.topic.TopicParser;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Search: accounts by the beginning of a handle or of a word of a name, and the hashtag a query names when it has
 * posts the viewer may see. Statuses are not searched: the service keeps no index of posts' words (docs/mastodon.md).
 */
@Path("/api/v2/search")
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class SearchResource {
    private static final Set<String> TYPES = Set.of("accounts", "hashtags", "statuses");

    private final AccountSearch accounts;
    private final TextIndexService topics;

    public SearchResource(NameDirectory directory, UserService users, TextIndexService topics) {
        this.accounts = new AccountSearch(directory, new Accounts(users));
        this.topics = topics;
    }

    @GET
    @RequiresScope("read:search")
    public Entities.Search search(@Auth AppUser me, @Context UriInfo uri) {
        Fields fields = Fields.query(uri);
        String q = AccountSearch.query(fields);
        Optional<String> type = fields.get("type");
        if (type.isPresent() && !TYPES.contains(type.get())) {
            throw new MastodonException(400, "type must be accounts, hashtags or statuses");
        }
        int limit = fields.clamped("limit", 20, 1, NameDirectory.MAX_LIMIT);
        int offset = fields.clamped("offset", 0, 0, Integer.MAX_VALUE);
        Presenter presenter = new Presenter(uri.getBaseUri());
        boolean hashtagOnly = q.strip().startsWith("#");
        List<Entities.Account> found =
                wants(type, "accounts") && !hashtagOnly ? accounts.find(q, limit, offset, presenter) : List.of();
        List<Entities.Tag> hashtags = wants(type, "hashtags") && offset == 0
                ? hashtag(me.id(), q).map(presenter::tag).stream().toList()
                : List.of();
        return new Entities.Search(found, List.of(), hashtags);
    }

    private static boolean wants(Optional<String> type, String kind) {
        return type.isEmpty() || type.get().equals(kind);
    }

    /** The topic the query names, if any post the viewer may see names it: one bounded read of its newest. */
    private Optional<String> hashtag(long viewer, String q) {
        String typed = q.strip();
        return TopicParser.fold(typed.startsWith("#") ? typed.substring(1) : typed)
                .filter(topic -> !topics.topicPosts(viewer, topic, Optional.empty(), 1)
                        .items()
                        .isEmpty());
    }
}
