package dev.widefeed.graph;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * The user store as the profile cache must see it (docs/design.md, "The cache tier"): every call goes to the store,
 * and once a write that changes a profile returned (an edit, a handle given, the user's delete) the cache hears whose.
 * Wrapping the store rather than its callers means no writer (a request, an erasure, the handles migration) changes
 * a cached profile unheard. It declares every method of the store, a default one too, so a method added there is
 * decided here: heard, or passed on as a read.
 */
public final class WatchedUserStore implements UserStore {
    /** What a cache does once a write of the store returned. */
    public interface Writes {
        /** The user's profile changed, or is gone. */
        void profileChanged(long userId);
    }

    private final UserStore store;
    private final Writes writes;

    public WatchedUserStore(UserStore store, Writes writes) {
        this.store = store;
        this.writes = writes;
    }

    @Override
    public void create(User user) {
        store.create(user);
    }

    @Override
    public Optional<User> find(long userId) {
        return store.find(userId);
    }

    @Override
    public Map<Long, User> findAll(Collection<Long> userIds) {
        return store.findAll(userIds);
    }

    @Override
    public long claimHandle(Handle handle, long userId) {
        return store.claimHandle(handle, userId);
    }

    @Override
    public Optional<Long> handleOwner(Handle handle) {
        return store.handleOwner(handle);
    }

    @Override
    public boolean reclaimHandle(Handle handle, long from, long to) {
        return store.reclaimHandle(handle, from, to);
    }

    @Override
    public void updateProfile(long userId, String name, String bio) {
        store.updateProfile(userId, name, bio);
        writes.profileChanged(userId);
    }

    @Override
    public void delete(User user) {
        store.delete(user);
        writes.profileChanged(user.id());
    }

    @Override
    public void setHandle(long userId, Handle handle) {
        store.setHandle(userId, handle);
        writes.profileChanged(userId);
    }

    @Override
    public UserCounts counts(long userId) {
        return store.counts(userId);
    }

    @Override
    public Map<Long, UserCounts> countsOf(Collection<Long> userIds) {
        return store.countsOf(userIds);
    }

    @Override
    public void addCounts(long userId, UserCounts delta) {
        store.addCounts(userId, delta);
    }

    @Override
    public void scanIds(LongConsumer consumer) {
        store.scanIds(consumer);
    }
}
