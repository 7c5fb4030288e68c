package dev.widefeed.resources;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.api.NotificationView;
import dev.widefeed.api.PageView;
import dev.widefeed.api.ReadMarkerRequest;
import dev.widefeed.api.UnreadView;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Page;
import dev.widefeed.notification.NotificationCursor;
import dev.widefeed.notification.NotificationService;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** A user's notifications. Rooted at /v1/users like the other user resources, which Jersey merges into one. */
@Path("/v1/users")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "notifications")
@Timed
public class NotificationResource {
    private final NotificationService notifications;

    public NotificationResource(NotificationService notifications) {
        this.notifications = notifications;
    }

    @GET
    @Path("/{id}/notifications")
    @Operation(
            operationId = "getNotifications",
            summary = "My notifications, grouped per kind, target and hour, newest hour first (403 for someone else's)")
    @ErrorStatuses({403})
    public PageView<NotificationView> page(
            @Auth UserPrincipal me,
            @PathParam("id") String id,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        Optional<NotificationCursor> after = Optional.ofNullable(cursor).map(Cursors::decodeNotification);
        Page<NotificationService.Shown, NotificationCursor> page =
                notifications.page(me.id(), Params.id(id, "user id"), after, Params.limit(limit));
        return new PageView<>(
                page.items().stream().map(NotificationView::of).toList(),
                page.next().map(Cursors::encode).orElse(null));
    }

    @GET
    @Path("/{id}/notifications/unread")
    @Operation(
            operationId = "getUnreadCount",
            summary = "How many of my notification groups have news since my read marker (at most 100)")
    @ErrorStatuses({403})
    public UnreadView unread(@Auth UserPrincipal me, @PathParam("id") String id) {
        return view(notifications.unread(me.id(), Params.id(id, "user id")));
    }

    @PUT
    @Path("/{id}/notifications/read")
    @Operation(summary = "Mark my notifications read up to a time; answers the unread count after it")
    public UnreadView markRead(
            @Auth UserPrincipal me, @PathParam("id") String id, @NotNull @Valid ReadMarkerRequest request) {
        Instant upTo;
        try {
            upTo = Instant.parse(request.upTo());
        } catch (DateTimeParseException e) {
            throw DomainException.invalid("upTo must be an ISO-8601 instant such as 2026-11-24T18:00:00Z");
        }
        return view(notifications.markRead(me.id(), Params.id(id, "user id"), upTo));
    }

    private static UnreadView view(NotificationService.Unread unread) {
        return new UnreadView(unread.count(), unread.capped(), unread.readUpTo().orElse(null));
    }
}
