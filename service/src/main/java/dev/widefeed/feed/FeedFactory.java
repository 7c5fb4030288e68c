package dev.widefeed.feed;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.feed.timeline.FanoutRules;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.HomeRules;
import dev.widefeed.feed.timeline.PullRules;
import io.dropwizard.util.Duration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/** The {@code feed} section: home timeline, fan-out and pull rules (the event log's job runs the fan-out). */
public class FeedFactory {
    @Valid
    @NotNull
    @JsonProperty
    public Fanout fanout = new Fanout();

    @Valid
    @NotNull
    @JsonProperty
    public Home home = new Home();

    @Valid
    @NotNull
    @JsonProperty
    public Pull pull = new Pull();

    public static class Fanout {
        /** Followers per page; the checkpoint is saved after each. */
        @Min(1)
        @Max(10_000)
        @JsonProperty
        public int pageSize = 1000;

        /** Authors with more followers than this are fanned out tier by tier (hybrid); the rest in one pass. */
        @Min(0)
        @JsonProperty
        public long hybridAbove = 10_000;

        /** Activity tiers, most active first; each window wider than the previous. Past the last: inactive. */
        @Valid
        @NotEmpty
        @JsonProperty
        public List<Tier> tiers = List.of(
                tier("hot", Duration.days(1), Duration.minutes(1)),
                tier("warm", Duration.days(14), Duration.minutes(15)));
    }

    public static class Tier {
        @NotEmpty
        @JsonProperty
        public String name;

        @NotNull
        @JsonProperty
        public Duration activeWithin;

        @NotNull
        @JsonProperty
        public Duration deadline;
    }

    public static class Home {
        /** Entries a home timeline inbox keeps; older history is pulled from followees' lists. */
        @Min(20)
        @JsonProperty
        public int hotWindow = 800;

        @NotNull
        @JsonProperty
        public Duration entryTtl = Duration.days(30);

        /** Entries a returning reader's inbox is rebuilt with. */
        @Min(1)
        @JsonProperty
        public int rebuildSize = 200;

        /** A followee's newest posts a follow brings into the home timeline. */
        @Min(0)
        @Max(200)
        @JsonProperty
        public int followBackfill = 20;

        /** How often a reader's state (last read, read count) is written; reads between are tallied in memory. */
        @NotNull
        @JsonProperty
        public Duration touchEvery = Duration.minutes(10);

        @NotNull
        @JsonProperty
        public Duration trimEvery = Duration.hours(1);

        /** How often an active reader's last read is copied onto their follow edges, where fan-out reads it. */
        @NotNull
        @JsonProperty
        public Duration shareActivityEvery = Duration.hours(6);
    }

    /** Which authors are pulled at read time instead of pushed, and the cache their posts are merged from. */
    public static class Pull {
        /** Authors with more followers than this are pulled by all of them; pushed again below nine tenths of it. */
        @Min(1)
        @JsonProperty
        public long pullAbove = PullRules.DEFAULT.pullAbove();

        /** Newest post ids each instance keeps per pulled author. */
        @Min(1)
        @Max(10_000)
        @JsonProperty
        public int cachedPostsPerAuthor = PullRules.DEFAULT.cachedPerAuthor();

        /** How long a cached list of a pulled author's posts is used before it is read again. */
        @NotNull
        @JsonProperty
        public Duration cacheRefresh =
                Duration.milliseconds(PullRules.DEFAULT.cacheRefresh().toMillis());

        /** Pulled authors each instance keeps at most. */
        @Min(1)
        @JsonProperty
        public long cachedAuthors = PullRules.DEFAULT.cachedAuthors();

        /** Below the threshold, whether fan-out decides push or pull per follow edge by cost. */
        @JsonProperty
        public boolean perEdge = PullRules.DEFAULT.perEdge();

        /** What one inbox write costs, in store operations: the per-edge rule's weight of a push. */
        @DecimalMin(value = "0", inclusive = false)
        @JsonProperty
        public double pushCost = PullRules.DEFAULT.pushCost();

        /** What merging one pulled author into one home read costs: the per-edge rule's weight of a pull. */
        @DecimalMin(value = "0", inclusive = false)
        @JsonProperty
        public double pullCost = PullRules.DEFAULT.pullCost();

        /** How fast a reader's counted home reads fade (the half-life of their read rate). */
        @NotNull
        @JsonProperty
        public Duration rateHalfLife =
                Duration.days(PullRules.DEFAULT.rateHalfLife().toDays());
    }

    public FeedRules rules() {
        FanoutRules fanoutRules = new FanoutRules(
                fanout.hybridAbove,
                fanout.tiers.stream()
                        .map(t -> new FanoutRules.Tier(
                                t.name, t.activeWithin.toJavaDuration(), t.deadline.toJavaDuration()))
                        .toList());
        return new FeedRules(
                fanoutRules,
                new HomeRules(
                        home.hotWindow,
                        home.entryTtl.toJavaDuration(),
                        fanoutRules.activeWindow(),
                        home.rebuildSize,
                        home.followBackfill,
                        home.touchEvery.toJavaDuration(),
                        home.trimEvery.toJavaDuration(),
                        home.shareActivityEvery.toJavaDuration()),
                fanout.pageSize,
                new PullRules(
                        pull.pullAbove,
                        pull.cachedPostsPerAuthor,
                        pull.cacheRefresh.toJavaDuration(),
                        pull.cachedAuthors,
                        pull.perEdge,
                        pull.pushCost,
                        pull.pullCost,
                        pull.rateHalfLife.toJavaDuration()));
    }

    private static Tier tier(String name, Duration activeWithin, Duration deadline) {
        Tier tier = new Tier();
        tier.name = name;
        tier.activeWithin = activeWithin;
        tier.deadline = deadline;
        return tier;
    }
}
