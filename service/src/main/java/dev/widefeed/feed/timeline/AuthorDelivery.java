package dev.widefeed.feed.timeline;

import dev.widefeed.graph.FollowCursor;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * How one author's posts reach their followers, and the switch under way between push and pull
 * (docs/design.md, "Home timeline and fan-out"). An author is pushed until they have more followers
 * than the pull threshold; then the switch walks their followers list adding the author to every
 * follower's pulled authors ({@link Mode#PULLING}), and only when every follower pulls the author
 * does fan-out stop pushing ({@link Mode#PULLED}). Back down, fan-out pushes again first
 * ({@link Mode#PUSHING}), and the walk lowers every follower's entry to the posts that were not pushed.
 *
 * @param switchId the post id the last switch took effect at: when {@link Mode#PULLED}, no post above it
 *                 was pushed to anyone; when {@link Mode#PUSHING} or pushed after a switch down, every
 *                 post above it was, and followers pull only the posts at and below it
 * @param cursor   where the walk of the followers list goes on after (empty at its start)
 */
public record AuthorDelivery(
        long authorId, Mode mode, long switchId, Optional<FollowCursor> cursor, Instant updatedAt) {
    /** The modes of an author's delivery. */
    public enum Mode {
        /** Fan-out writes the author's posts into followers' inboxes (the state of an author never switched). */
        PUSHED,
        /** Still pushed, while the walk adds the author to every follower's pulled authors. */
        PULLING,
        /** Merged into home pages at read time; fan-out writes into no follower's inbox. */
        PULLED,
        /** Pushed again, while the walk lowers followers' entries to the posts that were not pushed. */
        PUSHING;

        public String json() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Mode ofJson(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }

        /** Whether fan-out writes the author's new posts into inboxes. */
        public boolean pushes() {
            return this != PULLED;
        }

        /** Whether a new follower must pull the author (the walk may already be past where they are listed). */
        public boolean pulledByNewFollowers() {
            return this == PULLING || this == PULLED;
        }
    }

    public AuthorDelivery {
        if (authorId <= 0 || mode == null || switchId < 0 || cursor == null || updatedAt == null) {
            throw new IllegalArgumentException("bad author delivery");
        }
    }

    /** An author never switched: pushed. */
    public static AuthorDelivery pushed(long authorId) {
        return new AuthorDelivery(authorId, Mode.PUSHED, 0, Optional.empty(), Instant.EPOCH);
    }
}
