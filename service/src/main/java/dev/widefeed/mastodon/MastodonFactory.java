package dev.widefeed.mastodon;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.account.AccountService;
import dev.widefeed.composition.Features;
import dev.widefeed.graph.UserService;
import dev.widefeed.mastodon.oauth.OAuthTokens;
import dev.widefeed.mastodon.oauth.ScopeCheck;
import dev.widefeed.post.PostService;
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

    /**
     * Registers the face's resources and its error shape on {@code environment}; the app tokens' authentication is
     * registered with the native tokens' ({@code WidefeedApplication}), since Jersey takes one auth feature.
     */
    public void register(
            Environment environment, Features features, AccountService accounts, OAuthTokens tokens, Clock clock) {
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
        jersey.register(new OAuthResource(tokens, accounts, passwordGrant, clock));
        UserService users = features.graph.users();
        PostService posts = features.posts.posts();
        jersey.register(new AccountsResource(
                users,
                posts,
                features.graph.follows(),
                features.audience.relationships(),
                features.audience.audiences(),
                features.directory.directory()));
        jersey.register(new StatusesResource(
                posts, features.likes.likes(), features.idempotent, features.comments.reader(), users));
        jersey.register(new TimelinesResource(features.feed.home(), features.textIndex.topics(), users));
        jersey.register(new MarkersResource(features.notifications.notifications()));
        jersey.register(new SearchResource(features.directory.directory(), users, features.textIndex.topics()));
        jersey.register(new NotificationsResource(features.notifications.notifications(), posts, users));
        jersey.register(new FavouritesResource(features.likes.likes(), posts, users));
        jersey.register(new AbsentFeaturesResource());
        jersey.register(new AvatarResource());
    }

    /** This service's version, as its jar's manifest says it ({@code dev} when run from classes). */
    static String version() {
        String version = MastodonFactory.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
