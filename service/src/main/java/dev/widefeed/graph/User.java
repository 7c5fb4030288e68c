package dev.widefeed.graph;

import java.time.Instant;
import java.util.Optional;

/** A user's profile. {@code handle} is empty only until the user is given one (docs/design.md, "Handles"). */
public record User(long id, Optional<Handle> handle, String name, Instant createdAt) {

    /** A user without a handle yet: created before handles, or by a bulk loader that leaves them to the migration. */
    public User(long id, String name, Instant createdAt) {
        this(id, Optional.empty(), name, createdAt);
    }
}
