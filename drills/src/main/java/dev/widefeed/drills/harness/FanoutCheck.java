package dev.widefeed.drills.harness;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether every acknowledged post of an author reached every follower's home timeline: fan-out runs after the post
 * is acknowledged, so followers are read again until all is there or the time is up.
 */
public final class FanoutCheck {
    /** Posts times followers expected, (post, follower) pairs still missing at the end, and how long it took. */
    public record Result(long expected, long missing, double seconds, String example) {}

    private FanoutCheck() {}

    public static Result check(Api api, List<Population.User> followers, List<String> posts, Duration within)
            throws InterruptedException {
        long started = System.nanoTime();
        long deadline = started + within.toNanos();
        List<Population.User> waiting = new ArrayList<>(followers);
        long missing = 0;
        String example = "";
        while (true) {
            List<Population.User> still = new ArrayList<>();
            missing = 0;
            for (Population.User follower : waiting) {
                Set<String> home = new HashSet<>(
                        Verification.ids(cursor -> api.home(follower.token(), follower.id(), cursor), "id"));
                long lacking =
                        posts.stream().filter(post -> !home.contains(post)).count();
                if (lacking > 0) {
                    still.add(follower);
                    missing += lacking;
                    example = follower.id() + "'s home lacks " + lacking + " of " + posts.size() + " posts";
                }
            }
            waiting = still;
            if (waiting.isEmpty() || System.nanoTime() > deadline) {
                break;
            }
            Thread.sleep(2_000);
        }
        return new Result(
                (long) posts.size() * followers.size(),
                missing,
                (System.nanoTime() - started) / 1e9,
                waiting.isEmpty() ? "" : example);
    }
}
