package dev.widefeed.resources;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.account.AccountService;
import dev.widefeed.auth.TokenService;
import dev.widefeed.composition.Features;
import dev.widefeed.erasure.ErasureService;
import io.dropwizard.jersey.setup.JerseyEnvironment;
import java.time.Clock;

/** The native REST API's resources over the features (docs/api.md): thin, each the face of one feature's service. */
public final class NativeResources {
    private NativeResources() {}

    public static void register(
            JerseyEnvironment jersey,
            Features features,
            AccountService accounts,
            TokenService tokens,
            ErasureService erasures,
            ObjectMapper json,
            Clock clock) {
        jersey.register(new UserResource(
                features.graph.users(),
                accounts,
                tokens,
                features.idempotent,
                erasures,
                features.directory.directory()));
        jersey.register(new ErasureResource(erasures));
        jersey.register(new SessionResource(accounts, tokens));
        jersey.register(new RelationResource(features.graph.follows(), features.audience.relationships()));
        jersey.register(new PostResource(features.posts.posts(), features.idempotent));
        jersey.register(new UserListsResource(features.audience.audiences()));
        jersey.register(new ExportResource(features.graph.users(), features.archive, json, clock));
        jersey.register(new GroupResource(features.audience.audiences()));
        jersey.register(new TimelineResource(features.posts.posts(), features.feed.home()));
        jersey.register(new FanoutResource(features.feed.fanout()));
        jersey.register(new LikeResource(features.likes.likes()));
        jersey.register(new LikeResource.ByUser(features.likes.likes()));
        jersey.register(new PostCommentsResource(
                features.comments.reader(),
                features.comments.writer(),
                features.comments.settings(),
                features.idempotent));
        jersey.register(new CommentResource(
                features.comments.reader(), features.comments.writer(), features.comments.voting()));
        jersey.register(new NotificationResource(features.notifications.notifications()));
        jersey.register(new TopicResource(features.textIndex.topics()));
        jersey.register(new TopicResource.ByUser(features.textIndex.topics()));
        jersey.register(new OpenApiResource());
    }
}
