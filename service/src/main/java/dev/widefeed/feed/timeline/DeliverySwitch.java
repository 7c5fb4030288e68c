package dev.widefeed.feed.timeline;

import dev.widefeed.eventlog.DueWork;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.eventlog.LogHandler;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.kernel.IdGenerator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Switches an author between push and pull, a page of followers at a time, for the event log
 * (docs/design.md, "Home timeline and fan-out"). Up: every follower gets the author in their pulled
 * authors first, and only then does fan-out stop pushing, so no post falls between the two. Down:
 * fan-out pushes again first, and then every follower's entry is lowered to the posts that were not
 * pushed. The walk's cursor is saved after every page; a page done twice writes the same entries.
 * <p>
 * Fan-out asks for a switch ({@link #KIND}, about the author, by the post whose plan found it due) when
 * it plans a post of an author whose follower count is past the threshold for their mode; the entry is
 * worked in the author's shard, one turn at a time, and each turn reads the author's delivery again, so
 * entries asking twice do it once. (By the post: an entry is named by its kind, subject and actor within
 * its minute, and a switch back within the minute of the last one is a new entry.)
 * <p>
 * An unfollow could meet a page of followers (of a walk, or of a fan-out deciding an edge) read before
 * it and written after it, leaving the author in the pulled authors of someone who no longer follows
 * them. So every unfollow also logs {@link #UNFOLLOWED_KIND}, about the author, worked a few minutes
 * later, when any such page is long written: it takes the author out again unless they are followed
 * again by then.
 */
public final class DeliverySwitch implements LogHandler {
    /** The kind of the log entries that ask for a switch (as stored: never rename it). */
    public static final String KIND = "delivery-switch";
    /** The kind of the log entries of an unfollow during a walk (as stored: never rename it). */
    public static final String UNFOLLOWED_KIND = "delivery-unfollow";
    /**
     * How far the clocks of the instances that create posts may be behind this one's: a post id above
     * the switch id was created after the switch was saved, so its fan-out saw the new mode.
     */
    static final Duration CLOCK_SKEW = Duration.ofMinutes(1);
    /**
     * How long after its minute an unfollow's cleanup waits: far longer than a page of followers takes
     * from its read to its last write (a worker that stalls longer loses its shard's lease and stops).
     */
    static final Duration UNFOLLOW_SETTLE = Duration.ofMinutes(2);

    private final FollowerCounts followerCounts;
    private final RelationStore relations;
    private final TimelineStore timelines;
    private final FanoutStore fanout;
    private final PullRules rules;
    private final int pageSize;
    private final Clock clock;

    public DeliverySwitch(
            FollowerCounts followerCounts,
            RelationStore relations,
            TimelineStore timelines,
            FanoutStore fanout,
            PullRules rules,
            int pageSize,
            Clock clock) {
        this.followerCounts = followerCounts;
        this.relations = relations;
        this.timelines = timelines;
        this.fanout = fanout;
        this.rules = rules;
        this.pageSize = pageSize;
        this.clock = clock;
    }

    /** The handlers of this class's entry kinds, for the job's handler map. */
    public Map<String, LogHandler> byKind() {
        return Map.of(KIND, this, UNFOLLOWED_KIND, this::unfollowed);
    }

    /** Whether the author's followers list is being walked. */
    static boolean walking(AuthorDelivery delivery) {
        return delivery.mode() == AuthorDelivery.Mode.PULLING || delivery.mode() == AuthorDelivery.Mode.PUSHING;
    }

    /** The entry's follower (actor) unfollowed its author (subject). */
    private Work unfollowed(LogEntry entry) {
        Instant due = EventLog.startOf(entry.slot()).plus(Duration.ofMinutes(1)).plus(UNFOLLOW_SETTLE);
        return new Unfollowed(entry.actorId(), entry.subjectId(), due, false);
    }

    /** Not due, and so no lag, before the pages that may have read the edge are written. */
    private final class Unfollowed extends DueWork {
        private final long followerId;
        private final long authorId;

        Unfollowed(long followerId, long authorId, Instant due, boolean done) {
            super(due, done);
            this.followerId = followerId;
            this.authorId = authorId;
        }

        /** Reads the edge then: a follow back since keeps the author pulled. */
        @Override
        public Turn turn(int pages, BooleanSupplier keepGoing) {
            if (waitsAt(clock.instant())) {
                return new Turn.NotReady();
            }
            if (!relations.edge(followerId, authorId).on()) {
                timelines.unpull(followerId, List.of(authorId));
            }
            return new Turn.Worked(new Unfollowed(followerId, authorId, dueSince(), true));
        }
    }

    /** The author's delivery now (pushed if never switched). */
    public AuthorDelivery deliveryOf(long authorId) {
        return fanout.delivery(authorId).orElseGet(() -> AuthorDelivery.pushed(authorId));
    }

    @Override
    public Work open(LogEntry entry) {
        // Due since the minute it was asked for in: a long walk shows as lag however often it is reopened.
        return new Switch(entry.subjectId(), EventLog.startOf(entry.slot()), due(deliveryOf(entry.subjectId())));
    }

    /** Whether there is work: a walk under way, or a settled mode the follower count no longer fits. */
    private boolean due(AuthorDelivery delivery) {
        return switch (delivery.mode()) {
            case PULLING, PUSHING -> true;
            case PUSHED -> rules.pulls(followerCounts.followers(delivery.authorId()), delivery.mode());
            case PULLED -> !rules.pulls(followerCounts.followers(delivery.authorId()), delivery.mode());
        };
    }

    private final class Switch implements Work {
        private final long authorId;
        private final Instant openedAt;
        private final boolean due;

        Switch(long authorId, Instant openedAt, boolean due) {
            this.authorId = authorId;
            this.openedAt = openedAt;
            this.due = due;
        }

        @Override
        public boolean done() {
            return !due;
        }

        @Override
        public Instant dueSince() {
            return openedAt;
        }

        /** Behind the fan-out of the posts it was asked for by: a switch changes how later posts go. */
        @Override
        public Instant deadline() {
            return openedAt.plus(Duration.ofMinutes(5));
        }

        @Override
        public Turn turn(int pages, BooleanSupplier keepGoing) {
            AuthorDelivery delivery = start(deliveryOf(authorId));
            for (int page = 0; page < pages && walking(delivery) && keepGoing.getAsBoolean(); page++) {
                delivery = walk(delivery);
            }
            return new Turn.Worked(new Switch(authorId, openedAt, walking(delivery)));
        }
    }

    /** Saves the start of a walk if a settled mode no longer fits; a walk under way goes on as saved. */
    private AuthorDelivery start(AuthorDelivery delivery) {
        if (walking(delivery) || !due(delivery)) {
            return delivery;
        }
        Instant now = clock.instant();
        // Down, fan-out pushes again from this save on: every post above the switch id is created after
        // it, so it is pushed; followers go on pulling the posts at and below it.
        AuthorDelivery started = delivery.mode() == AuthorDelivery.Mode.PUSHED
                ? new AuthorDelivery(
                        delivery.authorId(), AuthorDelivery.Mode.PULLING, delivery.switchId(), Optional.empty(), now)
                : new AuthorDelivery(
                        delivery.authorId(), AuthorDelivery.Mode.PUSHING, switchId(now), Optional.empty(), now);
        fanout.saveDelivery(started);
        return started;
    }

    /** One page of the walk: the followers' entries, then the cursor; the last page settles the mode. */
    private AuthorDelivery walk(AuthorDelivery delivery) {
        boolean up = delivery.mode() == AuthorDelivery.Mode.PULLING;
        List<Follow> page = relations.followers(delivery.authorId(), delivery.cursor(), pageSize);
        List<Follow> lowered = up ? page : pushedEdges(delivery.authorId(), page);
        timelines.pull(
                delivery.authorId(),
                up ? HomeRead.ALL_POSTS : delivery.switchId(),
                lowered.stream().map(Follow::userId).toList());
        Instant now = clock.instant();
        AuthorDelivery next;
        if (page.size() == pageSize) {
            next = new AuthorDelivery(
                    delivery.authorId(),
                    delivery.mode(),
                    delivery.switchId(),
                    Optional.of(FollowCursor.after(page.get(page.size() - 1))),
                    now);
        } else if (up) {
            // Every follower pulls the author now (a follow since the walk began pulls by itself: it saw
            // PULLING), so fan-out may stop pushing; no post above the switch id will have been pushed.
            next = new AuthorDelivery(
                    delivery.authorId(), AuthorDelivery.Mode.PULLED, switchId(now), Optional.empty(), now);
        } else {
            next = new AuthorDelivery(
                    delivery.authorId(), AuthorDelivery.Mode.PUSHED, delivery.switchId(), Optional.empty(), now);
        }
        fanout.saveDelivery(next);
        return next;
    }

    /**
     * The followers of a page whose edge fan-out had not decided to pull: an edge it did keeps its
     * follower pulling every post, because fan-out goes on skipping it once the author is pushed again.
     */
    private List<Follow> pushedEdges(long authorId, List<Follow> page) {
        Map<Long, EdgeDelivery> decided = fanout.edgeDeliveries(
                authorId, page.stream().map(Follow::userId).toList());
        return page.stream()
                .filter(f -> !EdgeDelivery.pulls(decided.get(f.userId()), f.since()))
                .toList();
    }

    /**
     * The lowest post id a post created after {@code now} can have, on any instance within the skew: the id a switch
     * back to push, of an author or of one edge, takes effect at.
     */
    public static long switchId(Instant now) {
        return IdGenerator.lowestAt(now.plus(CLOCK_SKEW));
    }
}
