package dev.widefeed.drills.servicekill;

import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Who a post's fan-out must reach, and who it did, from the store's own tables (exported whole).
 *
 * <p>The plan: the author's followers whose last home read, as shared onto their follow edge
 * ({@code followers_by_user.last_read}, what fan-out pages by), falls within the widest tier's window at the post's
 * creation, less the edges the per-edge rule pulls instead ({@code edge_delivery_by_author} rows with
 * {@code pulled}): those followers merge the post in when they read, and are no inbox's business. Each follower in
 * the plan must hold exactly one {@code home_timeline_by_user} entry of the post. An entry is keyed by post id on
 * both backends, so the table itself cannot hold one twice; a page that shows the post twice would come from the
 * read merging a pushed entry with a pulled copy, which the drill's home reads over REST look for.
 */
final class HomeDelivery {
    /** The author's followers and their last read as shared onto the edge (null: never shared, inactive). */
    private final Map<Long, Instant> followers;

    private HomeDelivery(Map<Long, Instant> followers) {
        this.followers = followers;
    }

    /** The author's followers, from an export of {@code followers_by_user} of {@code backend}'s store. */
    static HomeDelivery followersOf(TableExport export, String backend, long author) throws IOException {
        Map<Long, Instant> followers = new HashMap<>();
        boolean marked = backend.equals("hbase");
        export.rows("followers_by_user", row -> {
            // HBase: a row without its presence cell is no edge (a marker cell exports as true, an absent one not at
            // all); a Cassandra row is an edge.
            boolean present = !marked || row.path("present").asBoolean(false);
            if (present && TableExport.id(row, "user_id") == author) {
                followers.put(TableExport.id(row, "follower_id"), TableExport.time(row, "last_read"));
            }
        });
        return new HomeDelivery(followers);
    }

    int followers() {
        return followers.size();
    }

    Set<Long> all() {
        return followers.keySet();
    }

    /** The followers a post created at {@code created} is pushed to by a plan whose widest tier reaches {@code widest}. */
    Set<Long> active(Instant created, java.time.Duration widest) {
        Instant from = created.minus(widest);
        Set<Long> active = new HashSet<>();
        followers.forEach((follower, lastRead) -> {
            if (lastRead != null && !lastRead.isBefore(from)) {
                active.add(follower);
            }
        });
        return active;
    }

    /** The followers whose edge to {@code author} the per-edge rule pulls, from {@code edge_delivery_by_author}. */
    static Set<Long> pulledEdges(TableExport export, long author) throws IOException {
        Set<Long> pulled = new HashSet<>();
        export.rows("edge_delivery_by_author", row -> {
            if (TableExport.id(row, "author_id") == author && row.path("pulled").asBoolean(false)) {
                pulled.add(TableExport.id(row, "follower_id"));
            }
        });
        return pulled;
    }

    /** How many entries of {@code post} each reader's inbox holds, from {@code home_timeline_by_user}. */
    static Map<Long, Integer> entries(TableExport export, long post) throws IOException {
        Map<Long, Integer> entries = new HashMap<>();
        export.rows("home_timeline_by_user", row -> {
            if (TableExport.id(row, "post_id") == post) {
                entries.merge(TableExport.id(row, "user_id"), 1, Integer::sum);
            }
        });
        return entries;
    }

    /** The plan's followers against the inboxes: missing, held twice, and held outside the plan. */
    record Outcome(long planned, long missing, long twice, long outside, String example) {
        static Outcome of(Set<Long> plan, Map<Long, Integer> entries, long author) {
            long missing = 0;
            long twice = 0;
            long outside = 0;
            String example = "";
            for (long follower : plan) {
                int held = entries.getOrDefault(follower, 0);
                if (held == 0) {
                    missing++;
                    example = "follower " + follower + " has no entry";
                } else if (held > 1) {
                    twice++;
                    example = "follower " + follower + " has " + held + " entries";
                }
            }
            for (long reader : entries.keySet()) {
                if (reader != author && !plan.contains(reader)) {
                    outside++;
                }
            }
            return new Outcome(plan.size(), missing, twice, outside, example);
        }
    }
}
