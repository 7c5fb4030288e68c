package dev.widefeed.eventlog;

import java.util.regex.Pattern;

/**
 * One durable record of work that must follow a change: what kind of work, about what
 * ({@code subjectId}: the post, the comment, the followee) and by whom ({@code actorId}). Entries
 * carry ids only: their handler reads the truth, and must, because an entry is written before the
 * change it announces and the change may never happen (docs/ARCHITECTURE.md, "Events").
 *
 * <p>Entries live in time slots (epoch minutes) of a fixed number of shards: workers lease a shard
 * and walk its slots forward, the way a log is consumed, and a slot's entries are read with one
 * query. The same entry appended twice is one entry.
 *
 * <p>A kind may end in a tag after a dot ({@code notify-like.k3f}): the handler is the kind's before the dot
 * ({@link #handlerKind}), and the tag makes two changes of one subject by one actor within one slot two entries, where
 * the second must not be taken for the first, already worked.
 */
public record LogEntry(int shard, long slot, String kind, long subjectId, long actorId) {
    private static final Pattern KIND = Pattern.compile("[a-z][a-z0-9-]{0,39}(\\.[a-z0-9]{1,12})?");

    public LogEntry {
        if (shard < 0
                || slot < 0
                || subjectId <= 0
                || actorId <= 0
                || kind == null
                || !KIND.matcher(kind).matches()) {
            throw new IllegalArgumentException("bad log entry");
        }
    }

    /** The kind without its tag: what names the entry's handler. */
    public String handlerKind() {
        int dot = kind.indexOf('.');
        return dot < 0 ? kind : kind.substring(0, dot);
    }

    /** What identifies the entry within its slot. */
    public String key() {
        return kind + "/" + subjectId + "/" + actorId;
    }
}
