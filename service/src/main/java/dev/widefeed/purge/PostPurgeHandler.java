package dev.widefeed.purge;

import dev.widefeed.eventlog.DueWork;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.eventlog.LogHandler;
import dev.widefeed.post.PostStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The event log's handler of {@code purge-post}, recorded before a post is deleted (docs/design.md, "Deleted posts"):
 * once the delete must have landed and every request that found the post before it has ended, what the post leaves
 * behind is purged ({@link PostPurge}), a step per page of the job's turn. A post still there then was not deleted
 * (its request failed): the entry ends with nothing done.
 */
public final class PostPurgeHandler implements LogHandler {
    public static final String KIND = "purge-post";
    /** How long after its minute an entry waits: far past the lifetime of any request that read the post. */
    static final Duration WAIT = Duration.ofMinutes(2);

    private final PostStore posts;
    private final PostPurge purge;
    private final Clock clock;

    public PostPurgeHandler(PostStore posts, PostPurge purge, Clock clock) {
        this.posts = posts;
        this.purge = purge;
        this.clock = clock;
    }

    public Map<String, LogHandler> byKind() {
        return Map.of(KIND, this);
    }

    @Override
    public Work open(LogEntry entry) {
        return new Purge(
                entry.subjectId(),
                EventLog.startOf(entry.slot()).plusSeconds(60).plus(WAIT),
                null);
    }

    /** {@code at} null until the first turn has checked that the post is gone. */
    private final class Purge extends DueWork {
        private final long postId;
        private final PostPurge.Progress at;

        Purge(long postId, Instant due, PostPurge.Progress at) {
            super(due, at != null && at.done());
            this.postId = postId;
            this.at = at;
        }

        @Override
        public Turn turn(int pages, BooleanSupplier keepGoing) {
            if (waitsAt(clock.instant())) {
                return new Turn.NotReady();
            }
            PostPurge.Progress now = at;
            if (now == null) {
                now = posts.find(postId).isPresent()
                        ? new PostPurge.Progress(PostPurge.Phase.DONE, 0)
                        : PostPurge.Progress.START;
            }
            for (int i = 0; i < pages && !now.done() && keepGoing.getAsBoolean(); i++) {
                now = purge.step(postId, now);
            }
            return new Turn.Worked(new Purge(postId, dueSince(), now));
        }
    }
}
