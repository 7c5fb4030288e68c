package dev.widefeed.graph;

import dev.widefeed.cache.BatchedCache;
import dev.widefeed.cache.CacheInvalidations;
import dev.widefeed.cache.CacheSettings;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Users' profiles (and their counts) as pages show their authors (docs/design.md, "The cache tier"): a profile changes by its owner's
 * edit, the handle it is given, or its account's erasure, each announced to every instance once made. Only pages read
 * through here; whatever decides by a user's existence reads the store.
 */
public final class ProfileCache {
    public static final String KIND = "profile";
    private static final int PROFILE_WEIGHT = 1;

    private final BatchedCache<User> profiles;
    private final BatchedCache<UserCounts> counts;
    private final CacheInvalidations invalidations;

    public ProfileCache(UserStore store, CacheSettings settings, CacheInvalidations invalidations) {
        this.profiles = new BatchedCache<>(
                "profiles", settings.profiles(), user -> PROFILE_WEIGHT, settings.profileMaxAge(), store::findAll);
        this.counts = new BatchedCache<>(
                "profile-counts", settings.counts(), c -> 1, settings.countsMaxAge(), store::countsOf);
        this.invalidations = invalidations;
        invalidations.register(KIND, profiles);
    }

    /** {@code store}, announcing every change of a profile once it is made. */
    public UserStore watching(UserStore store) {
        return new WatchedUserStore(store, userId -> invalidations.announce(KIND, userId));
    }

    public Map<Long, User> findAll(Collection<Long> ids) {
        return profiles.getAll(ids);
    }

    /**
     * Users' counts as pages beside their profiles show them (a Mastodon account carries its followers, following and
     * posts): at most {@link dev.widefeed.cache.CacheSettings#countsMaxAge} from their load, as every instance sees
     * others' post counts. A user's own page of themselves reads the store ({@link UserService#counts}).
     */
    public Map<Long, UserCounts> countsOf(Collection<Long> ids) {
        return counts.getAll(ids);
    }

    public List<BatchedCache<?>> caches() {
        return List.of(profiles, counts);
    }
}
