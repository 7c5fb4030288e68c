package dev.widefeed.graph;

import java.time.Instant;
import java.util.Optional;

/**
 * A user's profile. {@code handle} is empty only until the user is given one (docs/design.md, "Handles"); {@code bio}
 * is empty until they write one.
 */
public record User(long id, Optional<Handle> handle, String name, String bio, Instant createdAt) {
    public static final int MAX_NAME_LENGTH = 30;
    public static final int MAX_BIO_LENGTH = 160;

    public User {
        bio = bio == null ? "" : bio;
    }

    /** A user without a bio: every user at sign-up. */
    public User(long id, Optional<Handle> handle, String name, Instant createdAt) {
        this(id, handle, name, "", createdAt);
    }

    /** A user without a handle yet: created before handles, or by a bulk loader that leaves them to the migration. */
    public User(long id, String name, Instant createdAt) {
        this(id, Optional.empty(), name, createdAt);
    }

    /** This user with another name and bio. */
    public User withProfile(String newName, String newBio) {
        return new User(id, handle, newName, newBio, createdAt);
    }
}
