package dev.widefeed.drills.harness;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.restclient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What a drill checks once the load has stopped and the service serves: once the service's own repair of what the
 * fault left behind has settled ({@code counters.dirty.pending} and {@code eventlog.backlog} at 0, the follow journal
 * checked past the load's end by {@code relations.repair.*}; no command asked),
 * every acknowledged write is there (posts, comments, likes and follows as their last acknowledged request left them, in both copies), and, after one
 * reconcile, every like and follow counter equals the rows it counts.
 */
public final class Verification {
    /** The findings: acknowledged writes missing, and counters that differ from their rows after one reconcile. */
    public record Result(
            long checked,
            long missing,
            long uncertain,
            long counters,
            long countersOff,
            String example,
            long healedSeconds,
            long countersSeconds) {
        /**
         * How long the service's own repair took to settle after the load, as a figure's text, with the part its
         * counters and event log took (the rest is the follow journal's settle time and repair period).
         */
        public String healed() {
            return healedSeconds < 0
                    ? "not within " + HEALING.toSeconds() + " s"
                    : healedSeconds + " s (counters and event log " + countersSeconds + " s)";
        }
    }

    private static final Duration HEALING = Duration.ofMinutes(5);
    private static final int RECONCILE_BATCH = 100;

    private final Api api;
    private final Supplier<String> tokens;

    /** @param token any user's token: every post in a drill is public */
    public Verification(Api api, String token) {
        this(api, () -> token);
    }

    /**
     * @param tokens any user's token, valid when asked for: a check that outlasts an access token (a full
     *               reconcile of a long soak's data takes longer than its 15 minutes) asks again
     */
    public Verification(Api api, Supplier<String> tokens) {
        this.api = api;
        this.tokens = tokens;
    }

    private String token() {
        return tokens.get();
    }

    public Result check(Ledger ledger) throws InterruptedException {
        return check(ledger, () -> {});
    }

    /** @param settled run once the service's own repair has settled, before anything is checked or reconciled */
    public Result check(Ledger ledger, Runnable settled) throws InterruptedException {
        // The service's own repair of what a fault left: marked counters and like copies recounted, the log drained,
        // and the follow journal checked past now (a follow whose copies a fault interrupted is acknowledged, and
        // its copies are finished by the relation repair job once the journal entry has settled).
        Instant loadEnded = Instant.now();
        AdminGauges gauges = new AdminGauges(api);
        long counted = gauges.awaitZero(HEALING, Duration.ofSeconds(2), AdminGauges.DIRTY_COUNTERS, AdminGauges.BACKLOG)
                .map(Duration::toSeconds)
                .orElse(-1L);
        long healed = counted;
        if (healed >= 0) {
            healed = gauges.awaitRelationRepairPast(loadEnded, HEALING, Duration.ofSeconds(2))
                            .isPresent()
                    ? Duration.between(loadEnded, Instant.now()).toSeconds()
                    : -1L;
        }
        settled.run();
        long checked = 0;
        long missing = 0;
        String example = "";
        for (String post : ledger.posts.keySet()) {
            checked++;
            if (api.getPost(token(), post).status() != 200) {
                missing++;
                example = "post " + post;
            }
        }
        for (String comment : ledger.comments.keySet()) {
            checked++;
            if (api.getComment(token(), comment).status() != 200) {
                missing++;
                example = "comment " + comment;
            }
        }
        Map<String, Set<String>> likers = new HashMap<>();
        for (Map.Entry<Ledger.Edge, Boolean> like : Ledger.settled(ledger.likes).entrySet()) {
            checked++;
            Set<String> listed = likers.computeIfAbsent(
                    like.getKey().from(), post -> ids(cursor -> api.likers(token(), post, cursor), "userId"));
            if (listed.contains(like.getKey().to()) != like.getValue()) {
                missing++;
                example = "like of post " + like.getKey().from() + " by "
                        + like.getKey().to() + " (" + like.getValue() + ")";
            }
        }
        Map<String, Set<String>> followers = new HashMap<>();
        Map<String, Set<String>> following = new HashMap<>();
        for (Map.Entry<Ledger.Edge, Boolean> follow :
                Ledger.settled(ledger.follows).entrySet()) {
            checked++;
            String follower = follow.getKey().from();
            String followee = follow.getKey().to();
            boolean inFollowers = followers
                    .computeIfAbsent(followee, u -> relation(u, "followers"))
                    .contains(follower);
            boolean inFollowing = following
                    .computeIfAbsent(follower, u -> relation(u, "following"))
                    .contains(followee);
            if (inFollowers != follow.getValue() || inFollowing != follow.getValue()) {
                missing++;
                example = "follow " + follower + " -> " + followee + " (" + follow.getValue() + "; followers list "
                        + inFollowers + ", following list " + inFollowing + ")";
            }
        }
        long uncertain = Ledger.uncertain(ledger.likes) + Ledger.uncertain(ledger.follows);

        Set<String> users = new HashSet<>();
        ledger.follows.keySet().forEach(edge -> {
            users.add(edge.from());
            users.add(edge.to());
        });
        reconcile("post", ledger.posts.keySet());
        reconcile("user", users);
        long counters = 0;
        long off = 0;
        for (String post : ledger.posts.keySet()) {
            counters++;
            LikeCount likes = likes(post);
            if (likes.drift() != 0) {
                off++;
                example = "likes of post " + post + ": counter " + likes.counted() + ", rows " + likes.rows();
            }
        }
        for (String user : users) {
            counters += 2;
            JsonNode counts = api.user(token(), user).body().get("counts");
            long followerRows = relation(user, "followers").size();
            long followingRows = relation(user, "following").size();
            if (counts.get("followers").asLong() != followerRows) {
                off++;
                example = "followers of " + user + ": counter " + counts.get("followers") + ", rows " + followerRows;
            }
            if (counts.get("following").asLong() != followingRows) {
                off++;
                example = "following of " + user + ": counter " + counts.get("following") + ", rows " + followingRows;
            }
        }
        return new Result(checked, missing, uncertain, counters, off, example, healed, counted);
    }

    /**
     * One reconcile of the counters checked, by the service's own task, {@value #RECONCILE_BATCH} ids a call (a
     * whole-store run would also recount what no drill wrote, and after a long soak takes longer than the soak).
     */
    private void reconcile(String kind, Collection<String> ids) {
        List<String> all = new ArrayList<>(ids);
        for (int from = 0; from < all.size(); from += RECONCILE_BATCH) {
            String query = all.subList(from, Math.min(all.size(), from + RECONCILE_BATCH)).stream()
                    .map(id -> kind + "=" + id)
                    .collect(Collectors.joining("&"));
            if (api.task("reconcile?" + query, Duration.ofMinutes(10)) == null) {
                throw new IllegalStateException("the reconcile task failed");
            }
        }
    }

    /**
     * A post's like counter and the likers it lists; both -1 when the post did not answer (a post that is not
     * there is counted by {@link #check} as missing, not as drift).
     */
    public record LikeCount(long counted, long rows) {
        public long drift() {
            return counted < 0 ? 0 : Math.abs(counted - rows);
        }
    }

    public LikeCount likes(String post) {
        Reply reply = api.getPost(token(), post);
        if (reply.status() != 200 || reply.body() == null || !reply.body().has("counts")) {
            return new LikeCount(-1, -1);
        }
        long counted = reply.body().get("counts").get("likes").asLong();
        return new LikeCount(
                counted,
                ids(cursor -> api.likers(token(), post, cursor), "userId").size());
    }

    private Set<String> relation(String user, String list) {
        return ids(cursor -> api.relations(token(), user, list, cursor), "id");
    }

    /** Every item of a paged list, by the id field; a page that fails fails the check. */
    public static Set<String> ids(Function<String, Reply> page, String field) {
        Set<String> ids = new HashSet<>();
        String cursor = null;
        do {
            Reply reply = page.apply(cursor);
            if (reply.status() != 200) {
                throw new IllegalStateException("a list page answered " + reply.status() + ": " + reply.body());
            }
            for (JsonNode item : reply.body().get("items")) {
                ids.add(item.get(field).asText());
            }
            JsonNode next = reply.body().get("next");
            cursor = next == null || next.isNull() ? null : next.asText();
        } while (cursor != null);
        return ids;
    }
}
