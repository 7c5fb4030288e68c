package dev.widefeed.feed;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.util.Duration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.List;
import java.util.UUID;

/** The {@code feed} section: home timeline and fan-out rules, and the fan-out workers that run them. */
public class FeedFactory {
    @Valid
    @NotNull
    @JsonProperty
    public Fanout fanout = new Fanout();

    @Valid
    @NotNull
    @JsonProperty
    public Home home = new Home();

    public static class Fanout {
        /** Shards of the fan-out log. The same on every instance, and never changed while tasks are pending. */
        @Min(1)
        @Max(1024)
        @JsonProperty
        public int shards = 16;

        /** Shards one instance works at once, each on its own thread (never a request thread). */
        @Min(1)
        @JsonProperty
        public int threads = 2;

        /** Followers per page; the checkpoint is saved after each. */
        @Min(1)
        @Max(10_000)
        @JsonProperty
        public int pageSize = 1000;

        /** Pages a task gets per turn before the shard's other tasks get theirs. */
        @Min(1)
        @JsonProperty
        public int pagesPerTurn = 20;

        @NotNull
        @JsonProperty
        public Duration pollInterval = Duration.seconds(1);

        /** A dead instance's shards are taken over this long after its last renewal. */
        @NotNull
        @JsonProperty
        public Duration leaseTtl = Duration.seconds(30);

        /** How far back a shard without a watermark (a new deployment) is read. */
        @NotNull
        @JsonProperty
        public Duration initialLookback = Duration.hours(1);

        /** The health check fails when work is pending and no page was done for this long. */
        @NotNull
        @JsonProperty
        public Duration stallAfter = Duration.minutes(5);

        /** Authors with more followers than this are fanned out tier by tier (hybrid); the rest in one pass. */
        @Min(0)
        @JsonProperty
        public long hybridAbove = 10_000;

        /** Activity tiers, most active first; each window wider than the previous. Past the last: inactive. */
        @Valid
        @NotEmpty
        @JsonProperty
        public List<Tier> tiers = List.of(tier("hot", Duration.days(1), Duration.minutes(1)),
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

        @NotNull
        @JsonProperty
        public Duration touchEvery = Duration.minutes(1);

        @NotNull
        @JsonProperty
        public Duration trimEvery = Duration.hours(1);

        /** How often an active reader's last read is copied onto their follow edges, where fan-out reads it. */
        @NotNull
        @JsonProperty
        public Duration shareActivityEvery = Duration.hours(6);
    }

    public FeedRules rules() {
        FanoutRules fanoutRules = new FanoutRules(fanout.hybridAbove, fanout.tiers.stream()
                .map(t -> new FanoutRules.Tier(t.name, java(t.activeWithin), java(t.deadline))).toList());
        return new FeedRules(fanoutRules, new HomeRules(home.hotWindow, java(home.entryTtl),
                fanoutRules.activeWindow(), home.rebuildSize, home.followBackfill, java(home.touchEvery),
                java(home.trimEvery), java(home.shareActivityEvery)), fanout.shards, fanout.pageSize);
    }

    /** Builds the fan-out workers, registers them with the lifecycle and their health check. */
    public FanoutJob buildJob(FanoutStore store, FanoutWorker worker, Clock clock, Environment environment) {
        FanoutJob job = new FanoutJob(store, worker, new FanoutJob.Settings(fanout.shards, fanout.threads,
                fanout.pagesPerTurn, java(fanout.pollInterval), java(fanout.leaseTtl), java(fanout.initialLookback),
                owner()), clock, environment.metrics());
        environment.lifecycle().manage(job);
        environment.healthChecks().register("fanout", new FanoutHealthCheck(job, java(fanout.stallAfter), clock));
        return job;
    }

    private static Tier tier(String name, Duration activeWithin, Duration deadline) {
        Tier tier = new Tier();
        tier.name = name;
        tier.activeWithin = activeWithin;
        tier.deadline = deadline;
        return tier;
    }

    /** A lease owner name unique to this process: host, pid, and a random part for restarts that reuse a pid. */
    private static String owner() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "localhost";
        }
        return host + "/" + ManagementFactory.getRuntimeMXBean().getPid() + "/"
                + UUID.randomUUID().toString().substring(0, 8);
    }

    private static java.time.Duration java(Duration d) {
        return java.time.Duration.ofMillis(d.toMilliseconds());
    }
}
