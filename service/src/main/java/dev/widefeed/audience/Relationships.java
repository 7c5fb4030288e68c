package dev.widefeed.audience;

import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Futures;
import dev.widefeed.kernel.Ownership;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Where I stand with up to 100 users at once, for a client drawing a list of people: whether I follow each, they
 * follow me, and I blocked or hid them. One concurrent round: the users, both edges of each and my marks on each.
 */
public final class Relationships {
    public static final int MAX_BATCH = 100;

    private final UserStore users;
    private final RelationStore relations;
    private final AudienceFacts facts;
    private final Executor reads;

    public Relationships(UserStore users, RelationStore relations, AudienceFacts facts, Executor reads) {
        this.users = users;
        this.relations = relations;
        this.facts = facts;
        this.reads = reads;
    }

    /** Where one other user stands with me. */
    public record Standing(long userId, boolean following, boolean followedBy, boolean blocked, boolean hidden) {}

    /** Mine (403 for someone else's) with each of {@code userIds} that exists, in the order asked, duplicates once. */
    public List<Standing> of(long actingUserId, long me, List<Long> userIds) {
        Ownership.require(actingUserId, me, "you can only read your own relationships");
        if (userIds.size() > MAX_BATCH) {
            throw DomainException.invalid("at most " + MAX_BATCH + " ids");
        }
        Set<Long> asked = new LinkedHashSet<>(userIds);
        List<FollowEdge.Key> edgeKeys = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        for (long other : asked) {
            edgeKeys.add(new FollowEdge.Key(me, other));
            edgeKeys.add(new FollowEdge.Key(other, me));
            links.add(new Link(me, other));
        }
        CompletableFuture<Map<Long, User>> found = CompletableFuture.supplyAsync(() -> users.findAll(asked), reads);
        CompletableFuture<Map<FollowEdge.Key, FollowEdge>> edges =
                CompletableFuture.supplyAsync(() -> relations.edges(edgeKeys), reads);
        Map<Link, Set<Mark>> marks = facts.marksOf(links);
        Map<Long, User> existing = Futures.join(found);
        Map<FollowEdge.Key, FollowEdge> edge = Futures.join(edges);
        List<Standing> standings = new ArrayList<>();
        for (long other : asked) {
            if (existing.containsKey(other)) {
                Set<Mark> mine = marks.getOrDefault(new Link(me, other), Set.of());
                standings.add(new Standing(
                        other,
                        edge.get(new FollowEdge.Key(me, other)).following(),
                        edge.get(new FollowEdge.Key(other, me)).following(),
                        mine.contains(Mark.BLOCKED),
                        mine.contains(Mark.HIDDEN)));
            }
        }
        return standings;
    }
}
