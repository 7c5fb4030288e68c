package dev.widefeed.graph;

import dev.widefeed.cache.AfterCalls;
import dev.widefeed.cache.BatchedCache;
import dev.widefeed.cache.CacheInvalidations;
import dev.widefeed.cache.CacheSettings;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Users' profiles as pages show their authors (docs/design.md, "The cache tier"): a profile changes by its owner's
 * edit, the handle it is given, or its account's erasure, each announced to every instance once made. Only pages read
 * through here; whatever decides by a user's existence reads the store.
 */
public final class ProfileCache {
    public static final String KIND = "profile";
    private static final int PROFILE_WEIGHT = 1;

    private final BatchedCache<User> profiles;
    private final CacheInvalidations invalidations;

    public ProfileCache(UserStore store, CacheSettings settings, CacheInvalidations invalidations) {
        this.profiles = new BatchedCache<>(
                "profiles", settings.profiles(), user -> PROFILE_WEIGHT, settings.profileMaxAge(), store::findAll);
        this.invalidations = invalidations;
        invalidations.register(KIND, profiles);
    }

    /** {@code store}, announcing every change of a profile once it is made. */
    public UserStore watching(UserStore store) {
        return AfterCalls.wrap(UserStore.class, store, (method, args, result) -> {
            switch (method) {
                case "updateProfile", "setHandle" -> invalidations.announce(KIND, (Long) args[0]);
                case "delete" -> invalidations.announce(KIND, ((User) args[0]).id());
                default -> {}
            }
        });
    }

    public Map<Long, User> findAll(Collection<Long> ids) {
        return profiles.getAll(ids);
    }

    public List<BatchedCache<?>> caches() {
        return List.of(profiles);
    }
}
