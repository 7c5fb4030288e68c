package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.mastodon.oauth.AppUser;
import dev.widefeed.mastodon.oauth.RequiresScope;
import dev.widefeed.notification.NotificationCursor;
import dev.widefeed.notification.NotificationService;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Markers: where the user read their notifications down to, the service's read marker (docs/design.md,
 * "Notifications"). The home timeline has no read marker in the service: its marker is never answered, and setting it
 * changes nothing (docs/mastodon.md).
 */
@Path("/api/v1/markers")
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class MarkersResource {
    private static final String NOTIFICATIONS = "notifications";

    private final NotificationService notifications;

    public MarkersResource(NotificationService notifications) {
        this.notifications = notifications;
    }

    @GET
    @RequiresScope("read:statuses")
    public Map<String, Entities.Marker> get(@Auth AppUser me) {
        return notifications
                .readUpTo(me.id(), me.id())
                .map(at -> Map.of(NOTIFICATIONS, marker(at)))
                .orElse(Map.of());
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @RequiresScope("write:statuses")
    public Map<String, Entities.Marker> set(@Auth AppUser me, MultivaluedMap<String, String> form) {
        return set(me, Optional.ofNullable(form.getFirst(NOTIFICATIONS + "[last_read_id]")));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope("write:statuses")
    public Map<String, Entities.Marker> setJson(@Auth AppUser me, Map<String, Object> json) {
        Object marker = json == null ? null : json.get(NOTIFICATIONS);
        return set(
                me,
                marker instanceof Map<?, ?> fields
                        ? Optional.ofNullable(fields.get("last_read_id")).map(String::valueOf)
                        : Optional.empty());
    }

    private Map<String, Entities.Marker> set(AppUser me, Optional<String> lastReadId) {
        if (lastReadId.isPresent()) {
            NotificationCursor through = PositionIds.parse(lastReadId.get().strip())
                    .map(NotificationsResource::cursor)
                    .orElseThrow(() -> new MastodonException(422, "last_read_id is not a notification's id"));
            notifications.markReadThrough(me.id(), me.id(), through);
        }
        return get(me);
    }

    /** The read marker as a marker: its id is a place among the notifications' ids (their window, then kind 9). */
    private static Entities.Marker marker(Instant readUpTo) {
        NotificationCursor at = new NotificationCursor(readUpTo, 9, 0);
        return new Entities.Marker(
                NotificationsResource.id(at).text(), readUpTo.toEpochMilli(), Entities.time(readUpTo));
    }
}
