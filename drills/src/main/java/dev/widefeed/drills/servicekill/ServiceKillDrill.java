package dev.widefeed.drills.servicekill;

import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.Drill;
import dev.widefeed.drills.harness.Figures;
import dev.widefeed.drills.harness.Ledger;
import dev.widefeed.drills.harness.Population;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.drills.harness.Timeline;
import dev.widefeed.drills.harness.Verification;
import dev.widefeed.restclient.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * kill -9 of the service itself while a post of an author with 10^5 followers is being fanned out and a burst of
 * likes and comments on it notifies the author; then the service is started again on the same data (it finds the
 * store its first run left behind, and uses it). Afterwards every follower the fan-out's plan pushes to holds the
 * post exactly once, a sample of followers sees it exactly once on their home page, every like and comment of the
 * burst is there once, and the author's notifications count each exactly once.
 *
 * <p>The followers are bulk-loaded by perf ({@link FollowerLoad}); the plan is read from the store's own follower
 * edges and the inboxes from its home timelines, both exported whole ({@link HomeDelivery}); the author's token
 * and the sample's come from the service jar's {@code token} command.
 */
public final class ServiceKillDrill implements Drill {
    /** How far the fan-out must be (of the followers its plan pushes to) before the kill. */
    private static final double KILL_AT = 0.05;
    /**
     * How long after the kill a notification may still come (docs/api.md, "Notifications": a guard entry's three
     * minutes).
     */
    private static final Duration GUARD = Duration.ofSeconds(210);

    /** The author perf loaded: id, a token, followers, and their edges as the fan-out will page them. */
    private record Author(String id, String token, long followers, HomeDelivery edges) {
        long key() {
            return Long.parseLong(id);
        }
    }

    @Override
    public String name() {
        return "service-kill";
    }

    @Override
    public Figures run(ServiceRun.Layout layout, Settings settings) throws Exception {
        try (ServiceRun service = new ServiceRun(layout)) {
            service.start(Duration.ofMinutes(6));
            Api api = service.api();
            long loading = System.nanoTime();
            FollowerLoad.load(service, settings.followers());
            double loadSeconds = (System.nanoTime() - loading) / 1e9;
            Population burst = Population.signUp(api, settings.users() * 2, new Ledger(), "svk");
            Author author = author(service, burst.users().get(0).token());

            Reply posted =
                    api.post(author.token(), "a post to " + author.followers() + " followers, through a " + "kill -9");
            if (posted.status() != 201) {
                throw new IllegalStateException("the author's post answered " + posted.status() + ": " + posted.body());
            }
            String post = posted.text("id");
            FanoutStatus planned = FanoutStatus.read(api, author.token(), post);
            if (planned == null) {
                throw new IllegalStateException("the post's /fanout did not answer");
            }
            Set<Long> active = author.edges().active(planned.createdAt(), planned.widest());
            active.remove(author.key());

            Timeline timeline = new Timeline();
            try (NotificationBurst notifications = new NotificationBurst(
                    api,
                    burst.users(),
                    post,
                    timeline,
                    2.0 * burst.users().size() / (settings.warmSeconds() + settings.afterSeconds()))) {
                notifications.start();
                FanoutCrash crash = FanoutCrash.during(
                        service, author.token(), post, Math.max(1, Math.round(KILL_AT * active.size())));
                notifications.awaitSent(Duration.ofMinutes(10));
                notifications.settle(Duration.ofMinutes(5));

                TableExport homes = TableExport.of(
                        service,
                        layout.dataDir().resolve("export-homes"),
                        "home_timeline_by_user",
                        "edge_delivery_by_author");
                Set<Long> pulled = HomeDelivery.pulledEdges(homes, author.key());
                Set<Long> plan = new HashSet<>(active);
                plan.removeAll(pulled);
                HomeDelivery.Outcome inboxes =
                        HomeDelivery.Outcome.of(plan, HomeDelivery.entries(homes, Long.parseLong(post)), author.key());

                int sampled = settings.users() <= Settings.SHORT.users() ? 16 : 100;
                Set<Long> inactive = new HashSet<>(author.edges().all());
                inactive.removeAll(active);
                List<Long> readers = new ArrayList<>(HomeSample.pick(plan, sampled * 3 / 4, 1));
                int pushedReaders = readers.size();
                readers.addAll(HomeSample.pick(inactive, sampled / 4, 2));
                HomeSample.Result seen = HomeSample.read(service, post, readers);

                Stored stored = Stored.read(api, author.token(), post, burst);
                int expected = burst.users().size();
                PostNotifications.Watched notified = PostNotifications.await(
                        api,
                        author.token(),
                        author.id(),
                        post,
                        expected,
                        crash.killedNanos() + GUARD.toNanos(),
                        Duration.ofMinutes(8));
                int end = timeline.now();

                FanoutStatus done = crash.done();
                return new Figures(name() + " (" + layout.backend() + ")")
                        .noted(
                                "followers of the author",
                                author.followers() + " (loaded in " + Math.round(loadSeconds) + " s)")
                        .noted(
                                "the plan pushes to",
                                plan.size() + " (" + active.size() + " active, " + pulled.size() + " edges pulled)")
                        .atLeast("killed mid fan-out (pending at the restart)", crash.midway() ? 1 : 0, 1, "")
                        .noted(
                                "killed at",
                                String.format(
                                        "%.1f s after the post; last read %.0f %% pushed, " + "checkpoint left %.0f %%",
                                        crash.killedAfter(),
                                        100.0 * crash.pushedAtKill() / Math.max(1, plan.size()),
                                        100.0 * crash.checkpointed() / Math.max(1, plan.size())))
                        .noted("restart to healthy", String.format("%.1f s", crash.restart()))
                        .atLeast(
                                "store supervised after the restart (the killed service's, adopted)",
                                crash.supervised() ? 1 : 0,
                                1,
                                "")
                        .noted(
                                "kill to fan-out moving again",
                                crash.resumed() < 0 ? "-" : String.format("%.1f s", crash.resumed()))
                        .noted(
                                "fan-out time (post to done)",
                                String.format(
                                        "%.1f s",
                                        Duration.between(done.createdAt(), done.finishedAt())
                                                        .toMillis()
                                                / 1000.0))
                        .atMost(
                                "followers /fanout counts pushed, off the plan",
                                Math.abs(done.followersPushed() - plan.size()),
                                0,
                                "")
                        .atMost("followers missing the post", inboxes.missing(), 0, "")
                        .atMost("followers holding it twice", inboxes.twice(), 0, "")
                        .noted("inboxes holding it outside the plan", String.valueOf(inboxes.outside()))
                        .atMost("sampled home pages without it", seen.without(), 0, "")
                        .atMost("sampled home pages showing it twice", seen.twice(), 0, "")
                        .noted(
                                "home pages sampled",
                                seen.read() + " (" + pushedReaders + " pushed to, " + (seen.read() - pushedReaders)
                                        + " inactive)")
                        .atMost("burst likes missing", stored.likesMissing(), 0, "")
                        .atMost("burst comments missing", stored.commentsMissing(), 0, "")
                        .atMost("burst comments made twice", stored.commentsTwice(), 0, "")
                        .atMost(
                                "notifications missing",
                                Math.max(0, expected - notified.last().likes())
                                        + Math.max(0, expected - notified.last().comments()),
                                0,
                                "")
                        .atMost(
                                "notifications duplicated",
                                Math.max(0, notified.mostLikes() - expected)
                                        + Math.max(0, notified.mostComments() - expected),
                                0,
                                "")
                        .noted(
                                "notifications exact",
                                notified.settledSeconds() < 0
                                        ? "never"
                                        : String.format("%.0f s into the watch", notified.settledSeconds()))
                        .noted(
                                "burst",
                                expected + " users, a like and a comment each; "
                                        + notifications.unacknowledged() + " requests unacknowledged, "
                                        + notifications.replayed() + " comments replayed on retry")
                        .atMost("answers 500", timeline.count(Timeline.Kind.SERVER_ERROR, 0, end + 1), 0, "")
                        .noted("example", example(inboxes.example(), seen.example(), stored.example()));
            }
        }
    }

