package dev.widefeed.perf.scenario;

import dev.widefeed.audience.Group;
import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.audience.AudienceStore;
import dev.widefeed.comment.CommentStore;
import dev.widefeed.feed.FanoutStore;
import dev.widefeed.like.LikeStore;
import dev.widefeed.post.PostStore;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.store.Storage;
import dev.widefeed.feed.TimelineStore;
import dev.widefeed.graph.UserStore;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The baseline of the visibility scenario: the real storage, except that its audience tables are
 * replaced by an empty set of lists that costs nothing to read. The service's code runs unchanged
 * over it (the rule is still evaluated, in memory), so the difference to the real storage is what
 * visibility checks cost in store reads. Never a product storage: it refuses every write.
 */
final class WithoutAudiences implements Storage {
    private final Storage delegate;
    private final AudienceStore none = new NoLists();

    WithoutAudiences(Storage delegate) {
        this.delegate = delegate;
    }

    @Override
    public String backend() {
        return delegate.backend();
    }

    @Override
    public UserStore users() {
        return delegate.users();
    }

    @Override
    public RelationStore relations() {
        return delegate.relations();
    }

    @Override
    public PostStore posts() {
        return delegate.posts();
    }

    @Override
    public LikeStore likes() {
        return delegate.likes();
    }

    @Override
    public CommentStore comments() {
        return delegate.comments();
    }

    @Override
    public TimelineStore timelines() {
        return delegate.timelines();
    }

    @Override
    public FanoutStore fanout() {
        return delegate.fanout();
    }

    @Override
    public AudienceStore audiences() {
        return none;
    }

    @Override
    public void ping() {
        delegate.ping();
    }

    @Override
    public void close() {
        // the delegate belongs to the caller
    }

    /** Nobody has marked anybody; there are no groups. */
    private static final class NoLists implements AudienceStore {
        @Override
        public Map<Link, Set<Mark>> marksOf(Collection<Link> links) {
            return links.stream().distinct().collect(Collectors.toMap(Function.identity(), l -> Set.of()));
        }

        @Override
        public List<Long> marked(long ownerId, Mark mark, Optional<Long> after, int limit) {
            return List.of();
        }

        @Override
        public int countMarked(long ownerId, Mark mark) {
            return 0;
        }

        @Override
        public List<String> tagNames(long ownerId) {
            return List.of();
        }

        @Override
        public Optional<Group> group(long groupId) {
            return Optional.empty();
        }

        @Override
        public Set<Link> memberships(Collection<Link> links) {
            return Set.of();
        }

        @Override
        public List<Long> members(long groupId, Optional<Long> after, int limit) {
            return List.of();
        }

        @Override
        public int countMembers(long groupId) {
            return 0;
        }

        @Override
        public void mark(long ownerId, Mark mark, long memberId, Instant at) {
            throw new UnsupportedOperationException("the baseline holds no lists");
        }

        @Override
        public void unmark(long ownerId, Mark mark, long memberId) {
            throw new UnsupportedOperationException("the baseline holds no lists");
        }

        @Override
        public void createGroup(Group group) {
            throw new UnsupportedOperationException("the baseline holds no lists");
        }

        @Override
        public void addMember(long groupId, long memberId, Instant at) {
            throw new UnsupportedOperationException("the baseline holds no lists");
        }

        @Override
        public void removeMember(long groupId, long memberId) {
            throw new UnsupportedOperationException("the baseline holds no lists");
        }
    }
}
