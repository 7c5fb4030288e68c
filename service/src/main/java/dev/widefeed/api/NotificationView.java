package dev.widefeed.api;

import dev.widefeed.notification.NotificationService;
import dev.widefeed.notification.NotifiedActor;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * One notification group: {@code count} users did {@code kind} to the target ({@code targetType} post, comment or
 * user: the recipient) within the hour starting at {@code window}; {@code actors} are the newest of them.
 */
public record NotificationView(
        String kind,
        String targetType,
        String targetId,
        long count,
        List<ActorView> actors,
        Instant window,
        Instant latestAt,
        boolean unread) {

    /** A user a group names, and when they did it. */
    public record ActorView(String id, Instant at) {
        static ActorView of(NotifiedActor actor) {
            return new ActorView(Long.toString(actor.userId()), actor.at());
        }
    }

    public static NotificationView of(NotificationService.Shown shown) {
        var n = shown.notification();
        return new NotificationView(
                n.key().kind().wireName(),
                n.key().kind().target().name().toLowerCase(Locale.ROOT),
                Long.toString(n.key().targetId()),
                n.count(),
                n.newest().stream().map(ActorView::of).toList(),
                n.key().window(),
                n.latestAt(),
                shown.unread());
    }
}
