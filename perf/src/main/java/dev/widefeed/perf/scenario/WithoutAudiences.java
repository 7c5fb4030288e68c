package dev.widefeed.perf.scenario;

import dev.widefeed.audience.AudienceStore;
import dev.widefeed.audience.Group;
import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.store.Storage;
import dev.widefeed.store.Stores;
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
final class WithoutAudiences {
    private static final AudienceStore NONE = new NoLists();

    private WithoutAudiences() {}

    /** {@code storage} with no lists; closing it leaves {@code storage} open. */
    static Storage over(Storage storage) {
        return storage.decorated(new Stores.Decorator() {
            @Override
            public <T> T wrap(Class<T> type, T store) {
                return type == AudienceStore.class ? type.cast(NONE) : store;
            }
        });
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
        public void deleteGroup(Group group) {
            throw new UnsupportedOperationException("the baseline holds no lists");
        }

        @Override
        public List<Long> groupIdsByOwner(long ownerId, Optional<Long> after, int limit) {
            return List.of();
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
