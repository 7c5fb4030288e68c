package dev.widefeed.feed.fanout;

import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.feed.timeline.FanoutKind;

/**
 * A unit of fan-out work: deliver a post to its author's followers' home timelines, or retract a
 * deleted one. Appended to the event log before the post is written (or deleted), so no post exists
 * whose delivery nobody knows about.
 */
public record FanoutTask(long postId, long authorId, FanoutKind kind) {
    public FanoutTask {
        if (postId <= 0 || authorId <= 0 || kind == null) {
            throw new IllegalArgumentException("bad fan-out task");
        }
    }

    /** The task an event log entry of a fan-out kind stands for. */
    public static FanoutTask of(LogEntry entry) {
        return new FanoutTask(entry.subjectId(), entry.actorId(), FanoutKind.ofEntryKind(entry.kind()));
    }
}
