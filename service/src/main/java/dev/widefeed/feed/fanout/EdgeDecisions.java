package dev.widefeed.feed.fanout;

import dev.widefeed.feed.timeline.DeliveryRule;
import dev.widefeed.feed.timeline.DeliveryRule.Delivery;
import dev.widefeed.feed.timeline.DeliverySwitch;
import dev.widefeed.feed.timeline.EdgeDelivery;
import dev.widefeed.feed.timeline.FanoutStore;
import dev.widefeed.feed.timeline.HomeRead;
import dev.widefeed.feed.timeline.TimelineStore;
import dev.widefeed.graph.Follower;
import dev.widefeed.kernel.IdGenerator;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * Push or pull per follow edge, for the pages of one fan-out turn of one post (docs/design.md, "Home
 * timeline and fan-out"). Each candidate follower (active, and allowed to see the post) is pushed the
 * post, or pulls its author, as the edge's last decision says; when the per-edge rule, weighing the
 * author's posts a day against the follower's reads a day, clearly prefers the other way, the edge
 * switches, and the switch is written so that no post falls between: to pull, the author goes into the
 * follower's pulled authors before the decision is saved; back to push, the decision (with a switch
 * id) is saved first, and then the follower's entry is lowered to the posts at and below that id.
 * A follower whose read rate was never shared keeps what they have.
 */
final class EdgeDecisions {
    private final long authorId;
    private final long authorFollowers;
    /** Read only when an edge's choice weighs it: a page of followers who never shared a read rate needs none. */
    private final DoubleSupplier authorPostsPerDay;

    private double postsPerDay = Double.NaN;
    private final boolean mayFlip;
    private final boolean perEdge;
    private final DeliveryRule rule;
    private final FanoutStore fanout;
    private final TimelineStore timelines;
    private final Instant now;

    /** The followers a page pushes to, and the writes of the edges it switched (to run after the pushes). */
    record Decided(List<Long> pushTo, int pulled, Runnable switches) {}

    /**
     * @param mayFlip whether edges may switch now: only while the author is pushed and settled (no walk
     *                of theirs under way, which writes the same entries); else each edge keeps its way
     * @param perEdge whether the rule is on; off, every pulled edge goes back to push
     */
    EdgeDecisions(
            long authorId,
            long authorFollowers,
            DoubleSupplier authorPostsPerDay,
            boolean mayFlip,
            boolean perEdge,
            DeliveryRule rule,
            FanoutStore fanout,
            TimelineStore timelines,
            Instant now) {
        this.authorId = authorId;
        this.authorFollowers = authorFollowers;
        this.authorPostsPerDay = authorPostsPerDay;
        this.mayFlip = mayFlip;
        this.perEdge = perEdge;
        this.rule = rule;
        this.fanout = fanout;
        this.timelines = timelines;
        this.now = now;
    }

    /** One read of the candidates' edge decisions, then the choice for each. */
    Decided decide(List<Follower> candidates) {
        if (candidates.isEmpty()) {
            return new Decided(List.of(), 0, () -> {});
        }
        Map<Long, EdgeDelivery> known = fanout.edgeDeliveries(
                authorId, candidates.stream().map(Follower::userId).toList());
        List<Long> pushTo = new ArrayList<>(candidates.size());
        List<Follower> toPull = new ArrayList<>();
        List<Follower> toPush = new ArrayList<>();
        int pulled = 0;
        for (Follower follower : candidates) {
            Delivery current =
                    EdgeDelivery.pulls(known.get(follower.userId()), follower.since()) ? Delivery.PULL : Delivery.PUSH;
            Delivery next = mayFlip ? choice(current, follower) : current;
            if (next == Delivery.PULL) {
                pulled++;
                if (current == Delivery.PUSH) {
                    toPull.add(follower);
                }
            } else {
                pushTo.add(follower.userId());
                if (current == Delivery.PULL) {
                    toPush.add(follower);
                }
            }
        }
        return new Decided(pushTo, pulled, () -> write(toPull, toPush));
    }

    private Delivery choice(Delivery current, Follower follower) {
        if (!perEdge) {
            return Delivery.PUSH;
        }
        if (follower.readsPerDay().isEmpty()) {
            return current;
        }
        return rule.keepOrSwitch(
                current, authorFollowers, postsPerDay(), follower.readsPerDay().getAsDouble());
    }

    /** Pages are decided one after another within a turn: read at most once a turn. */
    private double postsPerDay() {
        if (Double.isNaN(postsPerDay)) {
            postsPerDay = authorPostsPerDay.getAsDouble();
        }
        return postsPerDay;
    }

    private void write(List<Follower> toPull, List<Follower> toPush) {
        if (!toPull.isEmpty()) {
            timelines.pull(
                    authorId,
                    HomeRead.ALL_POSTS,
                    toPull.stream().map(Follower::userId).toList());
            fanout.saveEdgeDeliveries(
                    authorId,
                    toPull.stream()
                            .map(f -> new EdgeDelivery(f.userId(), f.since(), true, IdGenerator.lowestAt(now)))
                            .toList());
        }
        if (!toPush.isEmpty()) {
            // Every post above the switch id is created after this save, so its fan-out pushes it here.
            long switchId = DeliverySwitch.switchId(now);
            fanout.saveEdgeDeliveries(
                    authorId,
                    toPush.stream()
                            .map(f -> new EdgeDelivery(f.userId(), f.since(), false, switchId))
                            .toList());
            timelines.pull(
                    authorId, switchId, toPush.stream().map(Follower::userId).toList());
        }
    }
}
