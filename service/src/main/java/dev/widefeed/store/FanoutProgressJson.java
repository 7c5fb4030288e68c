package dev.widefeed.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.kernel.PermanentStoreException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * How both backends store a fan-out checkpoint: one small JSON document in one cell, rewritten
 * whole after each page, readable as it is by a data engineer. Times are epoch milliseconds,
 * durations seconds.
 */
public final class FanoutProgressJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code pulled} is absent from checkpoints written before per-edge pulls were counted: 0. */
    private record StoredTier(
            String name,
            long activeWithinSeconds,
            long deadlineSeconds,
            long pushed,
            Long startedAt,
            Long finishedAt,
            long candidates,
            long pulled) {}

    private record Stored(
            long postId,
            String kind,
            String mode,
            long followers,
            List<StoredTier> tiers,
            int pass,
            Long cursorSince,
            Long cursorUser,
            long skippedInactive,
            long createdAt,
            long updatedAt,
            Long finishedAt,
            String endedBecause) {}

    private FanoutProgressJson() {}

    public static String write(FanoutProgress p) {
        try {
            return JSON.writeValueAsString(new Stored(
                    p.postId(),
                    p.kind().json(),
                    p.mode(),
                    p.followers(),
                    p.tiers().stream()
                            .map(t -> new StoredTier(
                                    t.name(),
                                    t.activeWithin().toSeconds(),
                                    t.deadline().toSeconds(),
                                    t.pushed(),
                                    millis(t.startedAt()),
                                    millis(t.finishedAt()),
                                    t.candidates(),
                                    t.pulled()))
                            .toList(),
                    p.pass(),
                    p.cursor().map(c -> c.since().toEpochMilli()).orElse(null),
                    p.cursor().map(FollowCursor::userId).orElse(null),
                    p.skippedInactive(),
                    p.createdAt().toEpochMilli(),
                    p.updatedAt().toEpochMilli(),
                    millis(p.finishedAt()),
                    p.endedBecause().orElse(null)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static FanoutProgress read(String json) {
        try {
            Stored s = JSON.readValue(json, Stored.class);
            Optional<FollowCursor> cursor = s.cursorSince() == null || s.cursorUser() == null
                    ? Optional.empty()
                    : Optional.of(new FollowCursor(Instant.ofEpochMilli(s.cursorSince()), s.cursorUser()));
            return new FanoutProgress(
                    s.postId(),
                    FanoutKind.ofJson(s.kind()),
                    s.mode(),
                    s.followers(),
                    s.tiers().stream()
                            .map(t -> new FanoutProgress.TierProgress(
                                    t.name(),
                                    Duration.ofSeconds(t.activeWithinSeconds()),
                                    Duration.ofSeconds(t.deadlineSeconds()),
                                    t.pushed(),
                                    instant(t.startedAt()),
                                    instant(t.finishedAt()),
                                    t.candidates(),
                                    t.pulled()))
                            .toList(),
                    s.pass(),
                    cursor,
                    s.skippedInactive(),
                    Instant.ofEpochMilli(s.createdAt()),
                    Instant.ofEpochMilli(s.updatedAt()),
                    instant(s.finishedAt()),
                    Optional.ofNullable(s.endedBecause()));
        } catch (JsonProcessingException | RuntimeException e) {
            throw new PermanentStoreException("unreadable fan-out progress " + json, e);
        }
    }

    private static Long millis(Optional<Instant> at) {
        return at.map(Instant::toEpochMilli).orElse(null);
    }

    private static Optional<Instant> instant(Long millis) {
        return Optional.ofNullable(millis).map(Instant::ofEpochMilli);
    }
}
