package dev.widefeed.notification;

import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.FollowEvent;
import dev.widefeed.graph.RelationStore;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Follows, counted by minute: a follow tells the followed user; their followers list counts a minute. */
final class TalliedFollows implements TalliedSource {
    private final RelationStore relations;

    TalliedFollows(RelationStore relations) {
        this.relations = relations;
    }

    @Override
    public String family() {
        return NotificationSources.FOLLOW;
    }

    @Override
    public Set<NotificationKind> kinds() {
        return Set.of(NotificationKind.FOLLOW);
    }

    /** A follow's entries are about the followee (the subject), by the follower (the actor). */
    @Override
    public Optional<TalliedGroups.Known> carried(Object event) {
        return event instanceof FollowEvent.Followed followed
                ? Optional.of(TalliedGroups.Known.began(followed.followeeId(), followed.followerId(), followed.at()))
                : Optional.empty();
    }

    @Override
    public TalliedGroups.Known truth(long followeeId, long followerId) {
        FollowEdge e = relations.edge(followerId, followeeId);
        return TalliedGroups.Known.ofVersion(followeeId, followerId, e.following(), e.since(), e.version());
    }

    /** The followed user is told, and a follower counts once. */
    @Override
    public Optional<Placed> place(TalliedGroups.Known follow) {
        return Optional.of(
                new Placed(follow.subjectId(), NotificationKind.FOLLOW, follow.subjectId(), follow.actorId()));
    }

    @Override
    public Map<Long, Listed> listed(NotificationKind kind, long followeeId, Instant from, Instant to) {
        Map<Long, Listed> in = new HashMap<>();
        TalliedSource.between(
                        from,
                        to,
                        new FollowCursor(to, 0),
                        (after, size) -> relations.followers(followeeId, Optional.of(after), size),
                        Follow::since,
                        FollowCursor::after)
                .forEach(f -> in.put(f.userId(), new Listed(followeeId, f.userId(), f.since())));
        return in;
    }
}
