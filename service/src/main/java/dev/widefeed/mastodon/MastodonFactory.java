package dev.widefeed.mastodon;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.account.AccountService;
import dev.widefeed.audience.AudienceService;
import dev.widefeed.audience.Relationships;
import dev.widefeed.comment.CommentService;
import dev.widefeed.directory.NameDirectory;
import dev.widefeed.feed.HomeTimelineService;
import dev.widefeed.graph.FollowService;
import dev.widefeed.graph.UserService;
import dev.widefeed.idempotency.IdempotentRequests;
import dev.widefeed.like.LikeService;
import dev.widefeed.mastodon.oauth.OAuthTokens;
import dev.widefeed.mastodon.oauth.ScopeCheck;
import dev.widefeed.notification.NotificationService;
import dev.widefeed.post.PostService;
import dev.widefeed.textindex.TextIndexService;
import io.dropwizard.core.setup.Environment;
import jakarta.validation.constraints.NotNull;
import java.time.Clock;

/** The {@code mastodon:} section of the configuration: the Mastodon client API face (docs/mastodon.md). */
public class MastodonFactory {
    /** Whether the face is served at all. */
    @JsonProperty
    public boolean enabled = true;

    /**
     * OAuth's password grant, which hands an app the user's password: off, as Mastodon has it off; for trusted
     * scripts on a private deployment only.
     */
    @JsonProperty
    public boolean passwordGrant = false;

    @NotNull
    @JsonProperty
    public String title = "widefeed";

    @NotNull
    @JsonProperty
    public String description = "A microblogging service on wide-column stores";

    @NotNull
    @JsonProperty
    public String contactEmail = "";

    /** The services the face translates for: the same ones the native API uses. */
    public record Backing(
            UserService users,
            PostService posts,
            LikeService likes,
            FollowService follows,
            Relationships relationships,
            HomeTimelineService home,
            IdempotentRequests idempotent,
            NotificationService notifications,
            CommentService comments,
            AudienceService audiences,
            TextIndexService topics,
            NameDirectory directory,
            AccountService accounts) {}

    /**
     * Registers the face's resources and its error shape on {@code environment}; the app tokens' authentication is
     * registered with the native tokens' ({@code WidefeedApplication}), since Jersey takes one auth feature.
     */
    public void register(Environment environment, Backing services, OAuthTokens tokens, Clock clock) {
        var jersey = environment.jersey();
        jersey.register(new ScopeCheck());
        jersey.register(new MastodonErrors());
        jersey.register(new MastodonRateLimitHeaders(clock));
        jersey.register(new MastodonExceptionMapper());
        if (!enabled) {
            return;
        }
        jersey.register(new InstanceResource(this, version()));
        jersey.register(new NodeInfoResource(title, version()));
        jersey.register(new AppsResource(tokens));
        jersey.register(new OAuthResource(tokens, services.accounts(), passwordGrant, clock));
        jersey.register(new AccountsResource(
                services.users(),
                services.posts(),
                services.follows(),
                services.relationships(),
                services.audiences(),
                services.directory()));
        jersey.register(new StatusesResource(
                services.posts(), services.likes(), services.idempotent(), services.comments(), services.users()));
        jersey.register(new TimelinesResource(services.home(), services.topics(), services.users()));
        jersey.register(new MarkersResource(services.notifications()));
        jersey.register(new SearchResource(services.directory(), services.users(), services.topics()));
        jersey.register(new NotificationsResource(services.notifications(), services.posts(), services.users()));
        jersey.register(new FavouritesResource(services.likes(), services.posts(), services.users()));
        jersey.register(new AbsentFeaturesResource());
        jersey.register(new AvatarResource());
    }

    /** This service's version, as its jar's manifest says it ({@code dev} when run from classes). */
    static String version() {
        String version = MastodonFactory.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
