package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.graph.UserService;
import dev.widefeed.mastodon.oauth.AppUser;
import dev.widefeed.mastodon.oauth.RequiresScope;
import dev.widefeed.notification.Notification;
import dev.widefeed.notification.NotificationCursor;
import dev.widefeed.notification.NotificationKind;
import dev.widefeed.notification.NotificationService;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostService;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Notifications as Mastodon lists them (docs/mastodon.md, "Notifications"): each of the service's notification groups
 * is one notification, of its newest actor. Likes are favourites, reposts reblogs; follows and mentions keep their
 * names. Comments, replies and votes on comments have no Mastodon counterpart here and are left out.
 */
@Path("/api/v1/notifications")
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class NotificationsResource {
    private static final Map<NotificationKind, String> TYPES = Map.of(
            NotificationKind.LIKE, "favourite",
            NotificationKind.REPOST, "reblog",
            NotificationKind.FOLLOW, "follow",
            NotificationKind.MENTION, "mention");

    private final NotificationService notifications;
    private final PostService posts;
    private final Accounts accounts;

    public NotificationsResource(NotificationService notifications, PostService posts, UserService users) {
        this.notifications = notifications;
        this.posts = posts;
        this.accounts = new Accounts(users);
    }

    /** A notification group's place as a Mastodon id: its window and kind, then its target. */
    static PositionIds id(NotificationCursor position) {
        return new PositionIds(position.window().getEpochSecond() * 10 + position.kindCode(), position.targetId());
    }

    static NotificationCursor cursor(PositionIds id) {
        return new NotificationCursor(Instant.ofEpochSecond(id.first() / 10), (int) (id.first() % 10), id.second());
    }

    @GET
    @RequiresScope("read:notifications")
    public Response list(@Auth AppUser me, @Context UriInfo uri) {
        Fields fields = Fields.query(uri);
        IdPaging<PositionIds> paging = IdPaging.of(fields, PositionIds::parse);
        Set<String> types = new HashSet<>(fields.all("types"));
        Set<String> excluded = new HashSet<>(fields.all("exclude_types"));
        List<Notification> page = paging.read(
                (before, limit) -> notifications
                        .page(me.id(), me.id(), before.map(NotificationsResource::cursor), limit)
                        .map(NotificationService.Shown::notification)
                        .mapNext(NotificationsResource::id),
                n -> id(n.key().position()));
        List<Notification> shown = page.stream()
                .filter(n -> TYPES.containsKey(n.key().kind()))
                .filter(n -> types.isEmpty() || types.contains(TYPES.get(n.key().kind())))
                .filter(n -> !excluded.contains(TYPES.get(n.key().kind())))
                .filter(n -> !n.newest().isEmpty())
                .toList();
        List<Entities.Notification> answer = entities(me, shown, new Presenter(uri.getBaseUri()));
        return IdPaging.answer(uri, answer, page, n -> id(n.key().position()).text());
    }

    /** One notification by its id: 404 when it is not there, not shown (cleared), or of no Mastodon type. */
    @GET
    @Path("/{id}")
    @RequiresScope("read:notifications")
    public Entities.Notification get(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        List<Notification> found = notifications.get(me.id(), me.id(), position(id)).stream()
                .map(NotificationService.Shown::notification)
                .filter(n -> TYPES.containsKey(n.key().kind()) && !n.newest().isEmpty())
                .toList();
        return entities(me, found, new Presenter(uri.getBaseUri())).stream()
                .findFirst()
                .orElseThrow(() -> new MastodonException(404, "Record not found"));
    }

    /** Dismisses one notification: its group is deleted (new activity on its target brings it back). */
    @POST
    @Path("/{id}/dismiss")
    @RequiresScope("write:notifications")
    public Map<String, Object> dismiss(@Auth AppUser me, @PathParam("id") String id) {
        notifications.dismiss(me.id(), me.id(), position(id));
        return Map.of();
    }

    /** Clears every notification there is now (the service's clear marker: one write). */
    @POST
    @Path("/clear")
    @RequiresScope("write:notifications")
    public Map<String, Object> clear(@Auth AppUser me) {
        notifications.clear(me.id(), me.id());
        return Map.of();
    }

    private static NotificationCursor position(String id) {
        return PositionIds.parse(id)
                .map(NotificationsResource::cursor)
                .orElseThrow(() -> new MastodonException(404, "Record not found"));
    }

    /** The groups as Mastodon notifications, each of its newest actor; one whose actor or post is gone left out. */
    private List<Entities.Notification> entities(AppUser me, List<Notification> shown, Presenter presenter) {
        Map<Long, Entities.Status> statuses = statuses(me, shown, presenter);
        Set<Long> actors = shown.stream()
                .map(n -> n.newest().get(0).userId())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        Map<Long, Entities.Account> actorAccounts = accounts.of(actors, presenter);
        List<Entities.Notification> answer = new ArrayList<>();
        for (Notification n : shown) {
            Entities.Account actor = actorAccounts.get(n.newest().get(0).userId());
            boolean aboutPost = n.key().kind().target() == NotificationKind.Target.POST;
            Entities.Status status = aboutPost ? statuses.get(n.key().targetId()) : null;
            if (actor == null || (aboutPost && status == null)) {
                continue; // the actor or the post is gone
            }
            answer.add(new Entities.Notification(
                    id(n.key().position()).text(),
                    TYPES.get(n.key().kind()),
                    Entities.time(n.latestAt()),
                    actor,
                    status));
        }
        return answer;
    }

    private Map<Long, Entities.Status> statuses(AppUser me, List<Notification> shown, Presenter presenter) {
        List<Long> ids = shown.stream()
                .filter(n -> n.key().kind().target() == NotificationKind.Target.POST)
                .map(n -> n.key().targetId())
                .distinct()
                .toList();
        if (ids.isEmpty()) {
            return Map.of();
        }
        List<PostDetails> found = posts.getAll(me.id(), ids);
        return accounts.statuses(found, presenter).stream()
                .collect(Collectors.toMap(s -> Long.parseLong(s.id()), Function.identity()));
    }
}
