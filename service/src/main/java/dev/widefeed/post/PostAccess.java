package dev.widefeed.post;

import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.audience.Visibility;
import dev.widefeed.kernel.DomainException;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which posts a viewer may see: every path that returns a post, or a trace of one (its likes,
 * its comments), asks here. Checks of many posts cost one round of cached reads for all their
 * (author, viewer) and (group, viewer) pairs together, never one per post. A post the viewer may
 * not see is reported exactly like one that does not exist.
 */
public final class PostAccess {
    private final PostRows rows;
    private final AudienceFacts facts;

    /**
     * @param rows where a post is read: the cache tier's rows, whose deletes reach every instance within its bound
     *             (docs/design.md, "The cache tier"); what a request then does to a post deleted meanwhile, its purge
     *             undoes, as for a request that read the post just before its delete
     */
    public PostAccess(PostRows rows, AudienceFacts facts) {
        this.rows = rows;
        this.facts = facts;
    }

    /** The post, if it exists and the viewer may see it; else 404, the same for both. */
    public Post require(long viewer, long postId) {
        return rows.find(postId)
                .filter(p -> visible(viewer, List.of(p)).contains(p.id()))
                .orElseThrow(() -> DomainException.notFound("no post " + postId));
    }

    /** The ids, among {@code candidates}, of the posts the viewer may see. */
    public Set<Long> visible(long viewer, Collection<Post> candidates) {
        Map<Post, Visibility.Decision> decisions = decide(viewer, candidates);
        Set<Long> visible = new HashSet<>();
        decisions.forEach((post, decision) -> {
            if (decision.visible()) {
                visible.add(post.id());
            }
        });
        return visible;
    }

    /** Each post's decision for the viewer, from one round of cached reads. */
    public Map<Post, Visibility.Decision> decide(long viewer, Collection<Post> candidates) {
        Set<Link> markLinks = new HashSet<>();
        Set<Link> groupLinks = new HashSet<>();
        for (Post post : candidates) {
            if (post.authorId() != viewer) {
                markLinks.add(new Link(post.authorId(), viewer));
            }
            if (Visibility.needsGroups(post.authorId(), post.audience(), viewer)) {
                post.audience().groups().forEach(g -> groupLinks.add(new Link(g, viewer)));
            }
        }
        Map<Link, Set<Mark>> marks = markLinks.isEmpty() ? Map.of() : facts.marksOf(markLinks);
        Set<Link> memberOf = groupLinks.isEmpty() ? Set.of() : facts.memberships(groupLinks);
        Map<Post, Visibility.Decision> decisions = new LinkedHashMap<>();
        for (Post post : candidates) {
            Set<Mark> on = marks.getOrDefault(new Link(post.authorId(), viewer), Set.of());
            Set<Long> groups = new HashSet<>();
            for (long g : post.audience().groups()) {
                if (memberOf.contains(new Link(g, viewer))) {
                    groups.add(g);
                }
            }
            decisions.put(post, Visibility.decide(post.authorId(), post.audience(), viewer, on, groups));
        }
        return decisions;
    }
}
