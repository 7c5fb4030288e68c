package dev.widefeed.perf.workload;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * The time-ordered event stream of a {@link WorkloadSpec} over a {@link Population}.
 *
 * <p>Arrivals are a Poisson process at {@code eventsPerSecond}; each event's kind is drawn from the
 * spec's mix. The actor of a post is drawn in proportion to the users' post weights, the actor of any
 * other kind in proportion to their read (activity) weights. Targets: likes, comments and reposts name an
 * author, drawn in proportion to followers x post weight (whose posts fill timelines; the replayer picks one
 * of that author's recent posts); user-timeline reads and unfollows in proportion to followers; follows in
 * proportion to followers + 1 (preferential attachment). Targets are never the actor. They are drawn from
 * that marginal, not from the actor's own following list, so an unfollow may name someone the actor does not
 * follow (the replayer treats it as a no-op or maps it onto a real edge).
 */
public final class EventGenerator {

    /** Receives events in time order. {@code target} is -1 for posts and home reads. */
    @FunctionalInterface
    public interface EventSink {
        void accept(long offsetMillis, EventKind kind, int actor, int target) throws IOException;
    }

    private EventGenerator() {}

    /** Expected events of the given kinds per day of user {@code u}, under the spec's rate and mix. */
    public static double[] perDay(WorkloadSpec spec, double[] weights, EventKind... kinds) {
        double share = 0;
        for (EventKind kind : kinds) {
            share += spec.mix().share(kind);
        }
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        double[] rates = new double[weights.length];
        double perDay = spec.eventsPerSecond() * 86_400.0 * share;
        for (int u = 0; u < weights.length; u++) {
            rates[u] = total > 0 ? perDay * weights[u] / total : 0;
        }
        return rates;
    }

    public static void events(WorkloadSpec spec, Population population, EventSink sink) throws IOException {
        int n = population.users();
        int[] followers = population.followers();
        double[] byFollowers = new double[n];
        double[] byFollowersPlusOne = new double[n];
        double[] byReach = new double[n];
        for (int u = 0; u < n; u++) {
            byFollowers[u] = followers[u];
            byFollowersPlusOne[u] = followers[u] + 1.0;
            byReach[u] = followers[u] * population.postWeight()[u];
        }
        Rng.Alias activeActors = new Rng.Alias(population.readWeight());
        Rng.Alias posters = new Rng.Alias(population.postWeight());
        Rng.Alias popular = new Rng.Alias(byFollowers);
        Rng.Alias attachment = new Rng.Alias(byFollowersPlusOne);
        Rng.Alias authors = new Rng.Alias(byReach);
        EventKind[] kinds = EventKind.values();
        double[] cumulative = new double[kinds.length];
        double running = 0;
        for (int i = 0; i < kinds.length; i++) {
            running += spec.mix().share(kinds[i]);
            cumulative[i] = running;
        }
        SplittableRandom random = Rng.stream(spec.seed(), Rng.EVENTS, 0);
        double seconds = 0;
        for (long e = 0; e < spec.events(); e++) {
            seconds += -StrictMath.log(1.0 - random.nextDouble()) / spec.eventsPerSecond();
            double pick = random.nextDouble() * running;
            int k = 0;
            while (k < kinds.length - 1 && pick >= cumulative[k]) {
                k++;
            }
            EventKind kind = kinds[k];
            int actor = (kind == EventKind.POST ? posters : activeActors).sample(random);
            int target = switch (kind) {
                case POST, HOME_READ -> -1;
                case LIKE, COMMENT, REPOST -> other(authors, actor, random, n);
                case USER_READ, UNFOLLOW -> other(popular, actor, random, n);
                case FOLLOW -> other(attachment, actor, random, n);
            };
            sink.accept((long) Math.floor(seconds * 1000.0), kind, actor, target);
        }
    }

    private static int other(Rng.Alias table, int actor, SplittableRandom random, int n) {
        for (int attempt = 0; attempt < 16; attempt++) {
            int target = table.sample(random);
            if (target != actor) {
                return target;
            }
        }
        return actor + 1 < n ? actor + 1 : 0; // the table is (nearly) all the actor: any other user
    }
}
