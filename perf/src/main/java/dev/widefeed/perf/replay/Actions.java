package dev.widefeed.perf.replay;

import dev.widefeed.perf.workload.EventKind;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadEvent;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Turns workload events into what a client does, the same for every target: store user ids, and for a repost,
 * comment or like one of the target author's recent posts from this replay. With no post to act on yet the actor
 * posts instead (counted as retargeted), so the event still loads the store. Also keeps the posts created, up to
 * a cap, for delivery look-ups after the run.
 */
final class Actions {
    /** {@code subject}: the post acted on (repost, comment, like), the user read or (un)followed, else 0. */
    record Action(EventKind kind, long actor, long subject) {}

    private final UserIds users;
    private final RecentPosts recent;
    private final int maxTracked;
    private final List<CreatedPost> created = new ArrayList<>();
    private final AtomicLong retargeted = new AtomicLong();
    private final AtomicLong untracked = new AtomicLong();

    Actions(UserIds users, RecentPosts recent, int maxTracked) {
        this.users = users;
        this.recent = recent;
        this.maxTracked = maxTracked;
    }

    long actor(WorkloadEvent event) {
        return users.id(event.actor());
    }

    Action resolve(WorkloadEvent event) {
        long actor = actor(event);
        return switch (event.kind()) {
            case POST, HOME_READ -> new Action(event.kind(), actor, 0);
            case USER_READ, FOLLOW, UNFOLLOW -> new Action(event.kind(), actor, users.id(event.target()));
            case REPOST, COMMENT, LIKE -> {
                OptionalLong post = recent.pick(users.id(event.target()));
                if (post.isEmpty()) {
                    retargeted.incrementAndGet();
                    yield new Action(EventKind.POST, actor, 0);
                }
                yield new Action(event.kind(), actor, post.getAsLong());
            }
        };
    }

    /** A post or repost was created: later events may act on it, and its delivery may be looked up. */
    void posted(long authorId, long postId) {
        recent.add(authorId, postId);
        synchronized (created) {
            if (created.size() < maxTracked) {
                created.add(new CreatedPost(postId, authorId));
                return;
            }
        }
        untracked.incrementAndGet();
    }

    /** The posts created so far, oldest first (as far as concurrent creation orders them). */
    List<CreatedPost> created() {
        synchronized (created) {
            return List.copyOf(created);
        }
    }

    long retargeted() {
        return retargeted.get();
    }

    void summarize(String target, PrintStream out) {
        long tracked = created().size();
        out.printf(
                "  %s target: %,d posts and reposts created (%,d tracked), %,d reposts/comments/likes retargeted "
                        + "to posts (nothing posted to act on yet)%n",
                target, tracked + untracked.get(), tracked, retargeted.get());
    }

    /** Topics the replay's texts name: a skewed few are named most, as real topics are. */
    static final int TOPICS = 200;

    /**
     * Short content for a post or comment, telling which event wrote it. A quarter name a topic, drawn log-uniformly
     * from {@link #TOPICS} (topic {@code t0} most often, about as a Zipf law with exponent 1 would), and a tenth
     * mention a user (the one at half the actor's index, which the loader gave the handle {@link UserIds#handleOf}), so
     * replays write the topic lists, counters, mention lists and notifications real texts make. Deterministic: the
     * same event writes the same text on every target.
     */
    static String text(WorkloadEvent event) {
        long h = mix(event.actor() * 0x9E3779B97F4A7C15L + event.offsetMillis());
        StringBuilder text = new StringBuilder("replayed ")
                .append(event.kind().label())
                .append(" of user ")
                .append(event.actor())
                .append(" at ")
                .append(event.offsetMillis())
                .append(" ms");
        if (Math.floorMod(h, 4) == 0) {
            double u = ((h >>> 24) & 0xFFFF) / 65_536.0;
            text.append(" #t").append((int) Math.pow(TOPICS, u) - 1);
        }
        if (Math.floorMod(h >>> 16, 10) == 0) {
            text.append(" @").append(UserIds.handleOf(event.actor() / 2).value());
        }
        return text.toString();
    }

    /** A 64-bit finalizer (SplitMix64's): spreads close inputs over all bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