    /** The author perf loaded, found by handle, with a token from the service jar and their edges exported. */
    private static Author author(ServiceRun service, String anyToken) throws Exception {
        Reply found = service.api().userByHandle(anyToken, FollowerLoad.AUTHOR_HANDLE);
        if (found.status() != 200) {
            throw new IllegalStateException("the loaded author answered " + found.status());
        }
        String id = found.text("id");
        // Exported before the post: nothing reads a home timeline or shares activity onto the edges meanwhile.
        HomeDelivery edges = HomeDelivery.followersOf(
                TableExport.of(service, service.layout().dataDir().resolve("export-followers"), "followers_by_user"),
                service.layout().backend(),
                Long.parseLong(id));
        return new Author(
                id,
                service.token(id),
                found.body().path("counts").path("followers").asLong(),
                edges);
    }

    private static String example(String... examples) {
        for (String example : examples) {
            if (!example.isEmpty()) {
                return example;
            }
        }
        return "-";
    }

    /** The burst's likes and comments as the post lists them: each user's like once, each user's comment once. */
    private record Stored(long likesMissing, long commentsMissing, long commentsTwice, String example) {
        static Stored read(Api api, String token, String post, Population burst) {
            Set<String> users = new HashSet<>();
            burst.users().forEach(u -> users.add(u.id()));
            Set<String> likers = Verification.ids(cursor -> api.likers(token, post, cursor), "userId");
            long likesMissing = users.stream().filter(u -> !likers.contains(u)).count();
            Map<String, Integer> comments = new HashMap<>();
            for (int page = 1; ; page++) {
                Reply reply = api.comments(token, post, page);
                if (reply.status() != 200) {
                    throw new IllegalStateException("comment page " + page + " answered " + reply.status());
                }
                reply.body()
                        .get("items")
                        .forEach(c -> comments.merge(c.path("authorId").asText(), 1, Integer::sum));
                if (page >= reply.body().path("pages").asInt()) {
                    break;
                }
            }
            long commentsMissing =
                    users.stream().filter(u -> !comments.containsKey(u)).count();
            long twice = comments.values().stream().filter(n -> n > 1).count();
            String example = likesMissing > 0
                    ? "a burst like missing"
                    : commentsMissing > 0
                            ? "a burst comment missing"
                            : twice > 0 ? "a burst user's comment made twice" : "";
            return new Stored(likesMissing, commentsMissing, twice, example);
        }
    }
}
