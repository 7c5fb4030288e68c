package dev.widefeed.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FanoutRules;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A post's delivery plan and progress, for its author: the mode, each tier (pass) with its window,
 * deadline, followers pushed and whether it met its deadline, followers skipped and why, and
 * whether it is done or pending. In {@code pull} mode no follower's inbox gets the post: all
 * {@code pulledBy} followers merge it into their home pages when they read. Otherwise
 * {@code pulledBy} counts the followers the passes reached whose edge is pulled (per-edge rule),
 * per tier as {@code pulled}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FanoutView(
        String postId,
        String mode,
        String state,
        long followers,
        long pushed,
        @Schema(nullable = true) Long pulledBy,
        List<TierView> tiers,
        List<SkipView> skipped,
        Instant createdAt,
        Instant updatedAt,
        @Schema(nullable = true) Instant finishedAt,
        @Schema(nullable = true) String endedBecause) {

    public record TierView(
            String name,
            long activeWithinSeconds,
            long deadlineSeconds,
            String state,
            long pushed,
            long pulled,
            long candidates,
            @Schema(nullable = true) Instant startedAt,
            @Schema(nullable = true) Instant finishedAt,
            @Schema(nullable = true) Boolean metDeadline) {}

    public record SkipView(String reason, long followers) {}

    public static FanoutView of(FanoutProgress p) {
        List<TierView> tiers = new java.util.ArrayList<>();
        for (int i = 0; i < p.tiers().size(); i++) {
            FanoutProgress.TierProgress t = p.tiers().get(i);
            boolean nobody = i > 0 && t.candidates() == 0 && t.pushed() == 0;
            String state = t.finishedAt().isPresent()
                    ? (nobody ? "skipped: nobody in this tier" : "done")
                    : i == p.pass() && t.startedAt().isPresent() ? "running" : p.done() ? "skipped" : "pending";
            Boolean met = t.finishedAt()
                    .map(at -> Duration.between(p.createdAt(), at).compareTo(t.deadline()) <= 0)
                    .orElse(null);
            tiers.add(new TierView(
                    t.name(),
                    t.activeWithin().toSeconds(),
                    t.deadline().toSeconds(),
                    state,
                    t.pushed(),
                    t.pulled(),
                    t.candidates(),
                    t.startedAt().orElse(null),
                    t.finishedAt().orElse(null),
                    met));
        }
        boolean pull = FanoutRules.PULL.equals(p.mode());
        List<SkipView> skipped = pull
                ? List.of()
                : List.of(new SkipView(
                        "inactive: no home read within the widest"
                                + " tier's window; they get the post by pull when they come back",
                        p.skippedInactive()));
        return new FanoutView(
                Long.toString(p.postId()),
                p.mode(),
                p.done() ? "done" : "pending",
                p.followers(),
                p.pushed(),
                pull ? p.followers() : p.pulled(),
                tiers,
                skipped,
                p.createdAt(),
                p.updatedAt(),
                p.finishedAt().orElse(null),
                p.endedBecause().orElse(null));
    }
}
